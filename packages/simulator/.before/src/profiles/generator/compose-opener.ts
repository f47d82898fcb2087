import type { Language, Rng } from '@rlver/spec';
import { render, type Slots } from './bilingual';
import type { TopicTemplate } from './topic-template';

/** zh openers must be 13–60 characters (the reference `first_talk` range, widened slightly). */
export const ZH_OPENER_LENGTH = { min: 13, max: 60 } as const;

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function fits(lang: Language, text: string): boolean {
  if (lang === 'zh') return text.length >= ZH_OPENER_LENGTH.min && text.length <= ZH_OPENER_LENGTH.max;
  const words = text.split(/\s+/).length;
  return words >= 3 && words <= 25;
}

/**
 * Compose a `first_talk` opener: mentions the event (a name or a concrete detail), never the hidden theme.
 * Falls back to a plain opener when every template is out of the length range.
 */
export function composeOpener(rng: Rng, lang: Language, topic: TopicTemplate, slots: Slots): string {
  for (const template of rng.shuffle(topic.openers)) {
    const text = capitalise(render(template, lang, slots));
    if (fits(lang, text)) return text;
  }
  return lang === 'zh'
    ? `最近跟${slots.other ?? '家里'}的事让我挺烦的，想找人说说。`
    : `Things with ${slots.other ?? 'someone close'} have been getting to me lately.`;
}
