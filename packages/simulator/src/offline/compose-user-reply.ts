import type { EmotionBand, IntentionKey, Language, PersonalityType, Rng } from '@rlver/spec';
import type { Judgement } from './judge-reply';
import type { StoryIndex } from './story-index';
import { GOODBYES, GRUMBLES, NEED_HINTS, OPENERS, REACTIONS, REVEALS, SOMEONE } from './user-reply-texts';

/** Inputs of {@link composeUserReply}. */
export interface ComposeUserReplyOptions {
  rng: Rng;
  lang: Language;
  band: EmotionBand;
  delta: number;
  judgement: Judgement;
  intention: IntentionKey | undefined;
  personality: PersonalityType;
  story: StoryIndex;
  /** Stages of the story already told. */
  revealed: number;
  /** The user's earlier messages: phrases already used there are avoided when possible. */
  earlierMessages?: readonly string[];
}

/** A variant not yet used in the earlier messages (any variant when all were used). */
function pickFresh(
  rng: Rng,
  variants: readonly string[],
  earlier: readonly string[],
  fill: (text: string) => string = (text) => text,
) {
  const fresh = variants.filter((variant) => !earlier.some((message) => message.includes(fill(variant))));
  return rng.pick(fresh.length > 0 ? fresh : variants);
}

/** The first hint (subtle to explicit) not said yet, so a missed need is voiced more plainly each time. */
function nextHint(
  hints: readonly string[],
  personality: PersonalityType,
  earlier: readonly string[],
  fillHint: (text: string) => string,
): string | undefined {
  const usable = personality === 'passive' ? hints.filter((hint) => !/[？?]$/.test(hint)) : hints;
  const unsaid = usable.find((hint) => !earlier.some((message) => message.includes(fillHint(hint))));
  return unsaid ?? usable[earlier.length % Math.max(usable.length, 1)];
}

function fill(template: string, story: StoryIndex, lang: Language, stage = ''): string {
  return template.replace(/\{other\}/g, story.otherNames[0] ?? SOMEONE[lang]).replace('{stage}', stage);
}

function join(parts: readonly string[], lang: Language): string {
  return parts.filter((part) => part !== '').join(lang === 'zh' ? '' : ' ');
}

function reactionKind(options: ComposeUserReplyOptions): keyof typeof REACTIONS {
  const codes = new Set(options.judgement.reasons.map((reason) => reason.code));
  if (options.judgement.garbled) return 'garbled';
  if (codes.has('language-mismatch')) return 'language';
  if (options.judgement.reasons.some((reason) => reason.code === 'repetition' && reason.points <= -4)) return 'repeat';
  if (options.delta >= 10) return 'great';
  if (options.delta > 0) return 'good';
  return options.delta >= -5 ? 'bad' : 'awful';
}

/**
 * The user's next message, in character: a reaction to the reply, one more stage of the story when trust
 * grows (avoidant users only at band A or above), a natural hint at the hidden need when it was not met, and a
 * goodbye (拜拜/再见/bye) at band S or F. Returns the message and whether a stage was revealed.
 */
export function composeUserReply(options: ComposeUserReplyOptions): { message: string; revealed: boolean } {
  const { rng, lang, band, story } = options;
  if (band === 'S') {
    return {
      message: join([rng.pick(REACTIONS.great[lang]), rng.pick(GOODBYES.grateful[lang])], lang),
      revealed: false,
    };
  }
  if (band === 'F') {
    const grumble = options.personality === 'negative' ? rng.pick(GRUMBLES[lang]) : '';
    return { message: join([grumble + rng.pick(GOODBYES.fedUp[lang])], lang), revealed: false };
  }
  const parts: string[] = [];
  const earlier = options.earlierMessages ?? [];
  const grumble = options.personality === 'negative' && band === 'C' ? rng.pick(GRUMBLES[lang]) : '';
  parts.push(grumble + pickFresh(rng, REACTIONS[reactionKind(options)][lang], earlier));
  const stage = story.stages[options.revealed];
  const mayReveal = options.personality !== 'avoidant' || band === 'A';
  const revealed = options.delta > 0 && stage !== undefined && mayReveal;
  if (revealed) parts.push(fill(rng.pick(REVEALS[lang]), story, lang, stage));
  const needMet = options.judgement.reasons.some((reason) => reason.code === 'need-met');
  if (options.intention && !needMet && !options.judgement.garbled) {
    const fillHint = (text: string) => fill(text, story, lang);
    const hint = nextHint(NEED_HINTS[options.intention][lang], options.personality, earlier, fillHint);
    if (hint) parts.push(fillHint(hint));
  }
  return { message: join(parts, lang), revealed };
}

/** A generated opener that mentions the event (the other person or the first stage), never the hidden need. */
export function composeOpener(rng: Rng, lang: Language, story: StoryIndex): string {
  const usable = OPENERS[lang].filter(
    (template) =>
      (!template.includes('{other}') || story.otherNames.length > 0) &&
      (!template.includes('{stage}') || story.stages.length > 0),
  );
  return fill(rng.pick(usable), story, lang, story.stages[0] ?? '');
}
