import type { Language, PersonalityType, Rng } from '@rlver/spec';

/** Name of each personality type as stored in `main_cha` (spec §2.4). */
export const PERSONALITY_TYPE_NAMES: Readonly<Record<PersonalityType, Record<Language, string>>> = {
  negative: { zh: '负面型', en: 'negative' },
  passive: { zh: '被动型', en: 'passive' },
  avoidant: { zh: '回避型', en: 'avoidant' },
};

/** Trait lists per personality type (spec §2.4), in zh and en, same order. */
export const PERSONALITY_TRAITS: Readonly<Record<PersonalityType, Record<Language, readonly string[]>>> = {
  negative: {
    zh: ['愤怒', '暴躁', '粗鲁', '傲慢', '高傲', '虚荣', '自私', '刻薄', '懒惰', '多疑'],
    en: ['angry', 'irritable', 'crude', 'arrogant', 'haughty', 'vain', 'selfish', 'harsh', 'lazy', 'suspicious'],
  },
  passive: {
    zh: [
      '内向',
      '直率',
      '记仇',
      '善变',
      '焦虑',
      '谨慎',
      '自卑',
      '耐心',
      '多疑',
      '胆小',
      '乐观',
      '谦逊',
      '宽容',
      '冷静',
      '机智',
    ],
    en: [
      'introverted',
      'blunt',
      'resentful',
      'erratic',
      'anxious',
      'cautious',
      'insecure',
      'patient',
      'suspicious',
      'timid',
      'optimistic',
      'humble',
      'tolerant',
      'composed',
      'quick-witted',
    ],
  },
  avoidant: {
    zh: ['内向', '谨慎', '自卑', '善变', '胆小', '逃避', '敏感', '多疑', '冷漠', '寡言', '谦逊', '宽容', '冷静'],
    en: [
      'introverted',
      'cautious',
      'insecure',
      'erratic',
      'timid',
      'evasive',
      'sensitive',
      'suspicious',
      'aloof',
      'taciturn',
      'humble',
      'tolerant',
      'composed',
    ],
  },
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
