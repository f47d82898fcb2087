import * as tf from '@tensorflow/tfjs-core';
import { maskedSum } from '../masked-stats';
import { type AggregationNormalizer, aggregateLoss, type LossAggregation } from './aggregate-loss';
import { computeClippedPolicyLoss } from './clipped-policy-loss';
import { estimateKlTensor, type KlEstimator } from './kl-estimators';

/** Settings of the actor objective shared by PPO and GRPO. */
export interface PolicyObjectiveSettings {
  clipRatioLow: number;
  clipRatioHigh: number;
  entropyCoefficient: number;
  /** β of the KL-as-loss term (0 = off). */
  klLossCoefficient: number;
  klEstimator: KlEstimator;
  aggregation: LossAggregation;
}

/** [batch, positions] tensors of one micro-batch. */
export interface PolicyObjectiveInputs {
  logProbs: tf.Tensor2D;
  oldLogProbs: tf.Tensor2D;
  advantages: tf.Tensor2D;
  lossMask: tf.Tensor2D;
  entropies?: tf.Tensor2D;
  referenceLogProbs?: tf.Tensor2D;
}

/**
 * Scalars of one micro-batch. `loss`, `policyLoss`, `entropyLoss` and `klLoss` are already divided by the
 * minibatch normaliser (they add up over micro-batches); the `*Sum` scalars are masked token sums, divided by the
 * token count once all micro-batches are in.
 */
export interface PolicyObjective {
  loss: tf.Scalar;
  metrics: {
    policyLoss: tf.Scalar;
    entropyLoss: tf.Scalar;
    klLoss: tf.Scalar;
    clippedSum: tf.Scalar;
    approxKlSum: tf.Scalar;
    entropySum: tf.Scalar;
    klReferenceSum: tf.Scalar;
  };
}

/** loss = clipped surrogate + β_KL · KL(π ‖ π_ref) − c_ent · entropy, each aggregated the same way (spec §6.3). */
export function computePolicyObjective(
  inputs: PolicyObjectiveInputs,
  settings: PolicyObjectiveSettings,
  normalizer: AggregationNormalizer,
): PolicyObjective {
  return tf.tidy(() => {
    const terms = computeClippedPolicyLoss({ ...inputs, ...settings });
    const aggregate = (values: tf.Tensor2D): tf.Scalar =>
      aggregateLoss(values, inputs.lossMask, settings.aggregation, normalizer);
    const policyLoss = aggregate(terms.perTokenLoss);
    const entropies = inputs.entropies ?? tf.zerosLike(inputs.logProbs);
    const entropyLoss = aggregate(entropies);
    const kl = inputs.referenceLogProbs
      ? estimateKlTensor(inputs.logProbs, inputs.referenceLogProbs, settings.klEstimator)
      : tf.zerosLike(inputs.logProbs);
    const klLoss = aggregate(kl);
    const loss = tf.add(
      tf.sub(policyLoss, tf.mul(entropyLoss, settings.entropyCoefficient)),
      tf.mul(klLoss, settings.klLossCoefficient),
    ) as tf.Scalar;
    const sum = (values: tf.Tensor2D): tf.Scalar => maskedSum(values, inputs.lossMask) as tf.Scalar;
    return {
      loss,
      metrics: {
        policyLoss,
        entropyLoss,
        klLoss,
        clippedSum: sum(terms.clipped),
        approxKlSum: sum(terms.approxKl),
        entropySum: sum(entropies),
        klReferenceSum: sum(kl),
      },
    };
  });
}
