import {
  type ChatMessage,
  createRng,
  type DialoguePolicyV1,
  hashSeed,
  type Language,
  type PolicyOutput,
  type Profile,
  type Rng,
  type StrategyLabel,
} from '@rlver/spec';
import { createRuleTagger, INTENTION_STRATEGIES } from '@rlver/strategies';
import { auditReply } from '@rlver/text-quality';
import { buildStoryIndex, type StoryIndex } from '../story-index';
import { ORACLE_FALLBACKS, ORACLE_OPENERS, ORACLE_SENTENCES } from './oracle-replies';

/** Options of {@link createOraclePolicy}. */
export interface OraclePolicyOptions {
  /** The profile of the one dialogue this policy answers (it reads the hidden intention: calibration only). */
  profile: Profile;
  seed: number;
  /**
   * `oracle` (default): the strategies of the hidden intention. `shotgun`: a control that does NOT read the
   * intention: three random strategies of the same sentence banks per reply, equally grounded and varied.
   */
  mode?: 'oracle' | 'shotgun';
}

const SHOTGUN_LABELS = Object.keys(ORACLE_SENTENCES) as StrategyLabel[];

const tagger = createRuleTagger();

/** Second person for a first-person retelling of the user's story. */
function toSecondPerson(text: string, lang: Language): string {
  if (lang === 'zh') return text.replace(/我们/g, '你们').replace(/我/g, '你');
  return text
    .replace(/\bI'm\b/g, 'you are')
    .replace(/\bI\b/g, 'you')
    .replace(/\bmy\b/gi, 'your')
    .replace(/\bme\b/g, 'you')
    .replace(/\bmyself\b/g, 'yourself');
}

function clauses(text: string, lang: Language): string[] {
  const [min, max] = lang === 'zh' ? [4, 20] : [10, 70];
  return text
    .split(lang === 'zh' ? /[。！？!?，,；;…\n“”"]+/u : /[.!?;\n"“”]+|, (?=and |but |so )/)
    .map((clause) => clause.trim())
    .filter((clause) => clause.length >= min && clause.length <= max);
}

interface Slots {
  name: string;
  event: string;
  /** A phrase of the user's last message about their story; undefined when there is none worth quoting. */
  quote: string | undefined;
}

/** What a reply grounds itself in: the other person, an event the user told, a phrase of their last message. */
function slotsOf(messages: readonly ChatMessage[], story: StoryIndex, lang: Language, rng: Rng): Slots {
  const userTexts = messages.filter((message) => message.role === 'user').map((message) => message.content);
  const told = story.stages.filter((stage) => userTexts.some((text) => text.includes(stage)));
  const fallback = ORACLE_FALLBACKS[lang];
  // Only phrases about the story (a keyword or a name), never the user's reaction to the last reply.
  const storyWords = [...story.keywords, ...story.toldWords, ...story.otherNames].map((word) => word.toLowerCase());
  const storyClauses = clauses(userTexts.at(-1) ?? '', lang).filter((clause) =>
    storyWords.some((word) => clause.toLowerCase().includes(word)),
  );
  const quote = storyClauses.length > 0 ? toSecondPerson(rng.pick(storyClauses), lang) : undefined;
  const stage = told.at(-1) ?? clauses(userTexts[0] ?? '', lang)[0];
  const event = stage ? toSecondPerson(clauses(stage, lang)[0] ?? stage, lang) : fallback.event;
  const named = story.otherNames.find((name) => userTexts.some((text) => text.includes(name)));
  return { name: named ?? story.otherNames[0] ?? fallback.name, event, quote };
}

/** The template with its slots filled; undefined when it quotes and there is nothing worth quoting. */
function fill(template: string, slots: Slots): string | undefined {
  if (template.includes('{quote}') && slots.quote === undefined) return undefined;
  return template
    .replace('{name}', slots.name)
    .replace('{event}', slots.event)
    .replace('{quote}', slots.quote ?? '');
}

/** Labels of the intention: the primary every turn, the secondary added every other turn. */
function plannedLabels(profile: Profile, turn: number, mode: 'oracle' | 'shotgun', rng: Rng): StrategyLabel[] {
  if (mode === 'shotgun') return rng.shuffle(SHOTGUN_LABELS).slice(0, 3);
  const intention = profile.intention ?? 'e2';
  const [primary, secondary] = INTENTION_STRATEGIES[intention].satisfies as [StrategyLabel, StrategyLabel];
  return turn % 2 === 1 ? [primary, secondary] : [primary];
}

function composeReply(
  profile: Profile,
  story: StoryIndex,
  messages: readonly ChatMessage[],
  seed: number,
  mode: 'oracle' | 'shotgun',
): string {
  const lang: Language = profile.lang ?? 'zh';
  const earlier = messages.filter((message) => message.role === 'assistant').map((message) => message.content);
  const rng = createRng(hashSeed(seed, profile.id, earlier.length));
  const slots = slotsOf(messages, story, lang, rng);
  const wanted = plannedLabels(profile, earlier.length, mode, rng);
  const disliked = new Set(mode === 'oracle' ? INTENTION_STRATEGIES[profile.intention ?? 'e2'].dislikes : []);
  const fresh = (sentence: string) => !earlier.some((reply) => reply.includes(sentence));
  let best = '';
  for (let attempt = 0; attempt < 24; attempt += 1) {
    const sentences = wanted.map((label) => {
      const pool = (ORACLE_SENTENCES[label]?.[lang] ?? []).flatMap((template) => fill(template, slots) ?? []);
      const unused = pool.filter(fresh);
      return rng.pick(unused.length > 0 ? unused : pool);
    });
    const opener = fill(rng.pick(ORACLE_OPENERS[lang]), slots) ?? '';
    const reply = [opener, ...sentences].filter(Boolean).join(lang === 'zh' ? '' : ' ');
    // A good writer: no reply that quotes the same clause twice or otherwise reads as broken text.
    if (auditReply(reply, lang).degenerate) continue;
    const labels = new Set(tagger.tag(reply, lang).labels);
    best ||= reply;
    if (labels.has(wanted[0] as StrategyLabel) && ![...labels].some((label) => disliked.has(label))) return reply;
  }
  return best || (fill(rng.pick(ORACLE_OPENERS[lang]), slots) ?? '');
}

/**
 * A calibration ORACLE: it reads the profile's hidden intention (which a real policy never sees) and answers
 * with the strategies that satisfy it (`INTENTION_STRATEGIES`), grounded in the other person's name, the events
 * the user told and a phrase of their last message, never repeating a sentence. Use it only to check that the
 * offline user rewards the right behaviour (scripts/calibration-report.ts, tests).
 */
export function createOraclePolicy(options: OraclePolicyOptions): DialoguePolicyV1 {
  const lang: Language = options.profile.lang ?? 'zh';
  const story = buildStoryIndex(options.profile, lang);
  const mode = options.mode ?? 'oracle';
  return {
    specificationVersion: 'v1',
    policyId: mode,
    async doAct({ requests }) {
      return requests.map((request): PolicyOutput => {
        const text = composeReply(options.profile, story, request.messages, options.seed, mode);
        return { text, finishReason: 'stop', promptTokenCount: 0, outputTokenCount: 0, latencyMs: 0 };
      });
    },
  };
}
