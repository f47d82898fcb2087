import type { AlgorithmId } from './algorithm-registry';
import type { TrainConfig } from './train-config';

type PresetName = TrainConfig['preset'];

/**
 * A preset: the run fields, the default `algo`, the `algorithm` block defaults every algorithm gets (the shared
 * optimisation fields have one name across algorithms) and per-algorithm additions (`algorithmDefaults`).
 */
export type TrainPreset = Omit<TrainConfig, 'preset' | 'algo' | 'algorithm'> & {
  algo: AlgorithmId;
  algorithm: Readonly<Record<string, unknown>>;
  algorithmDefaults: Readonly<Partial<Record<AlgorithmId, Readonly<Record<string, unknown>>>>>;
  /**
   * Token budgets of think runs (`think: true`), where the file and the flags leave them unset: the think block
   * takes its tokens from the same budget as the reply.
   */
  thinkDefaults?: Readonly<{ maxContextTokens?: number; sampling?: Readonly<{ maxNewTokens?: number }> }>;
};

const COMMON = {
  think: false,
  systemPrompt: 'default',
  branching: 1,
  branchCandidates: 0,
  simulator: 'offline',
  cache: 'off',
  cacheDir: '.rlver-cache',
  lang: 'both',
  evaluate: true,
  evalInBackground: false,
  seed: 0,
  packing: 'per-turn',
  emptyReplyReward: 0,
  // The paper has no format reward (spec §10 #10); think runs of the embedded preset set one.
  thinkFormatPenalty: 0,
  rewardFloor: 0,
  turnCreditDiscount: null,
  evalTemperature: 0,
  trainEmotionPreset: 'rlver-train',
  trainEmotionResolution: 'steps',
  checkpointEvery: 5,
  maxConsecutiveSkippedUpdates: 3,
  maxErrorFraction: 0.5,
  // Stop when the degenerate share of the last 5 steps is 10 points above that of the first 5 (reward hacking).
  degenerationStop: { window: 5, maxRise: 0.1 },
  runsDir: 'runs',
  reportTo: [],
  lora: null,
  choiceLayer: null,
  endpoints: {},
  decodingRules: {},
} as const satisfies Partial<TrainConfig>;

/**
 * The paper's token budgets (spec §6.5): `max_prompt_length` 5,000 + `max_response_length` 10,000 = 15,000
 * tokens of context (the whole multi-turn dialogue, verl's sequence budget), of which each policy turn may
 * generate `per_turn_length` 5,000. The prompt of a turn gets what is left, maxContextTokens − maxNewTokens =
 * 10,000; older turns are dropped first.
 */
const PAPER_TOKEN_BUDGETS = {
  maxContextTokens: 15_000,
  sampling: { temperature: 1, topP: 1, topK: 0, maxNewTokens: 5000 },
} as const satisfies Partial<TrainConfig>;

