import type { ChatMessage } from '@rlver/spec';

/** Per-message overhead of chat templates (role markers), in tokens. */
const MESSAGE_OVERHEAD_TOKENS = 4;

/**
 * Rough token count of a chat prompt: one token per CJK character, one per 4 other characters, plus a small
 * overhead per message. Used by the length budget when no tokenizer-backed `countTokens` is given.
 */
export function estimateTokenCount(messages: readonly ChatMessage[]): number {
  let total = 0;
  for (const message of messages) {
    let cjk = 0;
    let other = 0;
    for (const character of message.content) {
      const code = character.codePointAt(0) ?? 0;
      if ((code >= 0x3000 && code <= 0x9fff) || (code >= 0xff00 && code <= 0xffef)) cjk += 1;
      else other += 1;
    }
    total += cjk + Math.ceil(other / 4) + MESSAGE_OVERHEAD_TOKENS;
  }
  return total;
}
