import { join } from 'node:path';
import {
  type CacheMode,
  type ChatClient,
  createFileCache,
  createOpenAIChatClient,
  type LlmCache,
  parseOpenAIModelFlag,
} from '@rlver/llm';
import { InvalidConfigError } from '@rlver/spec';
import { probeOpenAIEndpoint } from './probe-endpoint';

export interface EndpointSettings {
  baseURL: string | undefined;
  cacheMode: CacheMode;
  cacheDir: string;
}

/** Builds chat clients for `openai:<model>` flags, sharing one record/replay cache, and probes them before the run. */
export interface EndpointFactory {
  /** The client of a flag value (`openai:<model>`), or undefined for other forms. */
  clientFor(flag: string, value: string): ChatClient | undefined;
  /** Probe every endpoint created (skipped in replay mode). Returns warnings. */
  probeAll(): Promise<string[]>;
  readonly cache: LlmCache | undefined;
}

export function createEndpointFactory(settings: EndpointSettings): EndpointFactory {
  const cache =
    settings.cacheMode === 'off'
      ? undefined
      : createFileCache({ directory: settings.cacheDir, mode: settings.cacheMode });
  const probes: Array<{ flag: string; model: string; baseURL: string }> = [];
  return {
    cache,
    clientFor(flag, value) {
      if (!value.startsWith('openai:')) return undefined;
      const model = parseOpenAIModelFlag(value);
      if (!model) {
        throw new InvalidConfigError({
          field: flag,
          message: `${flag} "${value}" names no model; write e.g. ${flag} openai:gpt-4o-mini`,
        });
      }
      const client = createOpenAIChatClient({ model, baseURL: settings.baseURL, cache });
      probes.push({ flag, model, baseURL: client.baseURL });
      return client;
    },
    async probeAll() {
      if (settings.cacheMode === 'read') return [];
      const warnings: string[] = [];
      for (const probe of probes) warnings.push(...(await probeOpenAIEndpoint(probe)));
      return warnings;
    },
  };
}

/** Default cache folder of a run. */
export function defaultCacheDir(outDir: string): string {
  return join(outDir, 'llm-cache');
}
