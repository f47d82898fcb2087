import type { Language } from '@rlver/spec';
import type { PromptPack } from './prompt-pack';
import { EN_PROMPT_PACK } from './prompt-pack-en';
import { ZH_PROMPT_PACK } from './prompt-pack-zh';

/** The built-in prompt packs, by language. */
export const PROMPT_PACKS: Readonly<Record<Language, PromptPack>> = { zh: ZH_PROMPT_PACK, en: EN_PROMPT_PACK };

/** The prompt pack of a language. */
export function getPromptPack(lang: Language): PromptPack {
  return PROMPT_PACKS[lang];
}
