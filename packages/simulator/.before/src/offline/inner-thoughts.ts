import type { IntentionKey, Language, StrategyLabel } from '@rlver/spec';
import { LABEL_DISLIKED, LABEL_WANTED, MOOD_TEXTS, NEED_IN_WORDS, REASON_TEXTS } from './inner-thought-texts';
import type { JudgeReason } from './judge-reply';

function signed(points: number): string {
  const rounded = Math.round(points * 10) / 10;
  return rounded > 0 ? `+${rounded}` : `${rounded}`;
}

function reasonSentence(
  reason: JudgeReason,
  lang: Language,
  intention: IntentionKey | undefined,
  details: readonly string[],
): string {
  const template = REASON_TEXTS[reason.code][lang];
  const label = reason.detail as StrategyLabel | undefined;
  let wanted = (label && LABEL_WANTED[label]?.[lang]) ?? '';
  if (label === 'praise') {
    const detail = details[0];
    const praised =
      lang === 'zh'
        ? detail
          ? `在“${detail}”这件事上的做法`
          : '做过的事'
        : detail
          ? `how I handled ${detail}`
          : 'what I did';
    wanted = wanted.replace('{detail}', praised);
  }
  const need = intention ? NEED_IN_WORDS[intention][lang] : '';
  const moodText = MOOD_TEXTS[reason.points >= 0 ? 'up' : 'down'][lang];
  return template
    .replace('{wanted}', wanted)
    .replace('{disliked}', (label && LABEL_DISLIKED[label]?.[lang]) ?? '')
    .replace('{need}', need)
    .replace('{detail}', reason.detail ?? '')
    .replace('{moodText}', moodText);
}

/**
 * The user's inner thoughts about a reply, in the profile's language: the strongest reasons with their
 * points, then the applied change, e.g. "They praised what I did — exactly what I needed (+6). … → +5".
 */
export function renderInnerThoughts(options: {
  reasons: readonly JudgeReason[];
  lang: Language;
  intention: IntentionKey | undefined;
  delta: number;
  /** Story details the reply used (named in the praise sentence). */
  details?: readonly string[];
}): string {
  const strongest = [...options.reasons]
    .filter((reason) => reason.points !== 0)
    .sort((a, b) => Math.abs(b.points) - Math.abs(a.points))
    .slice(0, 4);
  const sentences = strongest.map(
    (reason) =>
      `${reasonSentence(reason, options.lang, options.intention, options.details ?? [])} (${signed(reason.points)})`,
  );
  if (options.lang === 'zh') {
    return `${sentences.join('；')}。情绪变化：${signed(options.delta)}`;
  }
  return `${sentences.join('. ')}. Emotion change: ${signed(options.delta)}`;
}
