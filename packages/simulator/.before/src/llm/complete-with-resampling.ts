import type { ChatClient, ChatCompletionRequest } from '@rlver/llm';
import { InvalidLLMOutputError } from '@rlver/spec';
import { excerpt, type ParseOutcome } from './parse-text';

/** A successful stage call: the parsed value, the raw text and how many calls it took. */
export interface StageResult<T> {
  value: T;
  text: string;
  calls: number;
  warnings: string[];
}

/**
 * Call the LLM and parse its answer; an unparseable answer is resampled with `attempt + 1` (part of the
 * record/replay key, so a replay resamples exactly as the recording did), at most `maxAttempts` calls in
 * all. Transport failures are the client's business (bounded retries) and propagate as `LLMCallError`; an
 * empty answer propagates as the client's `InvalidLLMOutputError`. After the last unparseable answer this
 * throws `InvalidLLMOutputError` carrying that answer.
 */
export async function completeWithResampling<T>(options: {
  client: ChatClient;
  request: Omit<ChatCompletionRequest, 'attempt'>;
  parse: (text: string) => ParseOutcome<T>;
  maxAttempts: number;
  stage: string;
}): Promise<StageResult<T>> {
  const { client, request, parse, maxAttempts, stage } = options;
  const warnings: string[] = [];
  let lastText = '';
  let lastReason = '';
  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    request.signal?.throwIfAborted();
    const result = await client.complete({ ...request, attempt });
    if (result.finishReason === 'length') warnings.push(`${stage} output hit maxTokens (attempt ${attempt + 1})`);
    const parsed = parse(result.text);
    if (parsed.ok) {
      return {
        value: parsed.value,
        text: result.text,
        calls: attempt + 1,
        warnings: [...warnings, ...parsed.warnings],
      };
    }
    lastText = result.text;
    lastReason = parsed.reason;
    warnings.push(`${stage} output unparseable (attempt ${attempt + 1}): ${parsed.reason}`);
  }
  throw new InvalidLLMOutputError({
    message: `${stage} output of ${client.model} could not be parsed after ${maxAttempts} attempt(s): ${lastReason}. Last output: "${excerpt(lastText)}". Use a model that follows the format, set parseMode 'structured', or raise maxResampleAttempts.`,
    text: lastText,
    attempts: maxAttempts,
  });
}
