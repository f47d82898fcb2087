import {
  computeWarmupSteps,
  type KlEstimator,
  learningRateDecayFields,
  parseAlgorithmConfig,
  refinePolicyLossConfig,
} from '@rlver/rl-core';
import { z } from 'zod';

/**
 * PPO settings. Defaults are the paper's runs (spec §6.5: `train_rlver.sh` + verl `ppo_trainer.yaml`); fields are
 * grouped as in TRL's configs. Unknown fields are rejected.
 */
export const ppoConfigSchema = z
  .object({
    // ── Rollouts ──────────────────────────────────────────────────────────────
    /** `whole-dialogue` (one sample per dialogue, user tokens masked) or `per-turn` (one per policy turn; needed
     * when reasoning is stripped from later prompts). Default `whole-dialogue`. */
    packing: z.enum(['whole-dialogue', 'per-turn']).default('whole-dialogue'),
    /** Temperature the rollouts were sampled at; log-probs are scored at the same temperature. Default 1.0. */
    samplingTemperature: z.number().positive().default(1),
    /** π_old: `recompute` scores the batch with the policy before updating (verl); `rollout` uses the sampler's
     * log-probs. Default `recompute`. */
    oldLogProbSource: z.enum(['recompute', 'rollout']).default('recompute'),
    /** Throw when more than this share of a batch's trajectories ended in `error`. Default 0.5. */
    maxErrorFraction: z.number().min(0).max(1).default(0.5),

    // ── Optimisation ──────────────────────────────────────────────────────────
    /** Actor (policy) learning rate. Default 1e-6. */
    actorLearningRate: z.number().positive().default(1e-6),
    /** Critic (value head) learning rate. Default 5e-6. */
    criticLearningRate: z.number().positive().default(5e-6),
    /** Share of `totalSteps` over which the actor learning rate warms up linearly. Default 0.02. */
    actorWarmupRatio: z.number().min(0).max(1).default(0.02),
    /** Share of `totalSteps` over which the critic learning rate warms up. Default 0.05. */
    criticWarmupRatio: z.number().min(0).max(1).default(0.05),
    /** Planned optimisation steps (for the warm-up length and the decay). Default 1000. */
    totalSteps: z.number().int().positive().default(1000),
    ...learningRateDecayFields,
    /** AdamW decoupled weight decay, actor and critic. Default 0.01 (verl). */
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
    /** Minibatches per epoch (one optimizer step each). Default 1 (the paper's mini-batch = the whole batch). */
    minibatchCount: z.number().int().positive().default(1),
    /** Samples per forward/backward pass; gradients of a minibatch's micro-batches are summed. Default 8. */
    microBatchSize: z.number().int().positive().default(8),
    /** Non-finite updates in a row before training stops with `NonFiniteUpdateError`. Default 3. */
    maxConsecutiveSkips: z.number().int().positive().default(3),
    /** Stop the epochs early when an epoch's approx KL exceeds this (CleanRL `target_kl`); null = never. */
    targetKl: z.number().positive().nullable().default(null),
    /** Seed of the minibatch shuffling (combined with the step). Default 0. */
    seed: z.number().int().default(0),

    // ── Advantages ────────────────────────────────────────────────────────────
    /** Discount γ. Default 1.0. */
    gamma: z.number().min(0).max(1).default(1),
    /** GAE λ. Default 1.0. */
    lambda: z.number().min(0).max(1).default(1),
    /**
     * Positions the GAE recursion runs over: `policy-tokens` skips user tokens (spec §6.7 b); `all-tokens` runs
     * from the first policy token to the end, through user tokens (reference parity); `turns` makes each policy
     * turn one step, valued at the context before the reply, its advantage on all its tokens (replies sampled
     * from one context then share their baseline exactly). Default `policy-tokens`.
     */
    gaePositions: z.enum(['policy-tokens', 'all-tokens', 'turns']).default('policy-tokens'),
    /** Whiten advantages over all policy tokens of the batch. Default true. */
    whitenAdvantages: z.boolean().default(true),

    // ── Losses ────────────────────────────────────────────────────────────────
    /** ε of the clipped surrogate (lower side, and upper side unless `clipRatioHigh`). Default 0.2. */
    clipRatio: z.number().positive().lt(1).default(0.2),
    /** Upper ε ("clip-higher", DAPO uses 0.28); null = `clipRatio`. Default null. */
    clipRatioHigh: z.number().positive().nullable().default(null),
    /** Value clipping range around the old values; null = unclipped value loss. Default 0.5. */
    valueClip: z.number().positive().nullable().default(0.5),
    /**
     * Critic (value head) steps per minibatch: the head's inputs are computed once under the current trunk and
     * the head alone takes this many optimizer steps on them (the trunk is the actor's). Default 1.
     */
    criticEpochs: z.number().int().positive().default(1),
    /**
     * Leave out of the actor loss the samples of groups whose returns are all equal (DAPO's dynamic sampling;
     * with branching, the replies of one turn that all moved the user alike): their advantages are critic
     * error only. The critic still trains on them. Default false.
     */
    dynamicSampling: z.boolean().default(false),
    /** Entropy bonus coefficient. Default 0.001. */
    entropyCoefficient: z.number().min(0).default(0.001),
    /** Policy-loss aggregation: `token-mean`, `sequence-mean` or `sequence-sum-norm`. Default `token-mean`. */
    lossAggregation: z.enum(['token-mean', 'sequence-mean', 'sequence-sum-norm']).default('token-mean'),
    /** Constant token budget for `sequence-sum-norm`; null = the minibatch's longest sample. Default null. */
    lossNormalizer: z.number().positive().nullable().default(null),

    // ── KL to a reference policy ──────────────────────────────────────────────
    /** `none`, `reward` (β·KL subtracted from per-token rewards) or `loss` (β·KL added to the actor loss).
     * Default `none` (the paper loads no reference model). */
    klMode: z.enum(['none', 'reward', 'loss']).default('none'),
    /** KL estimator; null = `k1` for `reward`, `k3` for `loss` (verl defaults). */
    klEstimator: z.enum(['k1', 'k2', 'k3']).nullable().default(null),
    /** β (initial β for the adaptive controller). Default 0. */
    klCoefficient: z.number().min(0).default(0),
    /** `fixed` β or `adaptive` (Ziegler et al.; `reward` mode only). Default `fixed`. */
    klController: z.enum(['fixed', 'adaptive']).default('fixed'),
    /** Target KL of the adaptive controller. Default 0.1. */
    klTarget: z.number().positive().default(0.1),
    /** Horizon (samples) of the adaptive controller. Default 10000. */
    klHorizon: z.number().positive().default(10000),
  })
  .strict()
  .superRefine((config, context) => {
    if (config.klMode !== 'none' && config.klCoefficient === 0) {
      context.addIssue({
        code: 'custom',
        path: ['klCoefficient'],
        message: `klCoefficient is 0 with klMode '${config.klMode}'; set klCoefficient > 0 (e.g. 0.001) or klMode 'none'.`,
      });
    }
    if (config.klMode === 'none' && config.klCoefficient > 0) {
      context.addIssue({
        code: 'custom',
        path: ['klMode'],
        message: `klCoefficient is ${config.klCoefficient} but klMode is 'none'; set klMode to 'reward' or 'loss', or klCoefficient to 0.`,
      });
    }
    if (config.klController === 'adaptive' && config.klMode !== 'reward') {
      context.addIssue({
        code: 'custom',
        path: ['klController'],
        message: `klController 'adaptive' only steers KL-in-reward; set klMode 'reward' or klController 'fixed'.`,
      });
    }
    refinePolicyLossConfig(config, context);
  });

/** What a caller may pass: every field optional. */
export type PPOConfigInput = z.input<typeof ppoConfigSchema>;
export type PPOConfig = z.output<typeof ppoConfigSchema>;

/** The config with derived fields filled in. */
export interface ResolvedPPOConfig extends PPOConfig {
  readonly resolvedClipRatioHigh: number;
  readonly resolvedKlEstimator: KlEstimator;
  readonly actorWarmupSteps: number;
  readonly criticWarmupSteps: number;
}

/** Validate a PPO config (throws `InvalidConfigError` saying what to change) and fill in derived fields. */
export function resolvePPOConfig(input: PPOConfigInput = {}): Readonly<ResolvedPPOConfig> {
  const config = parseAlgorithmConfig(ppoConfigSchema, input, 'ppo');
  return Object.freeze({
    ...config,
    resolvedClipRatioHigh: config.clipRatioHigh ?? config.clipRatio,
    resolvedKlEstimator: config.klEstimator ?? (config.klMode === 'loss' ? 'k3' : 'k1'),
    actorWarmupSteps: computeWarmupSteps(config.actorWarmupRatio, config.totalSteps),
    criticWarmupSteps: computeWarmupSteps(config.criticWarmupRatio, config.totalSteps),
  });
}
