import type { ChatClient } from '@rlver/llm';
import {
  createRng,
  hashSeed,
  INTENTIONS,
  type IntentionKey,
  InvalidConfigError,
  type Language,
  type Profile,
  type Rng,
} from '@rlver/spec';
import { completeWithResampling } from '../llm/complete-with-resampling';
import { createLlmSimulator } from '../llm/create-llm-simulator';
import { excerpt, type ParseOutcome } from '../llm/parse-text';
import {
  type LlmProfilePersonality,
  PERSONALITY_TRAITS,
  PERSONALITY_TYPE_NAMES,
  pickPersonality,
} from './personality-traits';
import {
  buildLlmPersonaPrompt,
  buildLlmScenePrompt,
  hiddenThemeTail,
  LLM_PROFILE_SEED_TALKS,
  LLM_PROFILE_SEED_TOPICS,
} from './profile-builder-prompts';

export interface BuildProfileWithLlmOptions {
  client: ChatClient;
  lang: Language;
  /** Seeds every random choice (personality, intention, seed talks, topic, id) and the LLM calls. */
  seed: number;
  /** Hidden intention; default: rational or emotional group with probability 0.5, then one of its 4. */
  intention?: IntentionKey;
  /** Personality; default: a type uniformly, then 3 distinct traits of it. */
  personality?: LlmProfilePersonality;
  /** Seed utterances hinting at a speaking style (3 are sampled); default: a small built-in synthetic list. */
  seedTalks?: readonly string[];
  /** Seed topics `<category>-<question>` (1 is sampled); default: a small built-in synthetic list. */
  topics?: readonly string[];
  /** Sampling temperature of the persona and scene calls (default 0.9). */
  temperature?: number;
  /** Calls per stage before a too-short output becomes `InvalidLLMOutputError` (default 3). */
  maxResampleAttempts?: number;
}

/** A generated profile and what it cost. */
export interface BuiltProfile {
  profile: Profile;
  /** LLM calls made (persona + scene + opener, resamples included). */
  calls: number;
  warnings: string[];
}

function pickIntention(rng: Rng): IntentionKey {
  const group = rng.next() < 0.5 ? (['r1', 'r2', 'r3', 'r4'] as const) : (['e1', 'e2', 'e3', 'e4'] as const);
  return rng.pick(group);
}

/** A uuid4-shaped id drawn from the seeded RNG (reproducible). */
function seededUuid(rng: Rng): string {
  const hex = Array.from({ length: 32 }, () => rng.int(16).toString(16));
  hex[12] = '4';
  hex[16] = (rng.int(4) + 8).toString(16);
  const text = hex.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

function validatePersonality(personality: LlmProfilePersonality, lang: Language): void {
  const allowed = PERSONALITY_TRAITS[personality.type]?.[lang];
  const unknown = personality.traits.filter((trait) => !allowed?.includes(trait));
  if (!allowed || personality.traits.length !== 3 || unknown.length > 0) {
    throw new InvalidConfigError({
      field: 'personality',
      message: `personality must be a type (negative|passive|avoidant) with 3 traits from its ${lang} list; got ${JSON.stringify(personality)}`,
    });
  }
}

/** Keep the model's text minus code fences; too short means the call failed to follow the task. */
function freeText(minimumLength: number) {
  return (text: string): ParseOutcome<string> => {
    const body = text
      .trim()
      .replace(/^```(?:markdown|md)?\s*/i, '')
      .replace(/\s*```$/, '')
      .trim();
    return body.length >= minimumLength
      ? { ok: true, value: body, warnings: [] }
      : { ok: false, reason: `output too short (${body.length} characters): "${excerpt(body, 60)}"` };
  };
}

/**
 * Generate a profile with an LLM, following the reference algorithm (spec §2.5): pick personality and
 * hidden intention; a persona call (personality + 3 seed utterances); a scene call (persona, personality,
 * one seed topic, intention); store scene = output + hidden-theme tail; then the opener is one agent turn
 * on an empty history (the sage reply stage's opener prompt, emotion 40).
 */
export async function buildProfileWithLlm(options: BuildProfileWithLlmOptions): Promise<BuiltProfile> {
  const { client, lang, seed } = options;
  const rng = createRng(hashSeed('profile-builder', seed));
  const personality = options.personality ?? pickPersonality(rng, lang);
  validatePersonality(personality, lang);
  const intention = options.intention ?? pickIntention(rng);
  const task = INTENTIONS[intention].task[lang];
  const seedTalks = rng.shuffle(options.seedTalks ?? LLM_PROFILE_SEED_TALKS[lang]).slice(0, 3);
  const topic = rng.pick(options.topics ?? LLM_PROFILE_SEED_TOPICS[lang]);
  const mainCharacter = PERSONALITY_TYPE_NAMES[personality.type][lang];
  const personalityText = `${mainCharacter}${lang === 'zh' ? '：' : ': '}${personality.traits.join(lang === 'zh' ? '、' : ', ')}`;
  const id = seededUuid(rng);
  const request = (content: string, stage: string) => ({
    messages: [{ role: 'user' as const, content }],
    temperature: options.temperature ?? 0.9,
    seed: hashSeed(seed, stage) % 2 ** 31,
  });
  const maxAttempts = options.maxResampleAttempts ?? 3;
  const persona = await completeWithResampling({
    client,
    stage: 'persona',
    maxAttempts,
    request: request(buildLlmPersonaPrompt(lang, personalityText, seedTalks), 'persona'),
    parse: freeText(20),
  });
  const scene = await completeWithResampling({
    client,
    stage: 'scene',
    maxAttempts,
    request: request(
      buildLlmScenePrompt(lang, { persona: persona.value, personality: personalityText, topic, task }),
      'scene',
    ),
    parse: freeText(50),
  });
  const profile: Profile = {
    id,
    player: persona.value,
    scene: scene.value + hiddenThemeTail(lang, task),
    main_cha: mainCharacter,
    cha_group: [...personality.traits],
    task,
    topic,
    lang,
    intention,
  };
  const agent = createLlmSimulator({
    client,
    preset: 'sage',
    opener: 'generate',
    lang,
    maxResampleAttempts: maxAttempts,
  });
  const opener = await agent.doStart({ profile, seed });
  return {
    profile: { ...profile, first_talk: opener.message },
    calls: persona.calls + scene.calls + opener.calls,
    warnings: [...persona.warnings, ...scene.warnings, ...opener.warnings],
  };
}
