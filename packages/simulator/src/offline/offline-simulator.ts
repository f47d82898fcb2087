import {
  classifyIntention,
  createRng,
  detectLanguage,
  type EmotionSettings,
  type Language,
  type SimulatorMessage,
  type SimulatorState,
  type SimulatorTurnResult,
  type StrategyTagResult,
  type UserSimulatorRespondOptions,
  type UserSimulatorStartOptions,
  type UserSimulatorV1,
} from '@rlver/spec';
import { createRuleTagger } from '@rlver/strategies';
import { applyEmotionDelta, bandOf, endReasonOf } from '../emotion/emotion-model';
import { resolveEmotionSettings } from '../emotion/emotion-presets';
import { composeOpener, composeUserReply } from './compose-user-reply';
import { renderInnerThoughts } from './inner-thoughts';
import { judgeInputOfState } from './judge-input-of-state';
import { judgeReply } from './judge-reply';
import { type OfflineSimulatorConfig, resolveOfflineSimulatorConfig } from './offline-simulator-config';
import { createOfflineMemory, readOfflineMemory } from './offline-state';
import { personalityOf } from './story-index';

/** The strategy tagger the offline user reads replies with (sync). Default: the `@rlver/strategies` rule tagger. */
export interface OfflineReplyTagger {
  tag(text: string, lang?: Language): StrategyTagResult;
}

/** Options of {@link createOfflineSimulator}: the config fields plus an injectable tagger. */
export interface OfflineSimulatorOptions extends OfflineSimulatorConfig {
  tagger?: OfflineReplyTagger;
}

/** Map a judgement score to a change like the reference agent's: ±5, ±10, and −20 for garbled text. */
export function quantizeScore(score: number): number {
  if (score >= 8) return 10;
  if (score > 0) return 5;
  if (score > -8) return -5;
  if (score > -18) return -10;
  return -20;
}

/**
 * The judgement as a change like the reference agent's (`resolution: 'coarse'`, `quantizeScore` of the noisy score),
 * except that noise never sinks an intact reply (a score above −18 before noise, `JUDGE_WEIGHTS.intactFloor` and up)
 * to the −20 reserved for broken text: it stays at −10 or above, as under `fineChange`.
 */
export function coarseChange(score: number, noisyScore: number): number {
  return quantizeScore(score > -18 ? Math.max(noisyScore, -17.9) : noisyScore);
}

/**
 * The judgement as a change of whole points (`resolution: 'fine'`): −20 for broken text (a score at the −20 floor of
 * sunk replies, before noise), otherwise the noisy score rounded within [−18, 10], so noise never lifts broken text
 * to an intact reply's change or sinks an intact one to broken text's.
 */
export function fineChange(score: number, noisyScore: number): number {
  if (score <= -20) return -20;
  return Math.max(-18, Math.min(10, Math.round(noisyScore)));
}

function languageOf(state: { profile: { lang?: Language; scene: string } }): Language {
  return state.profile.lang ?? detectLanguage(state.profile.scene);
}

function result(state: SimulatorState, fields: Omit<SimulatorTurnResult, 'state' | 'emotion' | 'band' | 'calls'>) {
  return { state, emotion: state.emotion, band: state.band, calls: 0, ...fields } satisfies SimulatorTurnResult;
}

/**
 * Create the offline simulated user: a rule-based, explainable user model (no LLM, no network), deterministic
 * for a seed, in zh and en. It judges each reply with the strategy tagger against the profile's hidden
 * intention and personality, plus grounding, repetition, length, garbled text and language, moves the
 * emotion by ±5/±10 like the reference agent, writes inner thoughts and answers in character.
 */
export function createOfflineSimulator(options: OfflineSimulatorOptions): UserSimulatorV1 {
  const { tagger = createRuleTagger(), ...config } = options;
  const resolved = resolveOfflineSimulatorConfig(config);
  const settings: EmotionSettings = resolveEmotionSettings(resolved.preset, resolved.emotion ?? {});
  const noise = resolved.noise ?? 1;
  const generateOpener = resolved.preset === 'rlver-train';

  async function doStart({ profile, seed }: UserSimulatorStartOptions): Promise<SimulatorTurnResult> {
    const started = performance.now();
    const lang = languageOf({ profile });
    const memory = createOfflineMemory(profile, lang, seed);
    const rng = createRng(memory.rngState);
    const recorded = profile.first_talk?.trim();
    const message = !generateOpener && recorded ? recorded : composeOpener(rng, lang, memory.story);
    memory.rngState = rng.getState();
    const emotion = settings.initialEmotion;
    const state: SimulatorState = {
      profile,
      lang,
      emotion,
      band: bandOf(emotion),
      history: [{ role: 'user', content: message, 'emotion-point': emotion }],
      turn: 0,
      seed,
      extra: { offline: memory },
    };
    const thoughts = lang === 'zh' ? '我想先把这件事说出来。' : 'I want to get this off my chest first.';
    return result(state, {
      message,
      delta: 0,
      innerThoughts: thoughts,
      ended: undefined,
      latencyMs: performance.now() - started,
      warnings: [],
    });
  }

  async function doRespond({ state, reply }: UserSimulatorRespondOptions): Promise<SimulatorTurnResult> {
    const started = performance.now();
    const { memory: stored, warning } = readOfflineMemory(state);
    const memory = { ...stored, deltas: [...stored.deltas] };
    const rng = createRng(memory.rngState);
    const intention = state.profile.intention ?? classifyIntention(state.profile.task);
    const personality = personalityOf(state.profile);
    const judgement = judgeReply(
      judgeInputOfState(state, memory, reply, {
        tags: tagger.tag(reply, state.lang),
        startEmotion: settings.initialEmotion,
      }),
    );
    const noisy = judgement.score + noise * (2 * rng.next() - 1);
    const proposed =
      resolved.resolution === 'fine' ? fineChange(judgement.score, noisy) : coarseChange(judgement.score, noisy);
    const { emotion, delta } = applyEmotionDelta(settings, state.emotion, proposed);
    const band = bandOf(emotion);
    const earlierMessages = state.history
      .filter((message) => message.role === 'user')
      .map((message) => message.content);
    const composed = composeUserReply({
      rng,
      lang: state.lang,
      band,
      delta,
      judgement,
      intention,
      personality,
      story: memory.story,
      revealed: memory.revealed,
      earlierMessages,
    });
    memory.revealed += composed.revealed ? 1 : 0;
    memory.deltas.push(delta);
    memory.rngState = rng.getState();
    const innerThoughts = renderInnerThoughts({
      reasons: judgement.reasons,
      lang: state.lang,
      intention,
      delta,
      details: judgement.details.filter((detail) => !memory.story.otherNames.includes(detail)),
    });
    const userMessage: SimulatorMessage = {
      role: 'user',
      content: composed.message,
      'emotion-point': emotion,
      planning: { analyse: innerThoughts, change: delta, proposed },
    };
    const next: SimulatorState = {
      ...state,
      emotion,
      band,
      history: [...state.history, { role: 'assistant', content: reply }, userMessage],
      turn: state.turn + 1,
      extra: { ...state.extra, offline: memory },
    };
    return result(next, {
      message: composed.message,
      delta,
      innerThoughts,
      ended: endReasonOf(settings, { emotion, reply: composed.message }),
      latencyMs: performance.now() - started,
      warnings: warning ? [warning] : [],
    });
  }

  return { specificationVersion: 'v1', simulatorId: `offline:${resolved.preset}`, settings, doStart, doRespond };
}
