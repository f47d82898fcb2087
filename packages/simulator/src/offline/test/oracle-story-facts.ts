import type { Language, Profile } from '@rlver/spec';

/**
 * What the calibration oracle knows of the user's situation in its own words: the scene's cause, conflict, underlying
 * cause, what was tried, the current problem and the current state, each retold to the user in the second person.
 * These are not the user's messages (the user tells the timeline stages), so a reply built on them says something of
 * its own about this user rather than handing their words back in a frame.
 */
export interface StoryFacts {
  cause?: string;
  conflict?: string;
  inner?: string;
  tried?: string;
  problem?: string;
  state?: string;
}

/** The fact kinds, in the order a listener would come to them. */
export const FACT_KINDS = ['cause', 'conflict', 'inner', 'tried', 'problem', 'state'] as const;
export type FactKind = (typeof FACT_KINDS)[number];

/** Field labels of the generated scenes (`compose-scene.ts` of the generator). */
const LABELS: Readonly<Record<Language, Readonly<Record<FactKind, string>>>> = {
  zh: {
    cause: '事件起因',
    conflict: '冲突事件',
    inner: '冲突内在原因',
    tried: '试过却没奏效的办法',
    problem: '当前面对的问题',
    state: '事件当前状态',
  },
  en: {
    cause: 'Cause',
    conflict: 'Conflict',
    inner: 'Underlying cause',
    tried: 'Tried without success',
    problem: 'Current problem',
    state: 'Current state',
  },
};

/** The text of one labelled field (on its line, or on the next line after a bold label). */
function field(scene: string, label: string): string | undefined {
  const match = new RegExp(`(?:\\*\\*|- )${label}[：:]\\s*(?:\\*\\*)?\\s*\\n?\\s*([^\\n]+)`).exec(scene);
  const text = match?.[1]?.trim();
  return text ? text : undefined;
}

/** en verbs after a subject turned from a name into "you": third person singular → plain form. */
function plainVerb(verb: string): string {
  const irregular: Record<string, string> = { is: 'are', was: 'were', has: 'have', does: 'do', goes: 'go' };
  if (irregular[verb]) return irregular[verb];
  if (/[^aeiou]ies$/.test(verb)) return verb.replace(/ies$/, 'y');
  if (/(?:sh|ch|ss|x|o)es$/.test(verb)) return verb.replace(/es$/, '');
  if (/[^su]s$/.test(verb)) return verb.slice(0, -1);
  return verb;
}

const EN_ADVERB = '(?:now |still |just |never |always |often |only |also |even |already |really |keeps |)';

/** A scene sentence retold to the user: their name becomes "你" / "you", quotation marks go, the final stop goes. */
function toUser(text: string, selfName: string, lang: Language, scene: string): string {
  let told = text.replace(/[“”"「」]/g, '').replace(/[。.]$/, '');
  if (lang === 'zh') return selfName ? told.split(selfName).join('你') : told;
  if (!selfName) return told;
  told = told
    .replace(new RegExp(`\\b${selfName}[’']s\\b`, 'g'), 'your')
    .replace(
      new RegExp(`(^|[;,] |\\band |\\bbut |\\bso |\\bthat |\\bwhile |\\bwhen )${selfName} (${EN_ADVERB})([a-z]+)`, 'g'),
      (_, head: string, adverb: string, verb: string) => `${head}you ${adverb}${plainVerb(verb)}`,
    )
    .replace(new RegExp(`\\b${selfName}\\b`, 'g'), 'you');
  told = told.replace(/\byou (does|has|is|was)\b/g, (_, verb: string) => `you ${plainVerb(verb)}`);
  // "you … but fears" / "and cannot": a verb after a conjunction in a clause whose subject is "you".
  told = told.replace(/(\byou\b[^;.]*? (?:but|and) )([a-z]+s)\b/g, (whole, head: string, verb: string) =>
    /^(?:has|does|is|was|[a-z]+(?:es|[^su]s))$/.test(verb) && !/^(?:as|us|this|always|perhaps)$/.test(verb)
      ? `${head}${plainVerb(verb)}`
      : whole,
  );
  const first = /^[A-Z][a-z]+/.exec(told)?.[0];
  // A capital that names someone (written capitalised mid-sentence in the scene) stays.
  const named = first !== undefined && new RegExp(`[a-z,;] ${first}\\b`).test(scene);
  return first && !named ? told.charAt(0).toLowerCase() + told.slice(1) : told;
}

/** The facts of a profile's scene, retold to the user (fields the scene lacks are left out). */
export function storyFacts(profile: Profile, selfName: string, lang: Language): StoryFacts {
  const facts: StoryFacts = {};
  for (const kind of FACT_KINDS) {
    const text = field(profile.scene, LABELS[lang][kind]);
    if (text) facts[kind] = toUser(text, selfName, lang, profile.scene);
  }
  return facts;
}
