import { createOfflineSimulator } from '@rlver/simulator';
import type { UserSimulatorV1 } from '@rlver/spec';
import { createServeApp, type ServeApp, type ServeAppOptions } from '../serve-app';
import type { EnvKey } from '../store/episode-record';

/** The offline simulated user for a settings key (what `--simulator offline` builds). */
export function offlineSimulatorFor(key: EnvKey): UserSimulatorV1 {
  return createOfflineSimulator({ preset: key.preset, emotion: key.maxTurns ? { maxPolicyTurns: key.maxTurns } : {} });
}

/** A real server on 127.0.0.1 (port 0) with the offline user; `call` speaks JSON to it. */
export async function startTestServer(overrides: Partial<ServeAppOptions> = {}) {
  const server: ServeApp = await createServeApp({
    simulatorFor: offlineSimulatorFor,
    defaults: { preset: 'rlver-train', lang: 'zh' },
    maxEpisodes: 1000,
    idleTimeoutMs: 0,
    ...overrides,
  });
  const url = await server.listen('127.0.0.1', 0);
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: test bodies are checked field by field
    return { status: response.status, body: (await response.json()) as any };
  };
  return { server, url, call, close: () => server.close() };
}
