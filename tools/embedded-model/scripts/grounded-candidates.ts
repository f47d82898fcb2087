import type { ChatMessage, Language } from '@rlver/spec';
import {
  enNounPhrases,
  type GroundedSlots,
  type GroundedTemplate,
  shortThing,
  zhFragments,
} from '../corpus/grounded-slots';
import { GROUNDED_TEMPLATES_EN } from '../corpus/grounded-templates-en';
import { GROUNDED_TEMPLATES_ZH } from '../corpus/grounded-templates-zh';
import { PERSON_NAMES } from '../corpus/person-names';
import type { CorpusStrategy } from '../corpus/strategy-templates-en';

/** One grounded template reply a template policy could give at this turn. */
export interface GroundedCandidate {
  strategy: CorpusStrategy;
  /** Index of the template within its strategy's list. */
  template: number;
  reply: string;
}

/** How the user feels, when nothing they said names it (the corpus fills `feeling` from its own story). */
const DEFAULT_FEELING: Readonly<Record<Language, string>> = { zh: '难受', en: 'hurt' };
/** Capitalised en words that are not names. */
const EN_NOT_NAMES = new Set([
  'I',
  'I’m',
  "I'm",
  "I've",
  "I'd",
  "I'll",
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
  'Mom',
  'Dad',
  'God',
  'English',
  'Christmas',
]);

/**
 * The other person's name, taken only from the user's messages: a name of the corpus's list the user wrote, or (en)
 * a capitalised word that does not start a sentence. '' when the user named nobody.
 */
export function namedPerson(userMessages: readonly string[], lang: Language): string {
  const text = userMessages.join('\n');
  const known = PERSON_NAMES[lang].find((name) => text.includes(name));
  if (known) return known;
  if (lang === 'zh') return '';
  for (const sentence of text.split(/[.!?\n]+/u)) {
    const words = sentence
      .trim()
      .split(/[\s,;:]+/u)
      .slice(1);
    const name = words.find((word) => /^[A-Z][a-z]{2,}$/u.test(word) && !EN_NOT_NAMES.has(word));
    if (name) return name;
  }
  return '';
}

/** Content pieces of a user message: zh fragments of 2–4 characters, en noun phrases (`grounded-slots.ts`). */
function piecesOf(message: string, lang: Language, avoid: readonly string[]): string[] {
  return lang === 'zh' ? zhFragments(message, avoid) : enNounPhrases(message, avoid);
}

/**
 * The slot fillings a template policy may use at this turn, from the user's messages only (never the hidden
 * profile): the name they said, the story's thing (the first content piece of their opening, cut by `shortThing`)
 * and up to `maxBits` different fragments of their last message.
 */
export function groundedSlotOptions(messages: readonly ChatMessage[], lang: Language, maxBits = 2): GroundedSlots[] {
  const said = messages.filter((message) => message.role === 'user').map((message) => message.content);
  const name = namedPerson(said, lang);
  const opening = said[0] ?? '';
  const last = said.at(-1) ?? '';
  const avoid = name === '' ? [] : [name];
  const firstPiece = piecesOf(opening, lang, avoid)[0];
  const thing = firstPiece === undefined ? '' : (shortThing(firstPiece, lang) ?? '');
  const bits = [...new Set(piecesOf(last, lang, thing === '' ? avoid : [...avoid, thing]))].slice(0, maxBits);
  const feeling = DEFAULT_FEELING[lang];
  if (bits.length === 0) return thing === '' ? [] : [{ name, thing, bit: '', feeling }];
  return bits.map((bit) => ({ name, thing, bit, feeling }));
}

const PROBE = { name: '\u0001', thing: '\u0003', bit: '\u0002' } as const;

/** Whether `template` uses only slots that `slots` fills (the corpus's `usableGrounded` rule). */
function usable(template: (slots: GroundedSlots) => string, slots: GroundedSlots): boolean {
  const text = template({ ...slots, name: PROBE.name, thing: PROBE.thing, bit: PROBE.bit });
  return (
    (slots.name !== '' || !text.includes(PROBE.name)) &&
    (slots.thing !== '' || !text.includes(PROBE.thing)) &&
    (slots.bit !== '' || !text.includes(PROBE.bit))
  );
}

/**
 * Every grounded template reply (all strategies) the corpus's templates give for this dialogue so far, built from
 * the user's messages only; duplicates removed. Empty when the user said nothing a template can use.
 */
export function groundedCandidates(messages: readonly ChatMessage[], lang: Language, maxBits = 2): GroundedCandidate[] {
  const templates = lang === 'zh' ? GROUNDED_TEMPLATES_ZH : GROUNDED_TEMPLATES_EN;
  const seen = new Set<string>();
  const candidates: GroundedCandidate[] = [];
  for (const slots of groundedSlotOptions(messages, lang, maxBits)) {
    for (const [strategy, list] of Object.entries(templates) as [CorpusStrategy, readonly GroundedTemplate[]][]) {
      (list ?? []).forEach((template, index) => {
        if (!usable(template, slots)) return;
        const reply = template(slots);
        if (seen.has(reply)) return;
        seen.add(reply);
        candidates.push({ strategy, template: index, reply });
      });
    }
  }
  return candidates;
}
