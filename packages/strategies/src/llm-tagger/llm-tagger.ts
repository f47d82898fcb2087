import type { ChatClient } from '@rlver/llm';
import {
  detectLanguage,
  InvalidLLMOutputError,
  STRATEGY_LABELS,
  type StrategyCue,
  type StrategyLabel,
  type StrategyTaggerV1,
  type StrategyTagOptions,
  type StrategyTagResult,
  safeParseJSON,
} from '@rlver/spec';
import {
  buildLlmTaggerMessages,
  type LlmTaggerOutput,
  llmTaggerOutputSchema,
  stripCodeFence,
} from './llm-tagger-prompt';

export interface LlmTaggerOptions {
  /** Any OpenAI-compatible chat client (`createOpenAIChatClient`); its cache gives record/replay. */
  client: ChatClient;
  /** Extra samples after an unparseable answer (default 2, so at most 3 calls per reply). */
  maxResampleAttempts?: number;
  /** Sampling temperature (default 0). */
  temperature?: number;
}

export interface LlmTagger extends StrategyTaggerV1 {
  /** `openai:<model>`. */
  readonly taggerId: string;
}

function toResult(text: string, output: LlmTaggerOutput): StrategyTagResult {
  const given = new Set<StrategyLabel>(output.labels);
  if (given.size > 1) given.delete('other');
  if (given.size === 0) given.add('other');
  const cues: StrategyCue[] = [];
  for (const item of output.evidence ?? []) {
    const start = item.quote.length > 0 ? text.indexOf(item.quote) : -1;
    if (start >= 0 && given.has(item.label)) {
      cues.push({ label: item.label, cue: item.quote, start, end: start + item.quote.length });
    }
  }
  cues.sort((a, b) => a.start - b.start || a.end - b.end);
  return { labels: STRATEGY_LABELS.filter((label) => given.has(label)), cues };
}

/**
 * Create an LLM-backed strategy tagger: the label definitions go in the prompt, the JSON answer is validated
 * with zod, and an invalid answer is resampled (`attempt` is passed so replayed runs resample the same way).
 * Throws `InvalidLLMOutputError` when every attempt is invalid; `LLMCallError` comes from the client.
 */
export function createLlmTagger(options: LlmTaggerOptions): LlmTagger {
  const maxResampleAttempts = options.maxResampleAttempts ?? 2;
  const { client } = options;
  return {
    specificationVersion: 'v1',
    taggerId: `openai:${client.model}`,
    async doTag({ text, lang, signal }: StrategyTagOptions): Promise<StrategyTagResult> {
      if (text.trim().length === 0) return { labels: [], cues: [] };
      const messages = buildLlmTaggerMessages(text, lang ?? detectLanguage(text));
      let lastText = '';
      let lastError = 'no answer';
      for (let attempt = 0; attempt <= maxResampleAttempts; attempt += 1) {
        try {
          const answer = await client.complete({
            messages,
            temperature: options.temperature ?? 0,
            responseFormat: { type: 'json_object' },
            attempt,
            signal,
          });
          lastText = answer.text;
          const parsed = safeParseJSON(stripCodeFence(answer.text), llmTaggerOutputSchema);
          if (parsed.success) return toResult(text, parsed.value);
          lastError = parsed.error.message;
        } catch (error) {
          if (!InvalidLLMOutputError.isInstance(error)) throw error;
          lastText = (error as InvalidLLMOutputError).text;
          lastError = error.message;
        }
      }
      throw new InvalidLLMOutputError({
        message: `${client.model} gave no valid strategy labels in ${maxResampleAttempts + 1} attempts (last: ${lastError}); expected JSON {"labels": [...]} with labels from: ${STRATEGY_LABELS.join(', ')}`,
        text: lastText,
        attempts: maxResampleAttempts + 1,
      });
    },
  };
}
