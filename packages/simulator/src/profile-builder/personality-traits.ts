import type { Language, PersonalityType, Rng } from '@rlver/spec';
import { MAIN_CHARACTER, TRAITS, TRAITS_BY_TYPE } from '../profiles/generator/personality-tables';

/** Name of each personality type as stored in `main_cha` (spec §2.4). */
export const PERSONALITY_TYPE_NAMES: Readonly<Record<PersonalityType, Record<Language, string>>> = MAIN_CHARACTER;

const labelsOf = (type: PersonalityType, lang: Language): string[] =>
  TRAITS_BY_TYPE[type].map((key) => TRAITS[key]?.label[lang] ?? key);

/** Trait lists per personality type (spec §2.4), in zh and en, same order — the scenario generator's tables. */
export const PERSONALITY_TRAITS: Readonly<Record<PersonalityType, Record<Language, readonly string[]>>> = {
  negative: { zh: labelsOf('negative', 'zh'), en: labelsOf('negative', 'en') },
  passive: { zh: labelsOf('passive', 'zh'), en: labelsOf('passive', 'en') },
  avoidant: { zh: labelsOf('avoidant', 'zh'), en: labelsOf('avoidant', 'en') },
};

/** A personality: type plus three distinct traits of that type. */
export interface LlmProfilePersonality {
  type: PersonalityType;
  traits: string[];
}

/** Generation rule (spec §2.4): a type uniformly, then 3 distinct traits from its list. */
export function pickPersonality(rng: Rng, lang: Language): LlmProfilePersonality {
  const type = rng.pick(['negative', 'passive', 'avoidant'] as const);
  return { type, traits: rng.shuffle(PERSONALITY_TRAITS[type][lang]).slice(0, 3) };
}
