import {
  type ChatMessage,
  createRng,
  hashSeed,
  INTENTIONS,
  type IntentionKey,
  type Language,
  type Rng,
} from '@rlver/spec';
import { INTENTION_STRATEGIES } from '@rlver/strategies';
import { asSentence, randomStoryClause } from './copy-curriculum';
import type { CorpusDialogue, ReplyKind, ReplySlots, ReplyTemplate } from './corpus-types';
import { drawScenarioStory, drawSimulatorStory, fillName, type Story } from './draw-story';
import { type GroundedSlots, type GroundedTemplate, pickFragment, shortThing } from './grounded-slots';
import { GROUNDED_TEMPLATES_EN } from './grounded-templates-en';
import { GROUNDED_TEMPLATES_ZH } from './grounded-templates-zh';
import { type HeldOutText, touchesHeldOut } from './held-out';
import { pickQuote, QUOTE_TEMPLATES_EN, QUOTE_TEMPLATES_ZH } from './quote-templates';
import { type CorpusStrategy, REPLY_TEMPLATES_EN, THINK_TEMPLATES_EN } from './strategy-templates-en';
import { REPLY_TEMPLATES_ZH, THINK_TEMPLATES_ZH } from './strategy-templates-zh';
import { EMBEDDED_SYSTEM_PROMPTS } from './system-prompts';
import { lingeringDetail, type ReactionKind, reactionSentence } from './user-reactions';

/** Settings of the corpus generator. */
export interface CorpusOptions {
  /** Root seed; dialogue `i` is generated from `hashSeed(seed, i)`, so prefixes of corpora agree. */
  seed: number;
  /** Number of dialogues. */
  dialogueCount: number;
  /** Share of dialogues whose system prompt asks for `<think>…</think>` (default 0.35). */
  thinkingFraction?: number;
  /** Share of non-thinking dialogues without a system prompt (default 0.15; long prompts cost training time). */
  noSystemFraction?: number;
  /** Share of dialogues whose system prompt is in the other language (default 0.15). */
  crossLanguageSystemFraction?: number;
  /** Share of dialogues built on the simulator's topics rather than the corpus's own scenarios (default 0.5). */
  simulatorStoryFraction?: number;
  /** Share of replies to the corpus's own scenarios that name the event generically (default 0). */
  genericEventFraction?: number;
  /**
   * Share of replies that quote a clause of the user's last message (`quote-templates.ts`; default 0). Copying
   * the user's words is how a small model grounds a reply in a story it never saw.
   */
  quoteFraction?: number;
  /**
   * Share of names, openers and user details drawn from the copy curriculum (`copy-curriculum.ts`: made-up names
   * and clauses, default 0): material a model can only repeat back by copying it, not by recall.
   */
  copyCurriculumFraction?: number;
  /**
   * Share of replies written by the grounded templates (`grounded-templates-*.ts`, default 0): the strategy's move
   * in the reply's own words about this user, built from the name, the thing and a short fragment of what the user
   * said. Drawn before `quoteFraction`, which then applies to the rest.
   */
  groundedFraction?: number;
  /** Probabilities of 1, 2, 3, 4 assistant turns (default 0.2, 0.3, 0.3, 0.2). */
  turnCountWeights?: readonly number[];
  /**
   * Held-out text the corpus must not contain (decontamination): a story whose opening or details reproduce it is
   * drawn again. The pretraining script passes the shipped test scenarios (`shippedHeldOutText`).
   */
  heldOut?: HeldOutText;
}

/** Draws of a story before giving up on finding one that stays clear of the held-out text. */
const MAX_STORY_DRAWS = 50;

/** Strategies the corpus teaches, drawn uniformly per assistant turn. */
export const CORPUS_STRATEGIES: readonly CorpusStrategy[] = Object.keys(REPLY_TEMPLATES_EN) as CorpusStrategy[];

const INTENTION_KEYS = Object.keys(INTENTIONS) as IntentionKey[];
const REPLIES = { en: REPLY_TEMPLATES_EN, zh: REPLY_TEMPLATES_ZH } as const;
const THINKS = { en: THINK_TEMPLATES_EN, zh: THINK_TEMPLATES_ZH } as const;
const QUOTES = { en: QUOTE_TEMPLATES_EN, zh: QUOTE_TEMPLATES_ZH } as const;
const GROUNDED = { en: GROUNDED_TEMPLATES_EN, zh: GROUNDED_TEMPLATES_ZH } as const;
/** Stand-in name used to find the templates that mention the other person. */
const NAME_PROBE = '\u0001';
const DEFAULT_TURN_COUNT_WEIGHTS = [0.2, 0.3, 0.3, 0.2] as const;

function drawTurnCount(rng: Rng, weights: readonly number[]): number {
  let draw = rng.next();
  for (let index = 0; index < weights.length; index += 1) {
    draw -= weights[index] as number;
    if (draw < 0) return index + 1;
  }
  return weights.length;
}

