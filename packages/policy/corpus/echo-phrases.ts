import type { Language, Rng } from '@rlver/spec';

/**
 * Reflection ("you said …"): a reply that picks up the user's own words shows it listened. The corpus teaches
 * the embedded model to copy a clause of the user's last message into a reply; the strategy of the reply is
 * still decided by the template that follows the echo.
 */

/** Clause length bounds (zh characters / en characters) of an echo. */
const CLAUSE_LENGTH = { zh: { min: 4, max: 18 }, en: { min: 8, max: 60 } } as const;

/** Leading discourse words an echo drops ("And then …" → "then …" is still the user's words). */
const EN_LEADING_FILLER = /^(?:and|but|so|well|honestly|anyway|also|still),?\s+/i;

/** The clauses of a message that can be echoed, in order. */
export function echoableClauses(message: string, lang: Language): string[] {
  const bounds = CLAUSE_LENGTH[lang];
  return message
    .split(lang === 'zh' ? /[。！？!?，,；;…\n]+/u : /[.!?;\n—]+|,\s/u)
    .map((clause) => (lang === 'en' ? clause.trim().replace(EN_LEADING_FILLER, '') : clause.trim()))
    .filter((clause) => clause.length >= bounds.min && clause.length <= bounds.max);
}

/** Ways to put the user's clause at the start of a reply; `{q}` is the clause. Neutral: no strategy cue. */
const ECHO_FRAMES: Readonly<Record<Language, readonly string[]>> = {
  en: ['You said "{q}". ', '"{q}" — ', '"{q}"… ', 'When you say "{q}", '],
  zh: ['你说“{q}”。', '“{q}”，', '“{q}”……', '你说“{q}”，'],
};

/**
 * Prefix `reply` with a clause of `userMessage` (the last one that fits, else a random fitting one), or return
 * the reply unchanged when no clause fits. In English a frame that continues the sentence lower-cases the
 * reply's first letter.
 */
export function withEcho(reply: string, userMessage: string, lang: Language, rng: Rng): string {
  const clauses = echoableClauses(userMessage, lang);
  if (clauses.length === 0) return reply;
  const clause = rng.next() < 0.6 ? (clauses[clauses.length - 1] as string) : rng.pick(clauses);
  const frame = rng.pick(ECHO_FRAMES[lang]);
  const continues = lang === 'en' && frame.endsWith(', ');
  const body = continues ? reply.charAt(0).toLowerCase() + reply.slice(1) : reply;
  return frame.replace('{q}', clause) + body;
}
