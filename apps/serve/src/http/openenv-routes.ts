import { formatZodError, safeParseJSON } from '@rlver/spec';
import type { FastifyInstance } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import { openEnvActionSchema, openEnvMessageSchema, openEnvResetSchema } from '../api/openenv-schemas';
import type { EpisodeService } from '../episodes/episode-service';
import { ServeError } from '../errors/serve-error';

type OpenEnvErrorCode = 'INVALID_JSON' | 'UNKNOWN_TYPE' | 'VALIDATION_ERROR' | 'EXECUTION_ERROR' | 'CAPACITY_REACHED';

const errorMessage = (code: OpenEnvErrorCode, message: string) => ({ type: 'error', data: { message, code } });

function codeOf(error: unknown): OpenEnvErrorCode {
  if (!ServeError.isInstance(error)) return 'EXECUTION_ERROR';
  const serveError = error as ServeError;
  if (serveError.code === 'capacity_reached') return 'CAPACITY_REACHED';
  return serveError.code === 'invalid_request' ? 'VALIDATION_ERROR' : 'EXECUTION_ERROR';
}

/**
 * OpenEnv's session WebSocket: one connection is one environment session holding at most one episode.
 * reset → create (replacing the session's episode), step → step, state → get, close → delete; a dropped connection
 * deletes its episode too, as OpenEnv destroys a session's environment.
 */
function serveSession(socket: WebSocket, service: EpisodeService): void {
  let episodeId: string | null = null;
  let queue: Promise<void> = Promise.resolve();

  const release = async () => {
    const id = episodeId;
    episodeId = null;
    if (id) await service.remove(id).catch(() => undefined);
  };

  const handle = async (raw: string): Promise<unknown | 'close'> => {
    const parsed = safeParseJSON(raw);
    if (!parsed.success) return errorMessage('INVALID_JSON', `Invalid JSON: ${parsed.error.message}`);
    const message = openEnvMessageSchema.safeParse(parsed.value);
    if (!message.success) {
      const type = (parsed.value as { type?: unknown } | null)?.type;
      if (typeof type !== 'string' || !['reset', 'step', 'state', 'close'].includes(type)) {
        return errorMessage('UNKNOWN_TYPE', `Unknown message type: ${String(type)}; use reset, step, state or close`);
      }
      return errorMessage('VALIDATION_ERROR', formatZodError(message.error));
    }
    const { type } = message.data;
    if (type === 'close') return 'close';
    if (type === 'reset') {
      const data = openEnvResetSchema.safeParse(message.data.data ?? {});
      if (!data.success) return errorMessage('VALIDATION_ERROR', formatZodError(data.error));
      const { episode_id: _ignored, ...fields } = data.data;
      const known = ['seed', 'profile', 'scenario_id', 'lang', 'preset', 'max_turns', 'group_id', 'opening'] as const;
      const body = Object.fromEntries(
        known.filter((name) => fields[name] !== undefined).map((name) => [name, fields[name]]),
      );
      await release();
      const start = await service.create(body);
      episodeId = start.episode_id;
      const observation = {
        role: 'user',
        content: start.observation?.content ?? null,
        emotion: start.emotion,
        turn: 0,
        end_reason: null,
        inner_thoughts: '',
      };
      return {
        type: 'observation',
        data: {
          observation,
          reward: null,
          done: start.done,
          metadata: { episode_id: start.episode_id, seed: start.seed },
        },
      };
    }
    if (episodeId === null) {
      if (type === 'state') {
        const empty = { episode_id: null, step_count: 0, done: false, emotion: null, emotion_trajectory: [] };
        return { type: 'state', data: { ...empty, scenario_id: null, transcript: [] } };
      }
      return errorMessage('EXECUTION_ERROR', 'no episode in this session; send {"type": "reset"} first');
    }
    if (type === 'state') {
      const view = service.get(episodeId);
      const { episode_id, done, emotion, emotion_trajectory, scenario_id, transcript, turn } = view;
      return {
        type: 'state',
        data: { episode_id, step_count: turn, done, emotion, emotion_trajectory, scenario_id, transcript },
      };
    }
    const action = openEnvActionSchema.safeParse(message.data.data);
    if (!action.success) return errorMessage('VALIDATION_ERROR', formatZodError(action.error));
    const { content, request_id } = action.data;
    const result = await service.step(episodeId, { content, ...(request_id ? { request_id } : {}) });
    const observation = { role: 'user', content: result.observation?.content ?? null, ...result.info };
    return {
      type: 'observation',
      data: { observation, reward: result.reward, done: result.done, metadata: { episode_id: episodeId } },
    };
  };

  socket.on('message', (data) => {
    queue = queue.then(async () => {
      let reply: unknown;
      try {
        reply = await handle(data.toString());
      } catch (error) {
        reply = errorMessage(codeOf(error), error instanceof Error ? error.message : String(error));
      }
      if (reply === 'close') {
        await release();
        socket.close();
        return;
      }
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(reply));
    });
  });
  socket.on('close', () => {
    queue = queue.then(release);
  });
}

/** Serve OpenEnv's `/ws` on the app's HTTP server (WebSocket upgrades of that path; others are refused). */
export function attachOpenEnvSocket(app: FastifyInstance, service: EpisodeService): void {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 * 1024 });
  app.server.on('upgrade', (request, socket, head) => {
    if ((request.url ?? '').split('?')[0] !== '/ws') {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (connection) => serveSession(connection, service));
  });
  app.addHook('onClose', async () => {
    for (const client of sockets.clients) client.terminate();
    await new Promise<void>((resolve) => sockets.close(() => resolve()));
  });
}
