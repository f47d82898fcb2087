import { type Language, policySystemPrompt } from '@rlver/spec';

/**
 * The policy's system prompt (spec §5.2): non-thinking or think-then-say, in zh or en. Same text as
 * `policySystemPrompt` of `@rlver/spec` (the single source); kept as the environment's name for it.
 */
export function defaultSystemPrompt(lang: Language, thinking = false): string {
  return policySystemPrompt(lang, thinking);
}
