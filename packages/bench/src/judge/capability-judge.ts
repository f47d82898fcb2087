import type { ChatClient } from '@rlver/llm';
import { InvalidLLMOutputError, safeParseJSON, type Trajectory } from '@rlver/spec';
import { z } from 'zod';
import { buildJudgeMessages, JUDGE_PROMPT_VERSION } from './judge-prompt';
import { CAPABILITIES, type Capability } from './judge-rubric';

const scoreSchema = z.number().int().min(1).max(10);

/** The judge's answer: five integer scores 1–10 and a short rationale. */
export const judgeOutputSchema = z.object({
  scores: z
    .object(
      Object.fromEntries(CAPABILITIES.map((name) => [name, scoreSchema])) as Record<Capability, typeof scoreSchema>,
    )
    .strict(),
  rationale: z.string().nullish(),
});
export type JudgeOutput = z.infer<typeof judgeOutputSchema>;

export interface CapabilityJudgeOptions {
  client: ChatClient;
  /** Extra samples after an unparseable answer (default 2, so at most 3 calls per dialogue). */
  maxResampleAttempts?: number;
  /** Judge temperature (default 0). */
  temperature?: number;
  /** Max tokens of the judge's answer (default 400). */
  maxTokens?: number;
}

/** Scores of one dialogue. */
export interface CapabilityScores {
  scores: Record<Capability, number>;
  rationale: string;
  /** Calls made (1 + resamples). */
  attempts: number;
}

export interface CapabilityJudge {
  /** `openai:<model>`. */
  readonly judgeId: string;
  /** Prompt version (`rlver-judge-v1`). */
  readonly promptVersion: string;
  /** Scores one dialogue; throws `InvalidLLMOutputError` after the resample budget, `LLMCallError` on transport failure. */
  judge(trajectory: Trajectory, signal?: AbortSignal): Promise<CapabilityScores>;
}

/** Parse a judge answer: the outermost `{…}` (code fences tolerated), validated by `judgeOutputSchema`. */
export function parseJudgeOutput(text: string): ReturnType<typeof safeParseJSON<JudgeOutput>> {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return { success: false, error: new Error('no JSON object in the answer') };
  return safeParseJSON(text.slice(start, end + 1), judgeOutputSchema);
}

/**
 * An LLM judge scoring a dialogue 1–10 on the five capabilities with the project's rubric (not paper parity).
 * Unparseable answers are resampled at most `maxResampleAttempts` times (the attempt number is part of the
 * cache key, so replays resample identically).
 */
export function createCapabilityJudge(options: CapabilityJudgeOptions): CapabilityJudge {
  const maxResampleAttempts = options.maxResampleAttempts ?? 2;
  return {
    judgeId: `openai:${options.client.model}`,
    promptVersion: JUDGE_PROMPT_VERSION,
    async judge(trajectory, signal) {
      const messages = buildJudgeMessages(trajectory);
      let lastText = '';
      let lastError: Error | undefined;
      for (let attempt = 0; attempt <= maxResampleAttempts; attempt += 1) {
        const result = await options.client.complete({
          messages,
          temperature: options.temperature ?? 0,
          maxTokens: options.maxTokens ?? 400,
          responseFormat: { type: 'json_object' },
          attempt,
          signal,
        });
        lastText = result.text;
        const parsed = parseJudgeOutput(result.text);
        if (parsed.success) {
          return { scores: parsed.value.scores, rationale: parsed.value.rationale ?? '', attempts: attempt + 1 };
        }
        lastError = parsed.error;
      }
      throw new InvalidLLMOutputError({
        message: `judge ${options.client.model} gave no valid scores after ${maxResampleAttempts + 1} attempts: ${lastError?.message ?? 'unknown'}`,
        text: lastText,
        attempts: maxResampleAttempts + 1,
      });
    },
  };
}
