import {
  INTENTIONS,
  type IntentionKey,
  type Language,
  type PersonalityType,
  type StrategyLabel,
  type StrategyTagResult,
} from '@rlver/spec';
import { INTENTION_STRATEGIES } from '@rlver/strategies';
import { LENGTH_LIMITS, JUDGE_WEIGHTS as W } from './judge-weights';
import { findStoryDetails } from './story-details';
import type { StoryIndex } from './story-index';
import {
  detectGarbled,
  isLanguageMismatch,
  maxOverlapWithEarlier,
  replyLength,
  reportFormatting,
} from './text-signals';
import { clicheCount, echoCount, warmthCount } from './tone-signals';

/** Why the user's emotion moved: one rule that fired and its points. */
export interface JudgeReason {
  code:
    | 'need-met'
    | 'need-partly'
    | 'need-generic'
    | 'need-missed'
    | 'praised'
    | 'guarded'
    | 'disliked'
    | 'shallow-comfort'
    | 'probing'
    | 'gentle'
    | 'engaged-question'
    | 'too-many-questions'
    | 'grounded'
    | 'ungrounded'
    | 'repetition'
    | 'echo'
    | 'no-echo'
    | 'cliche'
    | 'warm'
    | 'comfortable-length'
    | 'too-short'
    | 'too-long'
    | 'report-format'
    | 'garbled'
    | 'language-mismatch'
    | 'mood'
    | 'temper';
  points: number;
  /** A label, a story detail or a cue, used to explain the reason in words. */
  detail?: string;
}

/** Everything the judgement looks at. */
export interface JudgeInput {
  reply: string;
  lang: Language;
  intention: IntentionKey | undefined;
  personality: PersonalityType;
  story: StoryIndex;
  earlierReplies: readonly string[];
  /** The user's own last message (what the reply answers). */
  lastUserMessage: string;
  emotion: number;
  recentDeltas: readonly number[];
  tags: StrategyTagResult;
}

export interface Judgement {
  /** Continuous score; the simulator quantises it to a change of ±5 / ±10 (−20 for garbled text). */
  score: number;
  reasons: JudgeReason[];
  /** Story details the reply used. */
  details: string[];
  garbled: boolean;
}

function countLabel(tags: StrategyTagResult, label: StrategyLabel): number {
  return tags.cues.filter((cue) => cue.label === label).length;
}

/**
 * Labels as the user experiences them: empathy that is neither tied to the story nor elaborated (one
 * formulaic cue, no story detail) reads as generic comfort.
 */
function perceivedLabels(tags: StrategyTagResult, details: readonly string[]): Set<StrategyLabel> {
  const labels = new Set(tags.labels);
  if (labels.has('deep_empathy') && details.length === 0 && countLabel(tags, 'deep_empathy') < 2) {
    labels.delete('deep_empathy');
    labels.add('generic_comfort');
  }
  return labels;
}

/**
 * Hidden-intention fit. A wanted strategy counts fully only when the reply is about this user's situation
 * (`personal`: it picks up their words or story details); the same strategy in generic words counts little.
 */
function needReasons(
  intention: IntentionKey | undefined,
  labels: ReadonlySet<StrategyLabel>,
  personal: boolean,
): JudgeReason[] {
  if (!intention) return [];
  const wanted = INTENTION_STRATEGIES[intention];
  const primary = wanted.satisfies[0];
  const metPrimary = primary !== undefined && labels.has(primary);
  const metSecondary = wanted.satisfies.slice(1).find((label) => labels.has(label));
  const reasons: JudgeReason[] = [];
  // Praise is welcome even in plain words; other strategies must be about this user's situation.
  if (metPrimary && (personal || primary === 'praise'))
    reasons.push({ code: 'need-met', points: W.primaryNeedMet, detail: primary });
  else if (metPrimary) reasons.push({ code: 'need-generic', points: W.genericNeedMet, detail: primary });
  else if (metSecondary) reasons.push({ code: 'need-partly', points: W.secondaryNeedMet, detail: metSecondary });
  const disliked = wanted.dislikes.filter((label) => labels.has(label)).slice(0, 2);
  for (const label of disliked) {
    reasons.push({ code: 'disliked', points: metPrimary || metSecondary ? W.disliked / 2 : W.disliked, detail: label });
  }
  if (intention === 'e3' && labels.has('generic_comfort') && !labels.has('deep_empathy')) {
    reasons.push({ code: 'shallow-comfort', points: W.shallowComfortForEmpathy });
  }
  if (!metPrimary && !metSecondary && disliked.length === 0) {
    const points = INTENTIONS[intention].group === 'rational' ? W.needMissedRational : W.needMissedEmotional;
    reasons.push({ code: 'need-missed', points, detail: intention });
  }
  if (labels.has('praise') && primary !== 'praise' && INTENTIONS[intention].group === 'emotional') {
    reasons.push({ code: 'praised', points: W.praiseAnyway });
  }
  return reasons;
}

function personalityReasons(
  personality: PersonalityType,
  tags: StrategyTagResult,
  labels: ReadonlySet<StrategyLabel>,
): JudgeReason[] {
  const questions = countLabel(tags, 'question');
  if (personality === 'avoidant') {
    if (questions >= 2) return [{ code: 'probing', points: W.avoidantManyQuestions }];
    if (questions === 1) return [{ code: 'probing', points: W.avoidantOneQuestion }];
    return [];
  }
  const reasons: JudgeReason[] = [];
  if (personality === 'passive' && (labels.has('active_listening') || labels.has('deep_empathy'))) {
    reasons.push({ code: 'gentle', points: W.passiveGentle });
  }
  if (questions >= 3) reasons.push({ code: 'too-many-questions', points: W.tooManyQuestions });
  else if (questions >= 1) reasons.push({ code: 'engaged-question', points: W.engagedQuestion });
  return reasons;
}

