import { createTransformerModel, initTfBackend } from '@rlver/model';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { maskedLanguageModelLoss } from './masked-language-model-loss';

beforeAll(async () => {
  await initTfBackend({ log: () => {} });
});

const CONFIG = {
  vocabSize: 40,
  hiddenSize: 16,
  intermediateSize: 24,
  numHiddenLayers: 1,
  numAttentionHeads: 2,
  eosTokenIds: [1],
  padTokenId: 0,
};

/** The masked loss on trained rows `(row, t)` (predicting token t + 1) and the model's full-vocabulary loss. */
function bothLosses(copyHead: boolean): [number, number] {
  const model = createTransformerModel({
    config: { ...CONFIG, copyHead: copyHead ? { keyDim: 8 } : null },
    seed: 2,
    initStd: 0.4,
  });
  model.weights.copyHead?.gateBias.assign(tf.tensor1d([0.5]));
  const rows = [
    [5, 6, 7, 5, 6, 7, 9],
    [8, 9, 8, 9, 8, 0, 0],
  ];
  const trained: Array<[number, number]> = [
    [0, 2],
    [0, 3],
    [0, 4],
    [0, 5],
    [1, 1],
    [1, 2],
    [1, 3],
  ];
  const length = 7;
  const result = tf.tidy(() => {
    const inputIds = tf.tensor2d(rows, undefined, 'int32');
    const attentionMask = tf.tensor2d(
      rows.map((row, index) => row.map((_, column) => (index === 1 && column >= 5 ? 0 : 1))),
      undefined,
      'int32',
    );
    const masked = maskedLanguageModelLoss(model, {
      inputIds,
      attentionMask,
      positions: tf.tensor1d(
        trained.map(([row, t]) => row * (length - 1) + t),
        'int32',
      ),
      targets: tf.tensor1d(
        trained.map(([row, t]) => rows[row]?.[t + 1] as number),
        'int32',
      ),
      rowsOfPositions: tf.tensor1d(
        trained.map(([row]) => row),
        'int32',
      ),
    });
    const lossMask = tf.tensor2d(
      rows.map((row, index) =>
        row.map((_, column) => (trained.some(([r, t]) => r === index && t + 1 === column) ? 1 : 0)),
      ),
      undefined,
      'int32',
    );
    const full = model.languageModelLoss(inputIds, attentionMask, lossMask);
    return [masked.dataSync()[0] as number, full.dataSync()[0] as number] as [number, number];
  });
  model.dispose();
  return result;
}

describe('maskedLanguageModelLoss', () => {
  it('should equal the full-vocabulary loss on the same rows, without and with a copy head', () => {
    const [plainMasked, plainFull] = bothLosses(false);
    expect(plainMasked).toBeCloseTo(plainFull, 5);
    const [copyMasked, copyFull] = bothLosses(true);
    expect(copyMasked).toBeCloseTo(copyFull, 5);
    // The copy head changes the loss (repeated tokens get copy mass), so the second check is not the first again.
    expect(Math.abs(copyMasked - plainMasked)).toBeGreaterThan(1e-3);
  });
});