/** `embedded`, the default: the shipped embedded weights, sampled branching, no phrasebook rule. */
const EMBEDDED: TrainPreset = {
  ...COMMON,
  // GRPO: in the miniature it learns faster and steadier than PPO at a third of the cost per step (no critic).
  algo: 'grpo',
  policy: 'embedded',
  // The default prompt is ~3× longer; it would be paid again in every turn of the 256-token context.
  systemPrompt: 'brief',
  // The before-training benchmark runs on the second core while the first one trains.
  evalInBackground: true,
  // The offline user's judgement in whole points: within a turn group the four replies rarely all land on the
  // same ±5 step, so fewer groups carry no signal.
  trainEmotionResolution: 'fine',
  // 80 steps fit the 10-minute budget (GRPO ≈ 4.8 s per step alone, PPO ≈ 6 s); with a constant learning rate
  // the held-out score peaked and fell again between steps 60 and 100 (16.1, 21.6, 14.9 for GRPO seed 0), so the
  // learning rate decays (cosine, to a tenth) and the last checkpoint is a settled one.
  steps: 80,
  // 4 dialogues × 4 turns × 4 branches = 64 replies per step; each turn is a group of 4 replies to one context.
  profilesPerStep: 4,
  groupSize: 1,
  branching: 4,
  maxPolicyTurns: 4,
  maxContextTokens: 320,
  // The 1 M-parameter model garbles more often at temperature 1; greedy decoding repeats one reply per language.
  // Replies that quote the user run to ~50 tokens (median 44, 90th percentile 48 for the pretrained model);
  // 40 cut most of them off.
  sampling: { temperature: 0.7, topP: 1, topK: 0, maxNewTokens: 64 },
  // A think block adds ~15–20 tokens (median think + reply 50–55 tokens, 90th percentile 62–64): at 64, 6–10 %
  // of the think replies were cut off against 0.3 % without think. 96 new tokens, and 32 more of context so a
  // turn's prompt keeps its 256 tokens (docs/decisions/2026-11-26-think-token-budget.md).
  thinkDefaults: { maxContextTokens: 352, sampling: { maxNewTokens: 96 } },
  // The decoding rules (n-gram, run, script, quote, lexicon) belong to the embedded checkpoint: its
  // generation_config.json brings them (docs/decisions/2026-11-27-phrasebook-rule.md), as any --policy folder's does.
  evalTemperature: 0.7,
  // 50 zh + 50 en held-out scenarios: the 100-profile benchmark within the 10-minute budget on 2 cores.
  evalLimit: 50,
  // Dense, unclipped credit: every reply is trained on the emotion changes it caused (γ = 0.5).
  rewardFloor: null,
  // With --think, GRPO seed 0 without a format term dropped the think block (held-out think format 90 % → 30 %):
  // a reply out of the format costs 10 points (docs/decisions/2026-11-26-think-format-penalty.md).
  thinkFormatPenalty: 0.1,
  turnCreditDiscount: 0.5,
  concurrency: 64,
  // A 1 M-parameter model learns at far higher rates than the paper's 7 B one (1e-6); 1e-3 degrades the
  // language model within 20 steps (entropy doubles, zh and en mix).
  // The value head is linear on 128 features: Adam moves each weight by ~lr per step, so V moves by ~lr · ‖h‖₁
  // (≈ 0.2 at 2e-3, against returns of std ≈ 0.07). A slow critic (1e-4) adds less noise to the advantages; turn
  // groups whose replies all moved the user alike train the critic only (their advantages are critic error);
  // values are per turn (the context before the reply), so the four replies to one context share their baseline.
  // PPO's actor uses GRPO's 5e-4: at 1e-3, against the hardened offline user, PPO seed 0 degenerated (repetition
  // 0 → 28 % of held-out replies) and the degeneration stop ended it at step 18; at 5e-4 it ran 80 steps with
  // degenerate replies 2.7 → 2.0 % (docs/decisions/2026-11-26-embedded-ppo-learning-rate.md).
  // Dynamic sampling drops turn groups whose replies all moved the user alike (40–90 % of them): no signal.
  algorithm: {
    // 2.5e-4 with the copy-head checkpoint and the decoding rules: held-out +7.5 with degenerate replies
    // 4.8 → 4.4 %; at 5e-4 +8.1 but degenerate 6.2 → 9.9 % and the degeneration stop fired at step 44
    // (docs/decisions/2026-11-26-decoding-rules.md).
    learningRate: 2.5e-4,
    learningRateDecay: 'cosine',
    minLearningRateRatio: 0.1,
    warmupRatio: 0,
    oldLogProbSource: 'rollout',
    microBatchSize: 16,
    dynamicSampling: true,
  },
  algorithmDefaults: {
    ppo: { criticLearningRate: 1e-4, criticWarmupRatio: 0, gaePositions: 'turns' },
  },
};

/**
 * `embedded-phrasebook`: the embedded preset on the shipped grounded checkpoint (`embedded-grounded`), whose
 * generation_config.json turns the phrasebook rule on: a reply can only be one of the dialogue's candidate replies,
 * so RL chooses between whole sentences and cannot break the language. Each policy turn's group is the sampled reply
 * plus 7 of the policy's other candidates, each judged from the same user state (enumerated branching,
 * docs/decisions/2026-11-27-enumerated-branching.md: GRPO 3.5 → 6.2 on the held-out benchmark, seed 0). The embedded
 * preset's learning rate stays: a constant 3e-3, which the rule makes safe for the text, collapsed onto one zh
 * template and gained nothing in 40 steps (docs/decisions/2026-11-27-phrasebook-preset.md).
 */
const EMBEDDED_PHRASEBOOK: TrainPreset = {
  ...EMBEDDED,
  policy: 'embedded-grounded',
  branching: 1,
  branchCandidates: 8,
};