/** Shared content units with the user's last message that count as picking it up (some / many). */
const ECHO_SOME = { zh: 6, en: 2 } as const;
const ECHO_MANY = { zh: 12, en: 5 } as const;

function groundingReasons(
  input: JudgeInput,
  details: readonly string[],
  length: number,
  echoed: number,
): JudgeReason[] {
  const reasons: JudgeReason[] = [];
  const limits = LENGTH_LIMITS[input.lang];
  if (details.length >= 3)
    reasons.push({
      code: 'grounded',
      points: W.groundedMany,
      detail: details.slice(0, 2).join(input.lang === 'zh' ? '、' : ', '),
    });
  else if (details.length >= 1) reasons.push({ code: 'grounded', points: W.groundedSome, detail: details[0] });
  else if (length > limits.short * 2) reasons.push({ code: 'ungrounded', points: W.ungrounded });
  if (input.lastUserMessage.trim() !== '') {
    if (echoed >= ECHO_MANY[input.lang]) reasons.push({ code: 'echo', points: W.echoMany });
    else if (echoed >= ECHO_SOME[input.lang]) reasons.push({ code: 'echo', points: W.echoSome });
    else if (echoed === 0 || (input.lang === 'zh' && echoed <= 2))
      reasons.push({ code: 'no-echo', points: W.echoNone });
  }
  const overlap = maxOverlapWithEarlier(input.reply, input.earlierReplies);
  if (overlap >= 0.85) reasons.push({ code: 'repetition', points: W.repeatedVerbatim });
  else if (overlap >= 0.6) reasons.push({ code: 'repetition', points: W.repeatedMostly });
  return reasons;
}

function styleReasons(input: JudgeInput, length: number): JudgeReason[] {
  const reasons: JudgeReason[] = [];
  const limits = LENGTH_LIMITS[input.lang];
  if (length < limits.tooShort) reasons.push({ code: 'too-short', points: W.tooShort });
  else if (length < limits.short) reasons.push({ code: 'too-short', points: W.short });
  else if (length > limits.wall) reasons.push({ code: 'too-long', points: W.wallOfText });
  else if (length > limits.long) reasons.push({ code: 'too-long', points: W.long });
  else if (length >= limits.comfortableMin && length <= limits.comfortableMax) {
    reasons.push({ code: 'comfortable-length', points: W.comfortableLength });
  }
  if (reportFormatting(input.reply) >= 4) reasons.push({ code: 'report-format', points: W.reportFormatting });
  const cliches = clicheCount(input.reply, input.lang);
  if (cliches > 0) reasons.push({ code: 'cliche', points: Math.max(W.clicheCap, cliches * W.clichePerPhrase) });
  const warmth = warmthCount(input.reply, input.lang);
  if (warmth >= 2) reasons.push({ code: 'warm', points: W.warmMany });
  else if (warmth === 1) reasons.push({ code: 'warm', points: W.warmSome });
  return reasons;
}

function moodReason(emotion: number, recentDeltas: readonly number[]): JudgeReason | undefined {
  const mood = Math.max(-W.moodCap, Math.min(W.moodCap, (emotion - W.moodCentre) / W.moodScale));
  const recent = recentDeltas.slice(-2);
  const trendRaw =
    recent.length === 0 ? 0 : (recent.reduce((sum, value) => sum + value, 0) / recent.length / 5) * W.trendPerFive;
  const points = Math.round((mood + Math.max(-W.trendCap, Math.min(W.trendCap, trendRaw))) * 10) / 10;
  return points === 0 ? undefined : { code: 'mood', points };
}

/**
 * Judge one policy reply as the offline user: hidden-intention fit of the strategy tags, personality,
 * grounding in the user's story, repetition, length, formatting, garbled text, language, and mood.
 * Pure and fast (no I/O).
 */
export function judgeReply(input: JudgeInput): Judgement {
  const garble = detectGarbled(input.reply);
  if (garble.garbled) {
    return {
      score: W.garbled,
      reasons: [{ code: 'garbled', points: W.garbled, detail: garble.reasons[0] }],
      details: [],
      garbled: true,
    };
  }
  const details = findStoryDetails(input.reply, input.story, input.lang);
  const length = replyLength(input.reply, input.lang);
  const labels = perceivedLabels(input.tags, details);
  const echoed = echoCount(input.reply, input.lastUserMessage, input.lang);
  const personal = details.length >= 2 || echoed >= ECHO_SOME[input.lang];
  const reasons: JudgeReason[] = [
    ...needReasons(input.intention, labels, personal),
    ...personalityReasons(input.personality, input.tags, labels),
    ...groundingReasons(input, details, length, echoed),
    ...styleReasons(input, length),
  ];
  if (isLanguageMismatch(input.reply, input.lang))
    reasons.push({ code: 'language-mismatch', points: W.languageMismatch });
  reasons.push({ code: 'guarded', points: W.guarded + (input.personality === 'negative' ? W.negativeBias : 0) });
  const mood = moodReason(input.emotion, input.recentDeltas);
  if (mood) reasons.push(mood);
  let score = reasons.reduce((sum, reason) => sum + reason.points, 0);
  if (input.personality === 'negative') {
    const amplification = score * (W.negativeAmplifier - 1);
    reasons.push({ code: 'temper', points: Math.round(amplification * 10) / 10 });
    score += amplification;
  }
  return { score, reasons, details, garbled: false };
}
