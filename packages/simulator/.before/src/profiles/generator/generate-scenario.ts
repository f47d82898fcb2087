import {
  createRng,
  hashSeed,
  INTENTIONS,
  type IntentionKey,
  type Language,
  type PersonalityType,
  type Profile,
  type Rng,
} from '@rlver/spec';
import { render, type Slots } from './bilingual';
import { composeOpener } from './compose-opener';
import { composePersona, type Gender, pickName } from './compose-persona';
import { composeScene } from './compose-scene';
import { MAIN_CHARACTER, TRAITS, TRAITS_BY_TYPE } from './personality-tables';
import { TIMELINES } from './timeline-tables';
import type { TopicTemplate } from './topic-template';
import { TOPICS } from './topics';

const PERSONALITY_TYPES: readonly PersonalityType[] = ['negative', 'passive', 'avoidant'];
const RATIONAL: readonly IntentionKey[] = ['r1', 'r2', 'r3', 'r4'];
const EMOTIONAL: readonly IntentionKey[] = ['e1', 'e2', 'e3', 'e4'];

/** Hidden intention as the reference generator picks it: rational or emotional with p = 0.5, then uniform (spec §2.5). */
export function pickIntention(rng: Rng): IntentionKey {
  return rng.pick(rng.next() < 0.5 ? RATIONAL : EMOTIONAL);
}

/** Personality type uniformly, then 3 distinct traits from its list (spec §2.4). Traits are English keys. */
export function pickPersonality(rng: Rng): { type: PersonalityType; traits: string[] } {
  const type = rng.pick(PERSONALITY_TYPES);
  return { type, traits: rng.shuffle(TRAITS_BY_TYPE[type]).slice(0, 3) };
}

function counterpartGender(rng: Rng, topic: TopicTemplate): Gender {
  if (topic.counterpart.gender === 'f') return 'female';
  if (topic.counterpart.gender === 'm') return 'male';
  return rng.next() < 0.5 ? 'female' : 'male';
}

/** Options of {@link generateScenario}. */
export interface GenerateScenarioOptions {
  lang: Language;
  id: string;
  rng: Rng;
  /** Force a topic by key (tests); random otherwise. */
  topicKey?: string;
}

/**
 * Compose one scenario profile procedurally (no LLM): persona, background with a dated 4-stage timeline,
 * reactions, reply preferences, the hidden theme appended as in the reference, an opener, plus the project
 * fields `lang`, `intention` and `topic` (`<category>-<question>`).
 */
export function generateScenario(options: GenerateScenarioOptions): Profile {
  const { lang, rng } = options;
  const topic = (options.topicKey && TOPICS.find((entry) => entry.key === options.topicKey)) || rng.pick(TOPICS);
  const intention = pickIntention(rng);
  const personality = pickPersonality(rng);
  const persona = composePersona(rng, lang, { ...personality, ages: topic.ages });
  const other = pickName(rng, lang, counterpartGender(rng, topic), persona.shortName);
  const baseSlots: Slots = { me: persona.shortName, other: other.short, role: topic.counterpart.role[lang] };
  const slots: Slots = { ...baseSlots, thing: render(rng.pick(topic.things), lang, baseSlots) };
  const scene = composeScene(lang, { topic, slots, timeline: rng.pick(TIMELINES), type: personality.type, intention });
  const task = INTENTIONS[intention].task[lang];
  return {
    id: options.id,
    player: persona.player,
    scene,
    main_cha: MAIN_CHARACTER[personality.type][lang],
    cha_group: personality.traits.map((key) => TRAITS[key]?.label[lang] ?? key),
    task,
    first_talk: composeOpener(rng, lang, topic, slots),
    topic: `${render(topic.category, lang)}-${render(topic.question, lang, slots)}`,
    lang,
    intention,
  };
}

/** Options of {@link generateScenarios}. */
export interface GenerateScenariosOptions {
  lang: Language;
  count: number;
  seed: number;
  /** Ids are `<idPrefix>-0001`, `<idPrefix>-0002`, … */
  idPrefix: string;
}

/**
 * A deterministic set of scenarios: scenario i uses its own RNG seeded from (seed, i), so a set's first k
 * scenarios do not depend on its size. Topics cycle through a seeded shuffle so every topic is covered evenly.
 */
export function generateScenarios(options: GenerateScenariosOptions): Profile[] {
  const order = createRng(hashSeed(options.seed, options.lang, 'topics'));
  const topicCycle: string[] = [];
  const profiles: Profile[] = [];
  for (let index = 0; index < options.count; index += 1) {
    if (topicCycle.length === 0) topicCycle.push(...order.shuffle(TOPICS.map((topic) => topic.key)));
    const id = `${options.idPrefix}-${String(index + 1).padStart(4, '0')}`;
    const rng = createRng(hashSeed(options.seed, options.lang, index));
    profiles.push(generateScenario({ lang: options.lang, id, rng, topicKey: topicCycle.pop() }));
  }
  return profiles;
}
