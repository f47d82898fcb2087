import { randomInt, randomUUID } from 'node:crypto';
import type { Language, UserSimulatorV1 } from '@rlver/spec';
import type { FastifyInstance } from 'fastify';
import { createEpisodeService, type EpisodeService } from './episodes/episode-service';
import { createScenarioSource, type ScenarioSource } from './episodes/scenario-source';
import { createHttpApp } from './http/create-http-app';
import type { EnvKey } from './store/episode-record';
import { createEpisodeStore, type EpisodeStore } from './store/episode-store';

/** Options of {@link createServeApp}. */
export interface ServeAppOptions {
  /** The simulated user for a preset and turn cap (`buildSimulator` of `--simulator`). */
  simulatorFor(key: EnvKey): UserSimulatorV1;
  /** Default: the shipped scenario sets. */
  scenarios?: ScenarioSource;
  /** Durable log folder (`--state-dir`); without it a restart loses the open episodes. */
  stateDir?: string;
  /** fsync each commit of the log (default true). */
  fsync?: boolean;
  compactMinBytes?: number;
  defaults: { preset: EnvKey['preset']; lang: Language };
  /** `--max-episodes`. */
  maxEpisodes: number;
  /** `--idle-timeout` in milliseconds; 0 keeps idle episodes forever. */
  idleTimeoutMs: number;
  /** `--replica-id`: episode ids become `ep_<replica>_<uuid>`, so a load balancer can route them by prefix. */
  replicaId?: string;
  version?: string;
}

/** A running environment server. */
export interface ServeApp {
  app: FastifyInstance;
  service: EpisodeService;
  store: EpisodeStore;
  /** Listen and return the base URL, e.g. `http://127.0.0.1:41234`. */
  listen(host: string, port: number): Promise<string>;
  close(): Promise<void>;
}

/** Wire the store (replaying its log), the episode service, the HTTP app and the idle-episode sweeper. */
export async function createServeApp(options: ServeAppOptions): Promise<ServeApp> {
  const store = await createEpisodeStore({
    stateDir: options.stateDir,
    fsync: options.fsync,
    compactMinBytes: options.compactMinBytes,
  });
  const service = createEpisodeService({
    simulatorFor: options.simulatorFor,
    scenarios: options.scenarios ?? createScenarioSource(),
    store,
    defaults: options.defaults,
    maxEpisodes: options.maxEpisodes,
    newId: options.replicaId ? () => `ep_${options.replicaId}_${randomUUID()}` : () => `ep_${randomUUID()}`,
    drawSeed: () => randomInt(2 ** 31),
  });
  const app = await createHttpApp({
    service,
    store,
    maxEpisodes: options.maxEpisodes,
    version: options.version ?? '0.1.0',
  });
  let sweeper: NodeJS.Timeout | undefined;
  if (options.idleTimeoutMs > 0) {
    const every = Math.min(Math.max(options.idleTimeoutMs / 4, 50), 30_000);
    sweeper = setInterval(() => void service.expire(options.idleTimeoutMs).catch(() => undefined), every);
    sweeper.unref();
  }
  return {
    app,
    service,
    store,
    async listen(host, port) {
      await app.listen({ host, port });
      const address = app.server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      return `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`;
    },
    async close() {
      if (sweeper) clearInterval(sweeper);
      await app.close();
      await store.close();
    },
  };
}