const PROBE_SLOTS: ReplySlots = {
  name: NAME_PROBE,
  event: 'e',
  feeling: 'f',
  effort: 'e',
  motive: 'm',
  action: 'a',
  disclosure: 'd',
  fact: 'f',
  quote: 'q',
};

/** Templates usable for the story: those that name the other person only when the opener did. */
function usableTemplates(templates: readonly ReplyTemplate[], story: Story): readonly ReplyTemplate[] {
  if (story.hasName) return templates;
  const usable = templates.filter((template) => !template(PROBE_SLOTS).includes(NAME_PROBE));
  return usable.length > 0 ? usable : templates;
}

const BIT_PROBE = '\u0002';
const THING_PROBE = '\u0003';

/** Grounded templates usable with these slots: those that use only the slots the user's words filled. */
function usableGrounded(templates: readonly GroundedTemplate[], slots: GroundedSlots): GroundedTemplate[] {
  const probe = {
    ...slots,
    name: slots.name || NAME_PROBE,
    bit: slots.bit || BIT_PROBE,
    thing: slots.thing || THING_PROBE,
  };
  return templates.filter((template) => {
    const text = template(probe);
    return (
      (slots.name !== '' || !text.includes(NAME_PROBE)) &&
      (slots.bit !== '' || !text.includes(BIT_PROBE)) &&
      (slots.thing !== '' || !text.includes(THING_PROBE))
    );
  });
}

/**
 * A grounded reply of `strategy` (see `CorpusOptions.groundedFraction`), or undefined when the strategy has none or
 * the user has said nothing it can be built from.
 */
function drawGroundedReply(
  rng: Rng,
  lang: Language,
  strategy: CorpusStrategy,
  story: Story,
  slots: ReplySlots,
  told: readonly string[],
  lastUserStory: string,
): string | undefined {
  const templates = GROUNDED[lang][strategy];
  if (!templates) return undefined;
  const name = story.hasName ? story.person : '';
  const thingSaid = told.some((message) => message.includes(story.thing));
  const bit = pickFragment(lastUserStory, lang, rng, [story.person, story.thing]) ?? '';
  // A thing the user has not said yet is not the reply's to name (the policy sees only the dialogue).
  const thing = (!story.thingSaid || thingSaid ? shortThing(story.thing, lang) : undefined) ?? '';
  if (thing === '' && bit === '') return undefined;
  const grounded: GroundedSlots = { name, thing, bit, feeling: slots.feeling };
  const usable = usableGrounded(templates, grounded);
  return usable.length > 0 ? rng.pick(usable)(grounded) : undefined;
}

/** How a user with `intention` takes a reply of `strategy` (from the strategies package's mapping). */
export function reactionTo(strategy: CorpusStrategy, intention: IntentionKey): ReactionKind {
  const { satisfies, dislikes } = INTENTION_STRATEGIES[intention];
  if (satisfies.includes(strategy)) return 'pleased';
  if (dislikes.includes(strategy) || strategy === 'generic_comfort') return 'displeased';
  return 'neutral';
}

function drawSystemPrompt(
  rng: Rng,
  lang: Language,
  thinking: boolean,
  options: Omit<CorpusOptions, 'dialogueCount'>,
): string | null {
  if (!thinking && rng.next() < (options.noSystemFraction ?? 0.15)) return null;
  const crossLanguage = rng.next() < (options.crossLanguageSystemFraction ?? 0.15);
  const promptLanguage: Language = crossLanguage ? (lang === 'en' ? 'zh' : 'en') : lang;
  const prompts = EMBEDDED_SYSTEM_PROMPTS[thinking ? 'thinking' : 'plain'][promptLanguage];
  const draw = rng.next();
  if (draw < 0.35) return prompts[0] as string;
  if (draw < 0.7) return prompts[1] as string;
  return rng.pick(prompts.slice(2));
}

function drawStrategies(rng: Rng, count: number): CorpusStrategy[] {
  const strategies: CorpusStrategy[] = [];
  for (let turn = 0; turn < count; turn += 1) {
    const previous = strategies[turn - 1];
    const choices = CORPUS_STRATEGIES.filter((strategy) => strategy !== previous);
    strategies.push(rng.pick(choices));
  }
  return strategies;
}

function userFollowUp(
  rng: Rng,
  lang: Language,
  intention: IntentionKey,
  kind: ReactionKind,
  detail: string,
  name: string,
): string {
  const reaction = fillName(reactionSentence(kind, lang, intention, rng.pick), name);
  return lang === 'en' ? `${reaction} ${detail}` : `${reaction}${detail}`;
}

/**
 * One reply of `strategy`: with probability `quoteFraction` (and when the strategy has quote templates and what
 * the user last told of their story has a quotable clause) a template that copies that clause, else a story
 * template.
 */
