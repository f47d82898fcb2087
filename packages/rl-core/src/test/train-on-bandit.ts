import type { AlgorithmUpdateResult, AlgorithmV1 } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import type { SamplingModel } from './create-tiny-language-model';
import { preferredTokenProbability, runBanditEpisodes } from './run-bandit-episodes';

/** What `trainOnBandit` saw: each update's result, the preferred-token probability and the live tensors. */
export interface BanditTrainingRun {
  results: AlgorithmUpdateResult[];
  probabilityBefore: number;
  probabilityAfter: number;
  /** `tf.memory().numTensors` after the first and after the last update (equal when nothing leaks). */
  tensorsAfterFirst: number;
  tensorsAfterLast: number;
}

/**
 * `steps` updates of `algorithm` on bandit episodes sampled from `model` (episode seed = step), as the algorithm
 * packages' transformer tests run them; the caller asserts on the run and disposes both.
 */
export async function trainOnBandit(options: {
  algorithm: AlgorithmV1;
  model: SamplingModel;
  steps: number;
  groups: number;
  groupSize: number;
}): Promise<BanditTrainingRun> {
  const { algorithm, model, groups, groupSize } = options;
  const probabilityBefore = preferredTokenProbability(model);
  const results: AlgorithmUpdateResult[] = [];
  let tensorsAfterFirst = 0;
  for (let step = 0; step < options.steps; step += 1) {
    results.push(
      await algorithm.doUpdate({ trajectories: runBanditEpisodes({ model, groups, groupSize, seed: step }), step }),
    );
    if (step === 0) tensorsAfterFirst = tf.memory().numTensors;
  }
  return {
    results,
    probabilityBefore,
    probabilityAfter: preferredTokenProbability(model),
    tensorsAfterFirst,
    tensorsAfterLast: tf.memory().numTensors,
  };
}
