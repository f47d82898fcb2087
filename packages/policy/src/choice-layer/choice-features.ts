/**
 * The choice layer's features φ(s, c): hashed sparse indicators of what the policy can see at a turn (the
 * dialogue so far) crossed with what it may say (one of the phrasebook rule's candidates, its strategy and template
 * known). The same families as tools/embedded-model/scripts/choice-learnability.ts: strategy, template, turn, how
 * often and how recently the strategy was used, whether the reply reuses the user's last words, length, and the
 * strategy crossed with the words of the user's last message and of the opening; and how much the candidate repeats
 * the policy's own earlier replies (the same template said before, the same opening words, the largest word overlap
 * with an earlier reply). No held-out information.
 */
import type { ChatMessage, Language } from '@rlver/spec';

/** Size of the hashed feature space (one weight per slot). */
export const CHOICE_FEATURE_DIM = 1 << 18;

/** A reply the policy may give at this turn, with where it came from in the phrasebook. */
export interface ChoiceCandidate {
  reply: string;
  /** The phrasebook template's strategy; `unknown` when the reply is not from the phrasebook. */
  strategy: string;
  /** The template's key within its strategy (kind and index, e.g. `grounded:3`); `unknown` when not known. */
  template: string;
}

/** FNV-1a of a feature's name, folded into the feature space. */
export function hashFeature(name: string, dim = CHOICE_FEATURE_DIM): number {
  let h = 2166136261;
  for (let i = 0; i < name.length; i += 1) h = Math.imul(h ^ name.charCodeAt(i), 16777619);
  return (h >>> 0) % dim;
}

/** en: the distinct lower-case words; zh: the distinct pairs of adjacent Han characters. */
export function dialogueWords(text: string, lang: Language): string[] {
  if (lang === 'en') return [...new Set(text.toLowerCase().match(/[a-z']+/gu) ?? [])];
  const han = text.replace(/[^\p{Script=Han}]/gu, '');
  const out = new Set<string>();
  for (let i = 0; i + 1 < han.length; i += 1) out.add(han.slice(i, i + 2));
  return [...out];
}

/** The dialogue's language as the choice layer reads it: zh when the opening holds a Han character. */
export function dialogueLanguage(messages: readonly Pick<ChatMessage, 'role' | 'content'>[]): Language {
  const first = messages.find((m) => m.role === 'user')?.content ?? '';
  return /\p{Script=Han}/u.test(first) ? 'zh' : 'en';
}

/** What the features need about the dialogue, computed once per state. */
export interface ChoiceState {
  lang: Language;
  /** Turn number of this reply (1-based), capped at 6. */
  turn: number;
  /** Strategy of each earlier reply (`unknown` when not from the phrasebook). */
  saidStrategies: string[];
  /** Strategy and template of each earlier reply (`strategy#template`; `unknown` parts when not from the phrasebook). */
  saidTemplates: string[];
  /** The opening words of each earlier reply (`replyOpening`). */
  saidOpenings: string[];
  /** The words (en) / Han bigrams (zh) of each earlier reply. */
  saidWords: string[][];
  lastWords: string[];
  openingWords: string[];
}

/** A reply's opening as the features compare it: its first 3 words (en) or first 4 Han characters (zh). */
export function replyOpening(reply: string, lang: Language): string {
  if (lang === 'en') return (reply.toLowerCase().match(/[a-z']+/gu) ?? []).slice(0, 3).join(' ');
  return reply.replace(/[^\p{Script=Han}]/gu, '').slice(0, 4);
}

export function choiceState(
  messages: readonly Pick<ChatMessage, 'role' | 'content'>[],
  strategyOf: (reply: string) => string | undefined,
  templateOf: (reply: string) => string | undefined = () => undefined,
): ChoiceState {
  const lang = dialogueLanguage(messages);
  const said = messages.filter((m) => m.role === 'assistant').map((m) => m.content.trim());
  const users = messages.filter((m) => m.role === 'user').map((m) => m.content);
  return {
    lang,
    turn: Math.min(said.length + 1, 6),
    saidStrategies: said.map((reply) => strategyOf(reply) ?? 'unknown'),
    saidTemplates: said.map((reply) => `${strategyOf(reply) ?? 'unknown'}#${templateOf(reply) ?? 'unknown'}`),
    saidOpenings: said.map((reply) => replyOpening(reply, lang)),
    saidWords: said.map((reply) => dialogueWords(reply, lang)),
    lastWords: dialogueWords(users.at(-1) ?? '', lang),
    openingWords: dialogueWords(users[0] ?? '', lang),
  };
}

/** The hashed indexes of φ(s, c) (a multi-hot vector; an index may repeat on a hash collision). */
export function choiceFeatures(state: ChoiceState, candidate: ChoiceCandidate, dim = CHOICE_FEATURE_DIM): number[] {
  return choiceFeatureNames(state, candidate).map((name) => hashFeature(name, dim));
}

/** The names of φ(s, c)'s features before hashing (analysis scripts filter them by family). */
export function choiceFeatureNames(state: ChoiceState, candidate: ChoiceCandidate): string[] {
  const s = candidate.strategy;
  return [
    'bias',
    `s:${s}`,
    `s:${s}|${state.lang}`,
    ...replyOwnFeatureNames(state, candidate),
    ...state.lastWords.map((w) => `s:${s}|w:${w}`),
    ...state.openingWords.map((w) => `s:${s}|open:${w}`),
  ];
}

/**
 * The features of a reply that do not read the user's words: its template, turn, how often and how recently its
 * strategy was used, whether it reuses a word of the user's last message, its length, and how much it repeats the
 * policy's earlier replies (template said before, same opening, word overlap). Shared by the think route's reply part.
 */
export function replyOwnFeatureNames(state: ChoiceState, candidate: ChoiceCandidate): string[] {
  const { lang, turn } = state;
  const s = candidate.strategy;
  const used = state.saidStrategies.filter((strategy) => strategy === s).length;
  const previous = state.saidStrategies.at(-1) ?? 'none';
  const last = new Set(state.lastWords);
  const words = dialogueWords(candidate.reply, lang);
  const usesLast = words.some((w) => last.has(w));
  const templateKey = `${s}#${candidate.template}`;
  const templateUses =
    candidate.template === 'unknown' ? 0 : state.saidTemplates.filter((t) => t === templateKey).length;
  const opening = replyOpening(candidate.reply, lang);
  const openingSeen = opening.length > 0 && state.saidOpenings.includes(opening);
  const overlap = Math.max(0, ...state.saidWords.map((said) => jaccard(words, said)));
  return [
    `t:${s}#${candidate.template}|${lang}`,
    `s:${s}|turn:${turn}|${lang}`,
    `s:${s}|used:${Math.min(used, 3)}`,
    `s:${s}|prev:${previous}`,
    `s:${s}|usesLast:${usesLast}`,
    `len:${Math.min(Math.floor(candidate.reply.length / 20), 6)}|${lang}`,
    `templateSaid:${Math.min(templateUses, 2)}`,
    `openingSaid:${openingSeen}|${lang}`,
    `overlap:${Math.min(Math.floor(overlap * 5), 4)}|${lang}`,
  ];
}

/** |a ∩ b| / |a ∪ b| of two word lists (0 when both are empty). */
function jaccard(a: readonly string[], b: readonly string[]): number {
  const setB = new Set(b);
  const union = new Set([...a, ...b]).size;
  const shared = new Set(a.filter((w) => setB.has(w))).size;
  return union === 0 ? 0 : shared / union;
}
