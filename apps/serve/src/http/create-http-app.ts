import { formatIssuePath, formatZodError, safeParseJSON } from '@rlver/spec';
import Fastify, { type FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { buildOpenApiDocument } from '../api/openapi-document';
import { openEnvMetadata, openEnvSchemas } from '../api/openenv-schemas';
import { createEpisodeBodySchema, stepBodySchema } from '../api/rest-schemas';
import type { EpisodeService } from '../episodes/episode-service';
import { ServeError } from '../errors/serve-error';
import type { EpisodeStore } from '../store/episode-store';
import { attachOpenEnvSocket } from './openenv-routes';

/** Options of {@link createHttpApp}. */
export interface HttpAppOptions {
  service: EpisodeService;
  store: EpisodeStore;
  maxEpisodes: number;
  /** Reported in /openapi.json and /metadata. */
  version: string;
}

/** Validate a body with its zod schema; a failure is a 400 naming the first bad field. */
function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  const field = first && first.path.length > 0 ? formatIssuePath(first.path) : undefined;
  throw new ServeError({ code: 'invalid_request', message: formatZodError(parsed.error), ...(field ? { field } : {}) });
}

/** The Fastify app: the REST core, /openapi.json, and OpenEnv's /ws, /schema and /metadata. */
export async function createHttpApp(options: HttpAppOptions): Promise<FastifyInstance> {
  const { service, store } = options;
  const startedAt = Date.now();
  const app = Fastify({ logger: false, bodyLimit: 4 * 1024 * 1024 });
  // Plain JSON bodies; an empty body is no body (fork and create need none).
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    if (typeof text !== 'string' || text.trim() === '') return done(null, undefined);
    const parsed = safeParseJSON(text);
    if (parsed.success) return done(null, parsed.value);
    return done(new ServeError({ code: 'invalid_request', message: `the body is not JSON: ${parsed.error.message}` }));
  });

  app.setErrorHandler((error, _request, reply) => {
    if (ServeError.isInstance(error)) {
      const serveError = error as ServeError;
      return reply.status(serveError.statusCode).send(serveError.toBody());
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      const body = new ServeError({ code: 'invalid_request', message: `request body: ${(error as Error).message}` });
      return reply.status(400).send(body.toBody());
    }
    const internal = new ServeError({ code: 'internal_error', message: (error as Error).message ?? String(error) });
    return reply.status(500).send(internal.toBody());
  });
  app.setNotFoundHandler((request, reply) => {
    const body = new ServeError({
      code: 'not_found',
      message: `no route ${request.method} ${request.url}; see GET /openapi.json for the API`,
    });
    return reply.status(404).send(body.toBody());
  });

  const openApi = buildOpenApiDocument(options.version);
  app.get('/health', async () => ({ status: 'ok' as const }));
  app.get('/openapi.json', async () => openApi);
  app.get<{ Querystring: { gc?: string } }>('/v1/stats', async (request) => {
    // `?gc=1` collects garbage first when node runs with --expose-gc (memory measurements).
    const collect = (globalThis as { gc?: () => void }).gc;
    if (request.query.gc === '1' && collect) collect();
    const memory = process.memoryUsage();
    const log = store.logStats();
    return {
      open_episodes: store.episodeCount(),
      max_episodes: options.maxEpisodes,
      groups: store.groupCount(),
      simulator: service.simulatorId,
      durable: store.durable,
      uptime_s: (Date.now() - startedAt) / 1000,
      memory: { rss_bytes: memory.rss, heap_used_bytes: memory.heapUsed },
      log: log ? { file_bytes: log.fileBytes, live_bytes: log.liveBytes, compactions: log.compactions } : null,
    };
  });

  app.post('/v1/episodes', async (request) => service.create(parseBody(createEpisodeBodySchema, request.body)));
  app.post<{ Params: { id: string } }>('/v1/episodes/:id/step', async (request) =>
    service.step(request.params.id, parseBody(stepBodySchema, request.body)),
  );
  app.post<{ Params: { id: string } }>('/v1/episodes/:id/fork', async (request) => service.fork(request.params.id));
  app.get<{ Params: { id: string } }>('/v1/episodes/:id', async (request) => service.get(request.params.id));
  app.delete<{ Params: { id: string } }>('/v1/episodes/:id', async (request) => {
    await service.remove(request.params.id);
    return { episode_id: request.params.id, deleted: true as const };
  });

  app.get('/metadata', async () => openEnvMetadata(options.version, service.simulatorId));
  app.get('/schema', async () => openEnvSchemas());
  attachOpenEnvSocket(app, service);
  return app;
}
