import '@tensorflow/tfjs-backend-cpu';
import { ensureGradientsRegistered } from '@rlver/optim';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { computeAggregationNormalizer, createActorLoss, summarizeActorSteps } from './actor-loss';
import { scoreSamples } from './score-samples';
import { createTinyLanguageModel } from './test/create-tiny-language-model';

beforeAll(async () => {
  await tf.setBackend('cpu');
  await ensureGradientsRegistered();
});

const settings = {
  clipRatioLow: 0.2,
  clipRatioHigh: 0.2,
  entropyCoefficient: 0,
  klLossCoefficient: 0,
  klEstimator: 'k3' as const,
  aggregation: 'token-mean' as const,
};

describe('createActorLoss', () => {
  it('should give −mean(A) at ratio 1 and a gradient that raises the log-prob of positive-advantage tokens', async () => {
    const model = createTinyLanguageModel({ seed: 21 });
    const rows = [
      { tokenIds: [1, 2, 5], lossMask: [0, 1], advantages: [0, 1] },
      { tokenIds: [1, 2, 6, 4], lossMask: [0, 1, 1], advantages: [0, -0.5, -0.5] },
    ];
    const old = await scoreSamples(
      model,
      rows.map((row) => row.tokenIds),
      { microBatchSize: 4, temperature: 1 },
    );
    const actorRows = rows.map((row, index) => ({ ...row, oldLogProbs: old.logProbs[index] ?? [] }));
    const normalizer = computeAggregationNormalizer(actorRows, null);
    expect(normalizer).toEqual({ tokenCount: 3, sequenceCount: 2, lossNormalizer: 3 });
    const lossFunction = createActorLoss({ policy: model, rows: actorRows, settings, normalizer, temperature: 1 });
    const { value, grads } = tf.variableGrads(() => lossFunction().loss, model.policyVariables());
    expect(value.dataSync()[0]).toBeCloseTo(-(1 - 0.5 - 0.5) / 3, 5);
    const optimizerStep = tf.tidy(() =>
      model
        .policyVariables()
        .map((variable) => tf.sub(variable, tf.mul(grads[variable.name] ?? tf.zerosLike(variable), 0.5))),
    );
    model.policyVariables().forEach((variable, index) => {
      variable.assign(optimizerStep[index] as tf.Tensor);
    });
    const after = await scoreSamples(
      model,
      rows.map((row) => row.tokenIds),
      { microBatchSize: 4, temperature: 1 },
    );
    expect(after.logProbs[0]?.[1]).toBeGreaterThan(old.logProbs[0]?.[1] ?? 0);
    expect(after.logProbs[1]?.[1]).toBeLessThan(old.logProbs[1]?.[1] ?? 0);
    tf.dispose([value, grads as Record<string, tf.Tensor>, optimizerStep]);
  });
});

describe('summarizeActorSteps', () => {
  it('should token-weight per-token metrics and count skipped steps', () => {
    const summary = summarizeActorSteps('algo', [
      {
        skipped: false,
        gradNorm: 2,
        tokenCount: 2,
        metrics: { policyLoss: 1, clippedSum: 1, entropySum: 4, approxKlSum: 0.2, klReferenceSum: 0 },
      },
      {
        skipped: true,
        gradNorm: Number.NaN,
        tokenCount: 6,
        metrics: { policyLoss: 3, clippedSum: 1, entropySum: 4, approxKlSum: 0.2, klReferenceSum: 0 },
      },
    ]);
    expect(summary).toEqual({
      'algo/policy_loss': 2,
      'algo/entropy': 1,
      'algo/clip_fraction': 0.25,
      'algo/approx_kl': 0.05,
      'algo/kl_reference': 0,
      'algo/grad_norm': 2,
      'algo/skipped_updates': 1,
    });
  });
});
