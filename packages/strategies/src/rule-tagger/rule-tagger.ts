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
  /多说|多讲|接着说|还想|愿意多?(?:讲|说|聊)|对吗|是不是还有|tell me more|talk more|keep going|want to talk|is that right|want to say more/i;

/** Second person: empathy names the user's feelings, so a first-person anecdote alone is not empathy. */
const SECOND_PERSON = /你|\byou/i;

function collectMatches(text: string, cuePattern: CuePattern, into: StrategyCue[]): void {
  for (const match of text.matchAll(cuePattern.pattern)) {
    if (match[0].length === 0) continue;
    const start = match.index;
    into.push({ label: cuePattern.label, cue: match[0], start, end: start + match[0].length });
  }
}

function within(cue: Span, span: Span): boolean {
  return cue.start < span.end && span.start < cue.end;
}

/**
 * Sentence-level decisions on top of the lexical cues:
 * - a question is `question` unless it reflects (guided_reflection), suggests (advice) or invites more talk;
 * - facts asked about (information cues inside a question) are not information given;
 * - feeling words inside a first-person anecdote that never addresses the user are not deep empathy.
 */
function applySentenceRules(text: string, lexical: readonly StrategyCue[]): StrategyCue[] {
  const kept: StrategyCue[] = [];
  const dropped = new Set<StrategyCue>();
  for (const sentence of sentenceSpans(text)) {
    const inSentence = lexical.filter((cue) => within(cue, sentence));
    const sentenceText = text.slice(sentence.start, sentence.end);
    if (sentence.isQuestion) {
      for (const cue of inSentence) if (cue.label === 'information') dropped.add(cue);
      const answered = inSentence.some((cue) => cue.label === 'guided_reflection' || cue.label === 'advice');
      if (!answered && !INVITATION.test(sentenceText)) {
        kept.push({ label: 'question', cue: sentenceText, start: sentence.start, end: sentence.end });
      }
    }
    const anecdote = inSentence.some((cue) => cue.label === 'self_disclosure') && !SECOND_PERSON.test(sentenceText);
    if (anecdote) for (const cue of inSentence) if (cue.label === 'deep_empathy') dropped.add(cue);
  }
  for (const cue of lexical) if (!dropped.has(cue)) kept.push(cue);
  return kept;
}

/** Tag one text: every cue that fires, labels in taxonomy order, `other` only when nothing fired. */
export function tagWithRules(text: string, lang?: Language): StrategyTagResult {
  if (text.trim().length === 0) return { labels: [], cues: [] };
  const lexical: StrategyCue[] = [];
  for (const cuePattern of PATTERNS[lang ?? detectLanguage(text)]) collectMatches(text, cuePattern, lexical);
  const found = applySentenceRules(text, lexical);
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