function drawReply(
  rng: Rng,
  lang: Language,
  strategy: CorpusStrategy,
  story: Story,
  slots: ReplySlots,
  lastUserStory: string,
  quoteFraction: number,
  groundedFraction: number,
  told: readonly string[],
): { text: string; kind: ReplyKind } {
  // Draw only when enabled, so corpora without the option stay identical.
  if (groundedFraction > 0 && rng.next() < groundedFraction) {
    const text = drawGroundedReply(rng, lang, strategy, story, slots, told, lastUserStory);
    if (text !== undefined) return { text, kind: 'grounded' };
  }
  const quoteTemplates = QUOTES[lang][strategy];
  if (quoteFraction > 0 && quoteTemplates && rng.next() < quoteFraction) {
    const quote = pickQuote(lastUserStory, lang, rng);
    if (quote !== undefined) return { text: rng.pick(quoteTemplates)({ ...slots, quote }), kind: 'quote' };
  }
  return { text: rng.pick(usableTemplates(REPLIES[lang][strategy], story))(slots), kind: 'story' };
}

/** Generate dialogue number `index` of the corpus with root seed `options.seed`. */
export function generateDialogue(index: number, options: Omit<CorpusOptions, 'dialogueCount'>): CorpusDialogue {
  const rng = createRng(hashSeed('embedded-corpus', options.seed, index));
  const lang: Language = rng.next() < 0.5 ? 'en' : 'zh';
  const fromSimulator = rng.next() < (options.simulatorStoryFraction ?? 0.5);
  const copyFraction = options.copyCurriculumFraction ?? 0;
  const drawStory = () =>
    fromSimulator
      ? drawSimulatorStory(rng, lang, copyFraction)
      : drawScenarioStory(rng, lang, options.genericEventFraction ?? 0, copyFraction);
  // Draw only when enabled, so corpora without the option stay identical.
  const madeUp = () => copyFraction > 0 && rng.next() < copyFraction;
  const madeUpSentence = () => asSentence(randomStoryClause(rng, lang, story.person), lang);
  let story = drawStory();
  for (let draw = 1; options.heldOut && touchesHeldOut(story, options.heldOut); draw += 1) {
    if (draw >= MAX_STORY_DRAWS)
      throw new RangeError(`corpus dialogue ${index}: every story drawn touches held-out text`);
    story = drawStory();
  }
  const intention = rng.pick(INTENTION_KEYS);
  const thinking = rng.next() < (options.thinkingFraction ?? 0.35);
  const strategies = drawStrategies(rng, drawTurnCount(rng, options.turnCountWeights ?? DEFAULT_TURN_COUNT_WEIGHTS));
  const messages: ChatMessage[] = [];
  const system = drawSystemPrompt(rng, lang, thinking, options);
  if (system !== null) messages.push({ role: 'system', content: system });
  const opener = madeUp() ? `${story.opener}${lang === 'en' ? ' ' : ''}${madeUpSentence()}` : story.opener;
  messages.push({ role: 'user', content: opener });
  // What the user last told of their story (their reaction words are not worth quoting).
  let lastUserStory = opener;
  const told = [opener];
  const replyKinds: ReplyKind[] = [];
  strategies.forEach((strategy, turn) => {
    const slots = story.drawSlots(rng);
    const drawn = drawReply(
      rng,
      lang,
      strategy,
      story,
      slots,
      lastUserStory,
      options.quoteFraction ?? 0,
      options.groundedFraction ?? 0,
      told,
    );
    const reply = drawn.text;
    replyKinds.push(drawn.kind);
    const isLast = turn === strategies.length - 1;
    const think = () => rng.pick(usableTemplates(THINKS[lang][strategy], story))(slots);
    messages.push({
      role: 'assistant',
      content: thinking && isLast ? `<think>\n${think()}\n</think>\n${reply}` : reply,
    });
    if (isLast) return;
    const detail = madeUp() ? madeUpSentence() : (story.details[turn] ?? lingeringDetail(lang, rng.pick));
    const kind = reactionTo(strategy, intention);
    const referent = story.hasName ? slots.name : lang === 'en' ? 'they' : '对方';
    lastUserStory = detail;
    told.push(detail);
    messages.push({ role: 'user', content: userFollowUp(rng, lang, intention, kind, detail, referent) });
  });
  return {
    id: `embedded-${options.seed}-${index}`,
    lang,
    topic: story.topic,
    intention,
    thinking,
    messages,
    strategies,
    replyKinds,
    story: {
      person: story.person,
      hasName: story.hasName,
      sentences: [...told, ...story.details.filter((detail) => !told.includes(detail))],
    },
  };
}

/** Generate the whole corpus (deterministic in `options`). */
export function generateCorpus(options: CorpusOptions): CorpusDialogue[] {
  return Array.from({ length: options.dialogueCount }, (_, index) => generateDialogue(index, options));
}
