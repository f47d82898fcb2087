import {
  computeWarmupSteps,
  learningRateDecayFields,
  parseAlgorithmConfig,
  refinePolicyLossConfig,
} from '@rlver/rl-core';
import { z } from 'zod';

/**
 * GRPO settings. Defaults follow the paper's GRPO runs (spec §6.2, §6.5: n = 4, lr 1e-6, clip 0.2, entropy 0.001,
 * no KL); fields grouped as in TRL's `GRPOConfig`. Dr. GRPO = `scaleRewards: 'none'` + `lossAggregation:
 * 'sequence-sum-norm'`. Unknown fields are rejected.
 */
export const grpoConfigSchema = z
  .object({
    // ── Groups and rollouts ───────────────────────────────────────────────────
    /** Rollouts per profile (the group size n). Default 4. */
    numGenerations: z.number().int().positive().default(4),
    /** `whole-dialogue` or `per-turn` packing (see @rlver/rl-core). Default `whole-dialogue`. */
    packing: z.enum(['whole-dialogue', 'per-turn']).default('whole-dialogue'),
    /** Group members: `dialogue` (a dialogue's turn-samples share its advantage, spec §6.7 d) or `turn-sample`
     * (every turn-sample is a member; reference parity, §9 #10). Default `dialogue`. */
    groupStatistics: z.enum(['dialogue', 'turn-sample']).default('dialogue'),
    /** Temperature the rollouts were sampled at. Default 1.0. */
    samplingTemperature: z.number().positive().default(1),
    /** π_old: `recompute` (score before updating) or `rollout` (the sampler's log-probs). Default `recompute`. */
    oldLogProbSource: z.enum(['recompute', 'rollout']).default('recompute'),
    /** Throw when more than this share of a batch's trajectories ended in `error`. Default 0.5. */
    maxErrorFraction: z.number().min(0).max(1).default(0.5),

    // ── Advantages ────────────────────────────────────────────────────────────
    /** `group`, `batch` or `none` (Dr. GRPO) scaling of centred rewards. Default `group`. */
    scaleRewards: z.enum(['group', 'batch', 'none']).default('group'),
    /** ε added to the standard deviation. Default 1e-6. */
    advantageEpsilon: z.number().positive().default(1e-6),
    /** Drop groups whose rewards are all equal before the update (DAPO dynamic sampling). Default false. */
    dynamicSampling: z.boolean().default(false),

    // ── Optimisation ──────────────────────────────────────────────────────────
    /** Policy learning rate. Default 1e-6. */
    learningRate: z.number().positive().default(1e-6),
    /** Share of `totalSteps` for linear learning-rate warm-up. Default 0.02. */
    warmupRatio: z.number().min(0).max(1).default(0.02),
    /** Planned optimisation steps (for the warm-up length and the decay). Default 1000. */
    totalSteps: z.number().int().positive().default(1000),
    ...learningRateDecayFields,
    /** AdamW decoupled weight decay. Default 0.01 (verl). */
    weightDecay: z.number().min(0).default(0.01),
    /** Adam β1. Default 0.9. */
    adamBeta1: z.number().min(0).lt(1).default(0.9),
    /** Adam β2. Default 0.999. */
    adamBeta2: z.number().min(0).lt(1).default(0.999),
    /** Adam ε. Default 1e-8. */
    adamEpsilon: z.number().positive().default(1e-8),
    /** Clip the global gradient norm to this value; null = no clipping. Default 1.0. */
    maxGradNorm: z.number().positive().nullable().default(1),
    /** Passes over each batch. Default 1. */
    epochs: z.number().int().positive().default(1),
    /** Minibatches per epoch. Default 1 (paper: mini-batch 32 × n = the whole batch). */
    minibatchCount: z.number().int().positive().default(1),
    /** Samples per forward/backward pass (gradient accumulation). Default 8. */
    microBatchSize: z.number().int().positive().default(8),
    /** Non-finite updates in a row before `NonFiniteUpdateError`. Default 3. */
    maxConsecutiveSkips: z.number().int().positive().default(3),
    /** Stop the epochs early when an epoch's approx KL exceeds this; null = never. Default null. */
    targetKl: z.number().positive().nullable().default(null),
    /** Seed of the minibatch shuffling (combined with the step). Default 0. */
    seed: z.number().int().default(0),

    // ── Loss ──────────────────────────────────────────────────────────────────
    /** ε of the clipped surrogate. Default 0.2. */
    clipRatio: z.number().positive().lt(1).default(0.2),
    /** Upper ε ("clip-higher"); null = `clipRatio`. Default null. */
    clipRatioHigh: z.number().positive().nullable().default(null),
    /** Entropy bonus coefficient. Default 0.001. */
    entropyCoefficient: z.number().min(0).default(0.001),
    /** `token-mean`, `sequence-mean` or `sequence-sum-norm` (Dr. GRPO). Default `token-mean`. */
    lossAggregation: z.enum(['token-mean', 'sequence-mean', 'sequence-sum-norm']).default('token-mean'),
    /** Constant token budget for `sequence-sum-norm`; null = the minibatch's longest sample. Default null. */
    lossNormalizer: z.number().positive().nullable().default(null),
    /** β of the KL-to-reference loss term; 0 = off and no reference needed. Default 0. */
    klCoefficient: z.number().min(0).default(0),
    /** KL estimator of the loss term. Default `k3` (verl `low_var_kl`). */
    klEstimator: z.enum(['k1', 'k2', 'k3']).default('k3'),
  })
  .strict()
  .superRefine((config, context) => {
    if (config.numGenerations < 2) {
      context.addIssue({
        code: 'custom',
        path: ['numGenerations'],
        message: `numGenerations is ${config.numGenerations}; set it to ≥ 2: GRPO advantages are computed per group.`,
      });
    }
    if (config.groupStatistics === 'turn-sample' && config.packing !== 'per-turn') {
      context.addIssue({
        code: 'custom',
        path: ['groupStatistics'],
        message: `groupStatistics 'turn-sample' needs packing 'per-turn' (whole-dialogue samples are dialogues); set packing 'per-turn' or groupStatistics 'dialogue'.`,
      });
    }
    refinePolicyLossConfig(config, context);
  });

export type GRPOConfigInput = z.input<typeof grpoConfigSchema>;
export type GRPOConfig = z.output<typeof grpoConfigSchema>;

/** The config with derived fields filled in. */
export interface ResolvedGRPOConfig extends GRPOConfig {
  readonly resolvedClipRatioHigh: number;
  readonly warmupSteps: number;
}

/** Validate a GRPO config (throws `InvalidConfigError` saying what to change) and fill in derived fields. */
export function resolveGRPOConfig(input: GRPOConfigInput = {}): Readonly<ResolvedGRPOConfig> {
  const config = parseAlgorithmConfig(grpoConfigSchema, input, 'grpo');
  return Object.freeze({
    ...config,
    resolvedClipRatioHigh: config.clipRatioHigh ?? config.clipRatio,
    warmupSteps: computeWarmupSteps(config.warmupRatio, config.totalSteps),
  });
}
