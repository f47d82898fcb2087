import {
  detectLanguage,
  type Language,
  STRATEGY_LABELS,
  type StrategyCue,
  type StrategyTaggerV1,
  type StrategyTagOptions,
  type StrategyTagResult,
} from '@rlver/spec';
import type { CuePattern } from './cue-pattern';
import { CUE_PATTERNS_EN } from './cue-patterns-en';
import { CUE_PATTERNS_ZH } from './cue-patterns-zh';
import { type Span, sentenceSpans } from './sentence-spans';

/** Deterministic, offline lexical tagger (zh and en) whose labels come with the cue spans that fired them. */
export interface RuleTagger extends StrategyTaggerV1 {
  readonly taggerId: 'rule';
  /** Synchronous tagging for hot paths (the offline simulated user tags every reply). */
  tag(text: string, lang?: Language): StrategyTagResult;
}

const PATTERNS: Readonly<Record<Language, readonly CuePattern[]>> = { zh: CUE_PATTERNS_ZH, en: CUE_PATTERNS_EN };

/** Questions that invite the user to keep talking or check a restatement: listening, not information-seeking. */
const INVITATION =
  /多说|多讲|接着说|还想|愿意多?(?:讲|说|聊)|对吗|是不是还有|还有呢|然后呢|tell me more|talk more|keep going|want to talk|is that right|want to say more|the rest|get(?:ting)? that right/i;

/**
 * Questions about the user's own values, wishes, fears or choices: a reflection prompt, not information-seeking.
 * Only applied to question sentences (in a statement, "你自己" or "yourself" says nothing about reflection).
 */
const REFLECTIVE_QUESTION: Readonly<Record<Language, RegExp>> = {
  zh: /你自己(?:心里|内心|真正|想|希望|觉得|怎么看|更)|你(?:心里|内心)|真正(?:想|需要|在意|害怕)|(?:其实|最|更)(?:想要|想|在意|害怕|希望|看重|需要)|对你(?:来说|而言)|你会(?:对|跟|和)[^。！？?]{0,6}说什么|如果(?:你|是你|重来|可以)|你希望|你想要的|你在乎|你想成为|怎么看待自己/g,
  en: /\b(?:for|about|of|to|with|in) yourself\b|\byou (?:really|truly|most|deep down)\b|deep down|matters (?:most )?to you|what do you (?:notice|need|want|value|miss|hope|wish|fear)|what (?:would|will) (?:you|it)|what's one thing|would you do|what made (?:it|you)|what does (?:it|that) (?:say|tell you|mean to you)|what are you (?:most )?(?:afraid|scared|hoping)|how would you (?:feel|want|like)|if you could|who do you want to be/gi,
};

/** Second person: empathy names the user's feelings, so a first-person anecdote alone is not empathy. */
const SECOND_PERSON = /你|\byou/i;

/**
 * Every match of a global pattern, as `matchAll` would give them, but with `exec` on the shared pattern:
 * `matchAll` copies the regular expression on each call, which costs more than matching a short reply.
 * Synchronous, and `lastIndex` is back at 0 afterwards, so sharing the pattern object is safe.
 */
function forEachMatch(text: string, pattern: RegExp, visit: (match: RegExpExecArray) => void): void {
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    if (match[0].length === 0) {
      // Step over an empty match (a whole code point in unicode mode), as matchAll does.
      const code = text.codePointAt(pattern.lastIndex) ?? 0;
      pattern.lastIndex += pattern.unicode && code > 0xffff ? 2 : 1;
    }
    visit(match);
  }
}

function collectMatches(text: string, cuePattern: CuePattern, into: StrategyCue[]): void {
  forEachMatch(text, cuePattern.pattern, (match) => {
    if (match[0].length === 0) return;
    const start = match.index;
    into.push({ label: cuePattern.label, cue: match[0], start, end: start + match[0].length });
  });
}

