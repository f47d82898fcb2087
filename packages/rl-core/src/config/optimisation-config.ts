import { z } from 'zod';

/**
 * The optimisation fields every algorithm shares, one name each (learning rate, schedule, AdamW, clipping,
 * minibatches, target KL, clipped surrogate, entropy, KL loss, dynamic sampling). Algorithms spread this shape
 * into their zod object next to their own fields; the descriptions are what `rlver-train --help` prints.
 */
export const optimisationConfigShape = {
  oldLogProbSource: z
    .enum(['recompute', 'rollout'])
    .default('recompute')
    .describe(
      "π_old: 'recompute' scores the batch with the policy before updating (verl), 'rollout' uses the sampler's log-probs",
    ),
  learningRate: z.number().positive().default(1e-6).describe('Policy (actor) learning rate'),
  warmupRatio: z
    .number()
    .min(0)
    .max(1)
    .default(0.02)
    .describe('Share of the planned steps over which the learning rate warms up linearly'),
  learningRateDecay: z
    .enum(['constant', 'linear', 'cosine'])
    .default('constant')
    .describe('After the warm-up: constant, or a linear / cosine decay to minLearningRateRatio at the last step'),
  minLearningRateRatio: z
    .number()
    .min(0)
    .max(1)
    .default(0)
    .describe("The decay's end point, as a share of the base learning rate"),
  weightDecay: z.number().min(0).default(0.01).describe('AdamW decoupled weight decay (verl: 0.01)'),
  adamBeta1: z.number().min(0).lt(1).default(0.9).describe('Adam β1'),
  adamBeta2: z.number().min(0).lt(1).default(0.999).describe('Adam β2'),
  adamEpsilon: z.number().positive().default(1e-8).describe('Adam ε'),
  maxGradNorm: z
    .number()
    .positive()
    .nullable()
    .default(1)
    .describe('Clip the global gradient norm to this value; null = no clipping'),
  epochs: z.number().int().positive().default(1).describe('Passes over each batch'),
  minibatchCount: z
    .number()
    .int()
    .positive()
    .default(1)
    .describe('Minibatches per epoch, one optimizer step each (paper: 1, the mini-batch is the whole batch)'),
  microBatchSize: z
    .number()
    .int()
    .positive()
    .default(8)
    .describe("Samples per forward/backward pass; a minibatch's micro-batch gradients are summed"),
  targetKl: z
    .number()
    .positive()
    .nullable()
    .default(null)
    .describe("Stop the epochs early when an epoch's approx KL exceeds this (CleanRL target_kl); null = never"),
  clipRatioLow: z
    .number()
    .positive()
    .lt(1)
    .default(0.2)
    .describe('ε of the clipped surrogate: the lower side, and the upper side unless clipRatioHigh is set'),
  clipRatioHigh: z
    .number()
    .positive()
    .nullable()
    .default(null)
    .describe('Upper ε ("clip-higher", DAPO: 0.28); null = clipRatioLow'),
  entropyCoefficient: z.number().min(0).default(0.001).describe('Entropy bonus coefficient'),
  lossAggregation: z
    .enum(['token-mean', 'sequence-mean', 'sequence-sum-norm'])
    .default('token-mean')
    .describe('Policy-loss aggregation (sequence-sum-norm: Dr. GRPO)'),
  lossNormalizer: z
    .number()
    .positive()
    .nullable()
    .default(null)
    .describe("Constant token budget for sequence-sum-norm; null = the minibatch's longest sample"),
  klCoefficient: z
    .number()
    .min(0)
    .default(0)
    .describe('β of the KL term to the frozen reference policy (initial β of an adaptive controller); 0 = off'),
  dynamicSampling: z
    .boolean()
    .default(false)
    .describe(
      'DAPO dynamic sampling: groups whose rewards are all equal carry no signal and leave the actor loss (PPO keeps them for the critic)',
    ),
};

/**
 * Fields the trainer sets from the run (`packing`, `samplingTemperature` ← `sampling.temperature`, `totalSteps` ←
 * `steps`, `seed`), not from the algorithm block; direct callers of `create*Algorithm` may set them.
 */
export const runConfigShape = {
  packing: z
    .enum(['whole-dialogue', 'per-turn'])
    .default('whole-dialogue')
    .describe("'whole-dialogue' (one sample per dialogue, user tokens masked) or 'per-turn' (one per policy turn)"),
  samplingTemperature: z
    .number()
    .positive()
    .default(1)
    .describe('Temperature the rollouts were sampled at; log-probs are scored at the same temperature'),
  totalSteps: z
    .number()
    .int()
    .positive()
    .default(1000)
    .describe('Planned optimisation steps (the warm-up length and the decay)'),
  seed: z.number().int().default(0).describe('Seed of the minibatch shuffling (combined with the step)'),
};

/** The run fields as the trainer hands them to an algorithm (see `runConfigShape`), plus the group size. */
export interface AlgorithmRunFields {
  packing: 'whole-dialogue' | 'per-turn';
  samplingTemperature: number;
  totalSteps: number;
  seed: number;
  /** Members of a group: rollouts per prompt, or replies per turn with branching. */
  groupSize: number;
}

/**
 * Algorithm config fields that were renamed or moved, with the new name: old config files get an error naming
 * the field to use instead.
 */
export const RENAMED_ALGORITHM_FIELDS: Readonly<Record<string, string>> = {
  actorLearningRate: 'learningRate',
  actorWarmupRatio: 'warmupRatio',
  clipRatio: 'clipRatioLow',
  numGenerations: 'groupSize (top level of the train config; branching sets turn-level groups)',
  maxErrorFraction: 'maxErrorFraction (top level of the train config: one guard, in the trainer)',
  maxConsecutiveSkips: 'maxConsecutiveSkippedUpdates (top level of the train config: one guard, in the trainer)',
};