/**
 * `embedded-choice`: the phrasebook route with a choice layer trained by RL in front of the frozen grounded
 * checkpoint (docs/decisions/2026-11-27-choice-layer.md, wiring in 2026-11-27-choice-layer-in-train.md): each turn's
 * reply is drawn from π(c|s) = softmax[w·φ(s,c)] over the rule's candidates (prior uniform: the model is not run to
 * choose), the group is 8 candidates drawn from π and judged from the same user state, and `--algo grpo|ppo` trains
 * w by Adam at 0.05. Training dialogues use the benchmark's emotion dynamics (`sage`: start 40, ±10, the scenario's
 * recorded opening, a failed dialogue ends below 10) for up to 10 turns, 4 dialogues a step, 240 steps; φ sees how
 * much a candidate repeats the policy's earlier replies, and PPO's baseline is a learned linear critic over the
 * state's features (docs/decisions/2026-11-27-choice-layer-gains.md: seed 0 held-out GRPO +18.3, PPO +7.4, 0 %
 * degenerate; 430–460 CPU seconds a run). PPO takes one epoch over a step's groups: four at Adam 0.05 collapsed the
 * layer (seeds 0 / 1: +14.5 / +10.5 with four epochs, +16.9 / +18.2 with one; 2026-11-27-main-job-default.md).
 * The former setting (the `rlver-train` dynamics, 4 turns, 8 dialogues a step, no repeat features, a (language,
 * turn) baseline) gained +11.5 / +5.7 / +10.5 (GRPO seeds 0–2) and +2.8 (PPO seed 0) held-out.
 */
const EMBEDDED_CHOICE: TrainPreset = {
  ...EMBEDDED_PHRASEBOOK,
  steps: 240,
  profilesPerStep: 4,
  maxPolicyTurns: 10,
  trainEmotionPreset: 'sage',
  trainEmotionResolution: 'steps',
  choiceLayer: { prior: 'uniform', learningRate: 0.05, clip: 0.2, epochs: 1, ppoBaseline: 'linear-critic' },
};

/**
 * What `rlver-train` (and `pnpm train`) runs when neither a config file nor `--preset` names a preset: the choice
 * route, whose held-out gain is a strategy shift with fluent replies (docs/decisions/2026-11-27-main-job-default.md,
 * session 15). `--preset embedded` trains the language model itself, the path a user's checkpoint takes.
 */
export const DEFAULT_TRAIN_PRESET: PresetName = 'embedded-choice';

/**
 * Presets (spec §6.5 for the paper's). `embedded` is sized for 2 CPU cores: the small embedded policy, the
 * offline simulated user, the shipped scenarios, short replies and a high learning rate.
 * `rlver-ppo` / `rlver-grpo` are the paper's settings for a user's checkpoint folder and an LLM simulator.
 */
export const TRAIN_PRESETS: Readonly<Record<PresetName, TrainPreset>> = {
  embedded: EMBEDDED,
  'embedded-phrasebook': EMBEDDED_PHRASEBOOK,
  'embedded-choice': EMBEDDED_CHOICE,
  'rlver-ppo': {
    ...COMMON,
    algo: 'ppo',
    policy: '',
    simulator: 'openai:deepseek-chat',
    lang: 'zh',
    steps: 1000,
    profilesPerStep: 32,
    groupSize: 1,
    maxPolicyTurns: 8,
    ...PAPER_TOKEN_BUDGETS,
    concurrency: 32,
    algorithm: { learningRate: 1e-6, clipRatioLow: 0.2, entropyCoefficient: 0.001 },
    algorithmDefaults: { ppo: { criticLearningRate: 5e-6, gamma: 1, lambda: 1 } },
  },
  'rlver-grpo': {
    ...COMMON,
    algo: 'grpo',
    policy: '',
    simulator: 'openai:deepseek-chat',
    lang: 'zh',
    steps: 1000,
    profilesPerStep: 8,
    groupSize: 4,
    maxPolicyTurns: 8,
    ...PAPER_TOKEN_BUDGETS,
    concurrency: 32,
    algorithm: { learningRate: 1e-6, clipRatioLow: 0.2, entropyCoefficient: 0.001 },
    algorithmDefaults: {},
  },
};

/**
 * The preset when none is named: {@link DEFAULT_TRAIN_PRESET}, unless `policy` names another checkpoint than the
 * grounded one the choice layer chooses over (its phrasebook rule lists the candidates). Then `embedded`: a user's
 * checkpoint folder has no phrasebook, so RL trains the language model itself.
 */
export function defaultPresetFor(policy: unknown): PresetName {
  const choicePolicy = TRAIN_PRESETS[DEFAULT_TRAIN_PRESET].policy;
  return policy === undefined || policy === choicePolicy ? DEFAULT_TRAIN_PRESET : 'embedded';
}
