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
import { FACT_KINDS, type StoryFacts, storyFacts } from './oracle-story-facts';

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
  /** A phrase of the user's last message about their story; undefined when there is none worth quoting. */
  quote: string | undefined;
  /** The scene's facts retold to the user (the oracle's own words about their situation). */
  facts: StoryFacts;
}

/** What a reply grounds itself in: the other person, the facts of the user's situation, a phrase of their last message. */
function slotsOf(
  messages: readonly ChatMessage[],
  story: StoryIndex,
  facts: StoryFacts,
  lang: Language,
  rng: Rng,
): Slots {
  const userTexts = messages.filter((message) => message.role === 'user').map((message) => message.content);
  const fallback = ORACLE_FALLBACKS[lang];
  // Only phrases about the story (a keyword or a name), never the user's reaction to the last reply.
  const storyWords = [...story.keywords, ...story.toldWords, ...story.otherNames].map((word) => word.toLowerCase());
  const storyClauses = clauses(userTexts.at(-1) ?? '', lang).filter((clause) =>
    storyWords.some((word) => clause.toLowerCase().includes(word)),
  );
  const quote = storyClauses.length > 0 ? toSecondPerson(rng.pick(storyClauses), lang) : undefined;
  const named = story.otherNames.find((name) => userTexts.some((text) => text.includes(name)));
  // A fact the user has just said in those words is theirs, not the oracle's: it is left out.
  const said = userTexts.map((text) => toSecondPerson(text, lang).toLowerCase());
  const unsaid = Object.fromEntries(
    Object.entries(facts).filter(([, fact]) => !said.some((text) => sharesStretch(fact as string, text, lang))),
  ) as StoryFacts;
  return { name: named ?? story.otherNames[0] ?? fallback.name, quote, facts: unsaid };
}

/** Whether a fact and a text share a stretch of 6 characters (zh) / 3 words (en). */
function sharesStretch(fact: string, text: string, lang: Language): boolean {
  const units = lang === 'zh' ? [...fact.replace(/[^\p{L}\p{N}]/gu, '')] : (fact.toLowerCase().match(/[a-z']+/g) ?? []);
  const size = lang === 'zh' ? 6 : 3;
  const flat = lang === 'zh' ? text.replace(/[^\p{L}\p{N}]/gu, '') : ` ${(text.match(/[a-z']+/g) ?? []).join(' ')} `;
  for (let index = 0; index + size <= units.length; index += 1) {
    const stretch = units.slice(index, index + size);
    if (lang === 'zh' ? flat.includes(stretch.join('')) : flat.includes(` ${stretch.join(' ')} `)) return true;
  }
  return false;
}

/** Capital letter at the start of each en sentence (a fact retold in lower case may open one). */
function capitalised(text: string, lang: Language): string {
  return lang === 'en'
    ? text.replace(/(^|[.!?]\s+)([a-z])/g, (_, head: string, letter: string) => head + letter.toUpperCase())
    : text;
}

/** The template with its slots filled; undefined when it needs a slot this dialogue has nothing for. */
function fill(template: string, slots: Slots, lang: Language): string | undefined {
  if (template.includes('{quote}') && slots.quote === undefined) return undefined;
  let text = template.replace('{name}', slots.name).replace('{quote}', slots.quote ?? '');
  for (const kind of FACT_KINDS) {
    if (!text.includes(`{${kind}}`)) continue;
    const fact = slots.facts[kind];
    if (fact === undefined) return undefined;
    text = text.replace(`{${kind}}`, fact);
  }
  return capitalised(text, lang);
}

/** Whether a sentence tells a fact one of the chosen sentences already tells. */
function sharesFact(sentence: string, chosen: readonly string[], facts: StoryFacts): boolean {
  return Object.values(facts).some(
    (fact) => fact !== undefined && sentence.includes(fact) && chosen.some((other) => other.includes(fact)),
  );
}

/** Whether a sentence tells one of the particular facts of the user's story (cause, what was tried, current state). */
function tellsParticular(sentence: string, facts: StoryFacts): boolean {
  return [facts.cause, facts.tried, facts.state].some((fact) => fact !== undefined && sentence.includes(fact));
}

/** How often the facts a sentence tells were told in earlier replies (a listener moves on to what is not said yet). */
function toldBefore(sentence: string, facts: StoryFacts, earlier: readonly string[]): number {
  return Object.values(facts)
    .filter((fact) => fact !== undefined && sentence.includes(fact))
    .reduce((sum, fact) => sum + earlier.filter((reply) => reply.includes(fact as string)).length, 0);
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
  const slots = slotsOf(messages, story, storyFacts(profile, story.selfName, lang), lang, rng);
  const wanted = plannedLabels(profile, earlier.length, mode, rng);
  const disliked = new Set(mode === 'oracle' ? INTENTION_STRATEGIES[profile.intention ?? 'e2'].dislikes : []);
  const fresh = (sentence: string) => !earlier.some((reply) => reply.includes(sentence));
  let best = '';
  for (let attempt = 0; attempt < 24; attempt += 1) {
    const sentences: string[] = [];
    for (const label of wanted) {
      const pool = (ORACLE_SENTENCES[label]?.[lang] ?? []).flatMap((template) => fill(template, slots, lang) ?? []);
      // One fact once per reply: a second sentence tells something else.
      const apart = pool.filter((sentence) => !sharesFact(sentence, sentences, slots.facts));
      const unused = (apart.length > 0 ? apart : pool).filter(fresh);
      const candidates = unused.length > 0 ? unused : apart.length > 0 ? apart : pool;
      const least = Math.min(...candidates.map((sentence) => toldBefore(sentence, slots.facts, earlier)));
      const fewest = candidates.filter((sentence) => toldBefore(sentence, slots.facts, earlier) === least);
      // The most particular facts first: what happened, what was tried, how things stand (the generated scenes word
      // conflicts and problems alike across users).
      const particular = fewest.filter((sentence) => tellsParticular(sentence, slots.facts));
      sentences.push(rng.pick(particular.length > 0 ? particular : fewest));
    }
    // It answers the last message first: an opener picking up a phrase of it whenever there is one worth quoting.
    const openers = ORACLE_OPENERS[lang].filter((template) => slots.quote === undefined || template !== '');
    const opener = fill(rng.pick(openers), slots, lang) ?? '';
    const reply = [opener, ...sentences].filter(Boolean).join(lang === 'zh' ? '' : ' ');
    // A good writer: no reply that quotes the same clause twice or otherwise reads as broken text.
    if (auditReply(reply, lang).degenerate) continue;
    const labels = new Set(tagger.tag(reply, lang).labels);
    best ||= reply;
    if (labels.has(wanted[0] as StrategyLabel) && ![...labels].some((label) => disliked.has(label))) return reply;
  }
  return best || (fill(rng.pick(ORACLE_OPENERS[lang]), slots, lang) ?? '');
}

/**
 * A calibration ORACLE: it reads the profile's hidden intention (which a real policy never sees) and answers
 * with the strategies that satisfy it (`INTENTION_STRATEGIES`) in its own words about this user's situation: the
 * scene's facts retold to the user (cause, conflict, underlying cause, what was tried, the problem, the state of
 * things), the other person's name, and now and then a phrase of their last message, never repeating a sentence and
 * moving on to facts it has not told yet. Use it only to check that the
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
