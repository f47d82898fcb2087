import { createOpenAIChatClient } from '@rlver/llm';
import { formatZodError, InvalidConfigError, type StrategyTaggerV1 } from '@rlver/spec';
import { createLlmTagger } from './llm-tagger/llm-tagger';
import { createRuleTagger, type RuleTagger } from './rule-tagger/rule-tagger';
import { type StrategyTaggerConfig, strategyTaggerConfigSchema } from './strategy-tagger-config';

/**
 * Create a strategy tagger from its config: `{ kind: 'rule' }` (offline) or
 * `{ kind: 'openai', model, baseURL?, apiKey?, cache? }` (LLM, record/replay through `cache`).
 * Invalid configs throw `InvalidConfigError` before any call is made.
 */
export function createStrategyTagger(config: { kind: 'rule' }): RuleTagger;
export function createStrategyTagger(config: StrategyTaggerConfig): StrategyTaggerV1;
export function createStrategyTagger(config: StrategyTaggerConfig): StrategyTaggerV1 {
  const parsed = strategyTaggerConfigSchema.safeParse(config);
  if (!parsed.success) {
    throw new InvalidConfigError({
      message: `strategy tagger config: ${formatZodError(parsed.error)}`,
      field: parsed.error.issues[0]?.path.join('.'),
      cause: parsed.error,
    });
  }
  const resolved = parsed.data;
  if (resolved.kind === 'rule') return createRuleTagger();
  const client = createOpenAIChatClient({
    model: resolved.model,
    baseURL: resolved.baseURL,
    apiKey: resolved.apiKey,
    cache: resolved.cache,
    timeoutMs: resolved.timeoutMs,
  });
  return createLlmTagger({ client, maxResampleAttempts: resolved.maxResampleAttempts });
}
