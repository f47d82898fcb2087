import '@tensorflow/tfjs-backend-cpu';
import { createTransformerModel } from '@rlver/model';
import { banditTransformerConfig, trainOnBandit, withNextTokenLogProbs } from '@rlver/rl-core/test';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGRPOAlgorithm } from './create-grpo-algorithm';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('createGRPOAlgorithm with the @rlver/policy transformer', () => {
  it('should train the transformer without leaks, moving towards the rewarded token (per-turn packing)', async () => {
    const model = withNextTokenLogProbs(
      createTransformerModel({
        config: banditTransformerConfig,
        seed: 2,
      }),
    );
    const algorithm = createGRPOAlgorithm({
      policy: model,
      config: { learningRate: 0.02, warmupRatio: 0, microBatchSize: 8, packing: 'per-turn' },
    });
    const run = await trainOnBandit({ algorithm, model, steps: 4, groups: 4, groupSize: 4 });
    for (const result of run.results) {
      expect(Number.isFinite(result.metrics['grpo/policy_loss'])).toBe(true);
      expect(result.metrics['rollout/logprob_abs_diff']).toBeLessThan(1e-4);
    }
    expect(run.tensorsAfterLast).toBe(run.tensorsAfterFirst);
    expect(run.probabilityAfter).toBeGreaterThan(run.probabilityBefore + 0.05);
    algorithm.dispose();
    model.dispose();
  });
});
