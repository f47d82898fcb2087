import { InvalidLLMOutputError, LLMCallError } from '@rlver/spec';
import { z } from 'zod';

const completionShape = z
  .object({
    choices: z.array(z.unknown()),
    usage: z
      .object({ prompt_tokens: z.number().optional(), completion_tokens: z.number().optional() })
      .loose()
      .nullish(),
  })
  .loose();
const choiceShape = z
  .object({
    message: z.object({ content: z.unknown() }).loose().nullish(),
    finish_reason: z.string().nullish(),
  })
  .loose();

/** The useful part of a chat completion. */
export interface CompletionMessage {
  text: string;
  finishReason: string | null;
  promptTokens: number | undefined;
  completionTokens: number | undefined;
}

/**
 * Read the first choice's text out of a parsed 2xx answer, checking its shape on the way: an answer without a
 * `choices` list, with an empty one, or whose `content` is not a string (a number, an object) throws a retryable
 * `LLMCallError`; an empty message (`content` null or blank) throws `InvalidLLMOutputError`. Both name the
 * endpoint and the model, and the chat client retries both.
 */
export function readCompletionMessage(
  completion: unknown,
  where: { model: string; baseURL: string },
): CompletionMessage {
  const endpoint = `${where.model} at ${where.baseURL}`;
  const malformed = (what: string) =>
    new LLMCallError({
      message: `${endpoint} answered HTTP 200 with ${what}. Check that the endpoint speaks the OpenAI chat-completions protocol (--base-url, model name).`,
      statusCode: 200,
      isRetryable: true,
      url: where.baseURL,
    });
  const shape = completionShape.safeParse(completion);
  if (!shape.success) throw malformed('no "choices" list');
  const first = shape.data.choices[0];
  if (first === undefined) throw malformed('an empty "choices" list');
  const choice = choiceShape.safeParse(first);
  if (!choice.success) throw malformed('a malformed first choice');
  const content = choice.data.message?.content;
  if (content !== null && content !== undefined && typeof content !== 'string') {
    throw malformed(
      `message content of type ${typeof content} (${String(JSON.stringify(content)).slice(0, 40)}), not text`,
    );
  }
  const text = content ?? '';
  if (text.trim() === '') {
    throw new InvalidLLMOutputError({
      message: `${endpoint} returned an empty message (content ${content === null || content === undefined ? 'null' : 'blank'})`,
      text,
    });
  }
  return {
    text,
    finishReason: choice.data.finish_reason ?? null,
    promptTokens: shape.data.usage?.prompt_tokens,
    completionTokens: shape.data.usage?.completion_tokens,
  };
}
