import { z } from 'zod';

/** Languages the toolkit ships prompts, scenarios and taggers for. */
export const languageSchema = z.enum(['zh', 'en']);
export type Language = z.infer<typeof languageSchema>;

/** Guess the language of a text: `zh` when CJK characters make up at least 20 % of its letters. */
export function detectLanguage(text: string): Language {
  let cjk = 0;
  let latin = 0;
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (code >= 0x4e00 && code <= 0x9fff) cjk += 1;
    else if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) latin += 1;
  }
  // A CJK character carries roughly one word; Latin words are ~5 letters.
  return cjk > 0 && cjk * 5 >= (cjk * 5 + latin) * 0.2 ? 'zh' : 'en';
}
