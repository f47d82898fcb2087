import type { LlmCache } from '@rlver/llm';
import { InvalidConfigError } from '@rlver/spec';
import { z } from 'zod';

/** Config of `createStrategyTagger`. */
export const strategyTaggerConfigSchema = z.discriminatedUnion('kind', [
  z
    .object({
      /** The offline rule tagger (deterministic, zh and en). */
      kind: z.literal('rule'),
    })
    .strict(),
  z
    .object({
      /** An LLM tagger over an OpenAI-compatible endpoint. */
      kind: z.literal('openai'),
      /** Served model name, e.g. `gpt-4o-mini` or a local vLLM model. */
      model: z.string().min(1),
      /** Endpoint; default `OPENAI_BASE_URL`, else `https://api.openai.com/v1`. */
      baseURL: z.string().url().optional(),
      /** Default: `OPENAI_API_KEY`; loopback servers need none. */
      apiKey: z.string().optional(),
      /** Record/replay cache (`createFileCache`); off when absent. */
      cache: z.custom<LlmCache>((value) => typeof value === 'object' && value !== null && 'get' in value).optional(),
      /** Extra samples after an invalid answer (default 2). */
      maxResampleAttempts: z.number().int().min(0).max(10).optional(),
      /** Per-call timeout in ms (default 120000). */
      timeoutMs: z.number().int().positive().optional(),
    })
    .strict(),
]);
export type StrategyTaggerConfig = z.infer<typeof strategyTaggerConfigSchema>;

/**
 * Parse the `--tagger` flag value: `rule` or `openai:<model>` (with `--base-url` for local servers).
 * Throws `InvalidConfigError` naming the flag and the accepted forms.
 */
export function parseTaggerFlag(value: string, options: { baseURL?: string } = {}): StrategyTaggerConfig {
  if (value === 'rule') return { kind: 'rule' };
  const model = value.startsWith('openai:') ? value.slice('openai:'.length) : '';
  if (model.length === 0) {
    throw new InvalidConfigError({
      field: '--tagger',
      message: `--tagger "${value}" is not valid; use "rule" or "openai:<model>" (e.g. openai:gpt-4o-mini)`,
    });
  }
  return { kind: 'openai', model, ...(options.baseURL ? { baseURL: options.baseURL } : {}) };
}