function within(cue: Span, span: Span): boolean {
  return cue.start < span.end && span.start < cue.end;
}

/** Guided-reflection cues of one question sentence (positions in the whole text). */
function reflectiveCues(text: string, sentence: Span, lang: Language): StrategyCue[] {
  const found: StrategyCue[] = [];
  forEachMatch(text.slice(sentence.start, sentence.end), REFLECTIVE_QUESTION[lang], (match) => {
    const start = sentence.start + match.index;
    found.push({ label: 'guided_reflection', cue: match[0], start, end: start + match[0].length });
  });
  return found;
}

/**
 * Sentence-level decisions on top of the lexical cues:
 * - a question is `question` unless it reflects (guided_reflection), suggests (advice) or invites more talk;
 * - a question about the user's own values, wishes or choices is guided reflection, and the feelings it asks
 *   about are not empathy given;
 * - facts asked about (information cues inside a question) are not information given;
 * - "most people … — you didn't" is praise by contrast, not information about most people;
 * - feeling words inside a first-person anecdote that never addresses the user are not deep empathy.
 */
function applySentenceRules(text: string, lang: Language, lexical: readonly StrategyCue[]): StrategyCue[] {
  const kept: StrategyCue[] = [];
  const dropped = new Set<StrategyCue>();
  for (const sentence of sentenceSpans(text)) {
    const inSentence = lexical.filter((cue) => within(cue, sentence));
    const sentenceText = text.slice(sentence.start, sentence.end);
    if (sentence.isQuestion) {
      for (const cue of inSentence) if (cue.label === 'information') dropped.add(cue);
      const reflective = reflectiveCues(text, sentence, lang);
      kept.push(...reflective);
      const reflects = reflective.length > 0 || inSentence.some((cue) => cue.label === 'guided_reflection');
      if (reflects) for (const cue of inSentence) if (cue.label === 'deep_empathy') dropped.add(cue);
      const answered = reflects || inSentence.some((cue) => cue.label === 'advice');
      if (!answered && !INVITATION.test(sentenceText)) {
        kept.push({ label: 'question', cue: sentenceText, start: sentence.start, end: sentence.end });
      }
    }
    const anecdote = inSentence.some((cue) => cue.label === 'self_disclosure') && !SECOND_PERSON.test(sentenceText);
    if (anecdote) for (const cue of inSentence) if (cue.label === 'deep_empathy') dropped.add(cue);
  }
  const praise = lexical.filter((cue) => cue.label === 'praise');
  for (const cue of lexical) {
    if (cue.label === 'information' && praise.some((other) => within(cue, other))) dropped.add(cue);
  }
  for (const cue of lexical) if (!dropped.has(cue)) kept.push(cue);
  return kept;
}

/** Tag one text: every cue that fires, labels in taxonomy order, `other` only when nothing fired. */
export function tagWithRules(text: string, lang?: Language): StrategyTagResult {
  if (text.trim().length === 0) return { labels: [], cues: [] };
  const language = lang ?? detectLanguage(text);
  const lexical: StrategyCue[] = [];
  for (const cuePattern of PATTERNS[language]) collectMatches(text, cuePattern, lexical);
  const found = applySentenceRules(text, language, lexical);
  if (found.length === 0) return { labels: ['other'], cues: [] };
  found.sort((a, b) => a.start - b.start || a.end - b.end);
  const fired = new Set(found.map((cue) => cue.label));
  return { labels: STRATEGY_LABELS.filter((label) => fired.has(label)), cues: found };
}

/** Create the rule tagger (`taggerId: 'rule'`). Stateless; safe to share across concurrent episodes. */
export function createRuleTagger(): RuleTagger {
  return {
    specificationVersion: 'v1',
    taggerId: 'rule',
    tag: tagWithRules,
    async doTag(options: StrategyTagOptions): Promise<StrategyTagResult> {
      options.signal?.throwIfAborted();
      return tagWithRules(options.text, options.lang);
    },
  };
}
