import type { TrainableLanguageModel } from '@rlver/spec';
import { mean } from '@rlver/stats';
import { buildPositionTensor, buildSequenceTensors, sequenceWidth } from './batch-tensors';
import type { AggregationNormalizer } from './losses/aggregate-loss';
import { computePolicyObjective, type PolicyObjectiveSettings } from './losses/policy-objective';
import type { LossComputation } from './optim/guarded-update';

/** What the actor loss needs per sample; per-position arrays have `tokenIds.length - 1` entries. */
export interface ActorRow {
  tokenIds: readonly number[];
  lossMask: readonly number[];
  oldLogProbs: readonly number[];
  advantages: readonly number[];
  /** Present when the KL-as-loss term is on. */
  referenceLogProbs?: readonly number[];
}

/** Denominators of a minibatch for `aggregateLoss` (null `lossNormalizer` = the longest sample's positions). */
export function computeAggregationNormalizer(
  rows: ReadonlyArray<{ tokenIds: readonly number[]; lossMask: readonly number[] }>,
  lossNormalizer: number | null,
): AggregationNormalizer {
  return {
    tokenCount: rows.reduce((total, row) => total + row.lossMask.reduce((sum, flag) => sum + flag, 0), 0),
    sequenceCount: rows.length,
    lossNormalizer: lossNormalizer ?? sequenceWidth(rows.map((row) => row.tokenIds)) - 1,
  };
}

/**
 * Loss function of one micro-batch for `GuardedUpdater.step`: scores the rows with the policy (entropy on),
 * then `computePolicyObjective`. Every tensor is created inside the call, so `tf.variableGrads` disposes them.
 */
export function createActorLoss(options: {
  policy: TrainableLanguageModel;
  rows: readonly ActorRow[];
  settings: PolicyObjectiveSettings;
  normalizer: AggregationNormalizer;
  temperature: number;
}): () => LossComputation {
  return () => {
    const tokenRows = options.rows.map((row) => row.tokenIds);
    const positions = sequenceWidth(tokenRows) - 1;
    const column = (pick: (row: ActorRow) => readonly number[]) =>
      buildPositionTensor(options.rows.map(pick), positions);
    const { inputIds, attentionMask } = buildSequenceTensors(tokenRows, options.policy.padTokenId);
    const scores = options.policy.scoreSequences(inputIds, attentionMask, {
      temperature: options.temperature,
      withEntropy: true,
    });
    const withReference = options.rows.every((row) => row.referenceLogProbs !== undefined);
    const objective = computePolicyObjective(
      {
        logProbs: scores.logProbs,
        entropies: scores.entropies,
        oldLogProbs: column((row) => row.oldLogProbs),
        advantages: column((row) => row.advantages),
        lossMask: column((row) => row.lossMask),
        referenceLogProbs: withReference ? column((row) => row.referenceLogProbs ?? []) : undefined,
      },
      options.settings,
      options.normalizer,
    );
    return { loss: objective.loss, metrics: { ...objective.metrics } };
  };
}

/** One actor step's outcome, with the minibatch's loss-token count. */
export interface ActorStepRecord {
  skipped: boolean;
  gradNorm: number;
  metrics: Record<string, number>;
  tokenCount: number;
}

/**
 * `<prefix>/policy_loss`, `entropy`, `clip_fraction`, `approx_kl`, `kl_reference`, `grad_norm` and
 * `skipped_updates` over the actor steps of one update (token-weighted where per-token).
 */
export function summarizeActorSteps(prefix: string, steps: readonly ActorStepRecord[]): Record<string, number> {
  const tokens = Math.max(
    steps.reduce((total, step) => total + step.tokenCount, 0),
    1,
  );
  const total = (key: string) => steps.reduce((sum, step) => sum + (step.metrics[key] ?? 0), 0);
  const finiteNorms = steps.map((step) => step.gradNorm).filter(Number.isFinite);
  return {
    [`${prefix}/policy_loss`]: total('policyLoss') / Math.max(steps.length, 1),
    [`${prefix}/entropy`]: total('entropySum') / tokens,
    [`${prefix}/clip_fraction`]: total('clippedSum') / tokens,
    [`${prefix}/approx_kl`]: total('approxKlSum') / tokens,
    [`${prefix}/kl_reference`]: total('klReferenceSum') / tokens,
    [`${prefix}/grad_norm`]: mean(finiteNorms),
    [`${prefix}/skipped_updates`]: steps.filter((step) => step.skipped).length,
  };
}
