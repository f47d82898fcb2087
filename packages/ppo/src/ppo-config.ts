import {
  computeWarmupSteps,
  type KlEstimator,
  optimisationConfigShape,
  parseAlgorithmConfig,
  refinePolicyLossConfig,
  runConfigShape,
} from '@rlver/rl-core';
import { z } from 'zod';

/**
 * PPO's own fields, next to the shared optimisation fields of `@rlver/rl-core` (`optimisationConfigShape`).
 * Defaults are the paper's runs (spec §6.5: `train_rlver.sh` + verl `ppo_trainer.yaml`).
 */
const ppoOwnShape = {
  // ── Critic ────────────────────────────────────────────────────────────────
  criticLearningRate: z.number().positive().default(5e-6).describe('Critic (value head) learning rate'),
  criticWarmupRatio: z
    .number()
    .min(0)
    .max(1)
    .default(0.05)
    .describe('Share of the planned steps over which the critic learning rate warms up'),
  valueClip: z
    .number()
    .positive()
    .nullable()
    .default(0.5)
    .describe('Value clipping range around the old values; null = unclipped value loss'),
  criticEpochs: z
    .number()
    .int()
    .positive()
    .default(1)
    .describe(
      "Critic steps per minibatch: the head alone, on its inputs under the current trunk (the trunk is the actor's)",
    ),
  // ── Advantages ────────────────────────────────────────────────────────────
  gamma: z.number().min(0).max(1).default(1).describe('Discount γ'),
  lambda: z.number().min(0).max(1).default(1).describe('GAE λ'),
  gaePositions: z
    .enum(['policy-tokens', 'all-tokens', 'turns'])
    .default('policy-tokens')
    .describe(
      "Positions the GAE recursion runs over: 'policy-tokens' skips user tokens (spec §6.7 b); 'all-tokens' runs through them (reference parity); 'turns' makes each policy turn one step valued at the context before the reply",
    ),
  whitenAdvantages: z.boolean().default(true).describe('Whiten advantages over all policy tokens of the batch'),
  // ── KL to a reference policy ──────────────────────────────────────────────
  klMode: z
    .enum(['none', 'reward', 'loss'])
    .default('none')
    .describe("'none', 'reward' (β·KL subtracted from per-token rewards) or 'loss' (β·KL added to the actor loss)"),
  klEstimator: z
    .enum(['k1', 'k2', 'k3'])
    .nullable()
    .default(null)
    .describe("KL estimator; null = k1 for klMode 'reward', k3 for 'loss' (verl defaults)"),
  klController: z
    .enum(['fixed', 'adaptive'])
    .default('fixed')
    .describe("'fixed' β or 'adaptive' (Ziegler et al.; klMode 'reward' only)"),
  klTarget: z.number().positive().default(0.1).describe('Target KL of the adaptive controller'),
  klHorizon: z.number().positive().default(10000).describe('Horizon (samples) of the adaptive controller'),
};

type PPORuleFields = {
  klMode: 'none' | 'reward' | 'loss';
  klCoefficient: number;
  klController: 'fixed' | 'adaptive';
  clipRatioLow: number;
  clipRatioHigh: number | null;
  lossAggregation: string;
  lossNormalizer: number | null;
};

function refinePPOConfig(config: PPORuleFields, context: z.RefinementCtx): void {
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
}

/** The `algorithm` block of a PPO train config: shared optimisation fields + PPO's own. Unknown fields are rejected. */
export const ppoBlockSchema = z
  .object({ ...optimisationConfigShape, ...ppoOwnShape })
  .strict()
  .superRefine(refinePPOConfig);

/** Everything `createPPOAlgorithm` takes: the block plus the run fields (`runConfigShape`). */
export const ppoConfigSchema = z
  .object({ ...runConfigShape, ...optimisationConfigShape, ...ppoOwnShape })
  .strict()
  .superRefine(refinePPOConfig);

/** What a caller may pass: every field optional. */
export type PPOConfigInput = z.input<typeof ppoConfigSchema>;
export type PPOConfig = z.output<typeof ppoConfigSchema>;

/** The config with derived fields filled in. */
export interface ResolvedPPOConfig extends PPOConfig {
  readonly resolvedKlEstimator: KlEstimator;
  readonly warmupSteps: number;
  readonly criticWarmupSteps: number;
}

/** Validate a PPO config (throws `InvalidConfigError` saying what to change) and fill in derived fields. */
export function resolvePPOConfig(input: PPOConfigInput = {}): Readonly<ResolvedPPOConfig> {
  const config = parseAlgorithmConfig(ppoConfigSchema, input, 'ppo');
  return Object.freeze({
    ...config,
    resolvedKlEstimator: config.klEstimator ?? (config.klMode === 'loss' ? 'k3' : 'k1'),
    warmupSteps: computeWarmupSteps(config.warmupRatio, config.totalSteps),
    criticWarmupSteps: computeWarmupSteps(config.criticWarmupRatio, config.totalSteps),
  });
}
