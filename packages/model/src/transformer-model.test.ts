import { clipGradientsByGlobalNorm, createAdamW } from '@rlver/optim';
import * as tf from '@tensorflow/tfjs-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from './generate';
import { scoreSequencesMinibatched } from './score-sequences-minibatched';
import { useTestBackend } from './test/test-backend';
import { paddedBatch, TINY_TRANSFORMER_CONFIG } from './test/tiny-transformer';
import { createTransformerModel, type TransformerModel } from './transformer-model';

function maxAbsDifference(left: tf.Tensor, right: tf.Tensor): number {
  return tf.tidy(() => tf.max(tf.abs(tf.sub(left, right))).dataSync()[0] as number);
}

let model: TransformerModel;
beforeAll(async () => {
  await useTestBackend();
  model = createTransformerModel({ config: TINY_TRANSFORMER_CONFIG, seed: 3, initStd: 0.3, valueHead: true });
});
afterAll(() => model.dispose());

describe('TransformerModel.decode', () => {
  it('should give the same last-position logits with a key/value cache as a full forward pass', () => {
    const tokens = [4, 9, 2, 33, 17, 8, 21];
    const { ids, mask } = paddedBatch([tokens]);
    const full = model.forwardLogits(ids, mask);
    let step = model.decode({
      inputIds: tf.tensor2d([tokens.slice(0, 3)], undefined, 'int32'),
      positions: tf.tensor2d([[0, 1, 2]]),
      mask: tf.tensor([0, -1e9, -1e9, 0, 0, -1e9, 0, 0, 0], [1, 1, 1, 3, 3]),
    });
    const cachedLogits: tf.Tensor[] = [step.logits];
    for (let position = 3; position < tokens.length; position += 1) {
      const past = step.present;
      step = model.decode({
        inputIds: tf.tensor2d([[tokens[position] as number]], undefined, 'int32'),
        positions: tf.tensor2d([[position]]),
        mask: tf.zeros([1, 1, 1, 1, position + 1]),
        past,
      });
      cachedLogits.push(step.logits);
    }
    cachedLogits.forEach((logits, index) => {
      const expected = tf.slice(full, [0, index + 2, 0], [1, 1, -1]).reshape([1, -1]);
      expect(maxAbsDifference(logits, expected)).toBeLessThan(1e-4);
    });
  });
});

describe('TransformerModel.scoreSequences', () => {
  it('should return [batch, length − 1] log-probs, entropies and values that ignore padding', () => {
    const { ids, mask } = paddedBatch([
      [5, 6, 7, 8],
      [5, 6],
    ]);
    const scores = model.scoreSequences(ids, mask, { withEntropy: true, withValues: true });
    expect(scores.logProbs.shape).toEqual([2, 3]);
    expect(scores.entropies?.shape).toEqual([2, 3]);
    expect(scores.values?.shape).toEqual([2, 3]);
    const alone = paddedBatch([[5, 6]]);
    const single = model.scoreSequences(alone.ids, alone.mask);
    const logProbs = scores.logProbs.arraySync();
    expect(logProbs[1]?.[0]).toBeCloseTo(single.logProbs.arraySync()[0]?.[0] as number, 5);
    const entropy = scores.entropies?.arraySync()[0]?.[0] as number;
    expect(entropy).toBeGreaterThan(0);
    expect(entropy).toBeLessThanOrEqual(Math.log(TINY_TRANSFORMER_CONFIG.vocabSize) + 1e-4);
  });

  it('should equal log-softmax of forwardLogits at the target tokens, scaled by temperature', () => {
    const { ids, mask } = paddedBatch([[3, 14, 15, 9, 26]]);
    const scores = model.scoreSequences(ids, mask, { temperature: 0.7 });
    const logits = model.forwardLogits(ids, mask).arraySync()[0] as number[][];
    const expected = [14, 15, 9, 26].map((target, position) => {
      const row = (logits[position] as number[]).map((value) => value / 0.7);
      const max = Math.max(...row);
      const logSum = Math.log(row.reduce((sum, value) => sum + Math.exp(value - max), 0)) + max;
      return (row[target] as number) - logSum;
    });
    const actual = scores.logProbs.arraySync()[0] as number[];
    actual.forEach((value, index) => {
      expect(value).toBeCloseTo(expected[index] as number, 4);
    });
  });
});

describe('generate', () => {
  it('should sample log-probs and entropies that scoreSequences recomputes on the generated sequences', async () => {
    const prompts = [
      [3, 4, 5, 6, 7],
      [8, 9],
      [10, 11, 12],
    ];
    const results = await generate(model, { promptIds: prompts, maxNewTokens: 6, temperature: 0.8, seed: 5 });
    const sequences = prompts.map((prompt, row) => [...prompt, ...(results[row]?.outputIds ?? [])]);
    const { ids, mask } = paddedBatch(sequences);
    const scores = model.scoreSequences(ids, mask, { temperature: 0.8, withEntropy: true });
    const logProbs = scores.logProbs.arraySync();
    const entropies = scores.entropies?.arraySync() ?? [];
    prompts.forEach((prompt, row) => {
      const result = results[row];
      expect(result?.outputIds.length).toBeGreaterThan(0);
      result?.logProbs.forEach((logProb, index) => {
        expect(logProb).toBeCloseTo(logProbs[row]?.[prompt.length - 1 + index] as number, 4);
        expect(result.entropies[index]).toBeCloseTo(entropies[row]?.[prompt.length - 1 + index] as number, 4);
      });
    });
  });

  it('should give repeated prompts (prefilled once) the tokens each row gets when generated alone', async () => {
    const prompts = [
      [3, 4, 5, 6],
      [8, 9],
      [3, 4, 5, 6],
      [3, 4, 5, 6],
      [8, 9],
    ];
    const rowSeeds = [21, 22, 23, 24, 25];
    const options = { maxNewTokens: 7, temperature: 1, stopTokenIds: [] };
    const together = await generate(model, { ...options, promptIds: prompts, rowSeeds });
    for (const [row, prompt] of prompts.entries()) {
      const [alone] = await generate(model, { ...options, promptIds: [prompt], rowSeeds: [rowSeeds[row] as number] });
      expect(together[row]?.outputIds).toEqual(alone?.outputIds);
      for (const [index, logProb] of (together[row]?.logProbs ?? []).entries()) {
        expect(logProb).toBeCloseTo(alone?.logProbs[index] ?? 0, 4);
      }
    }
    expect(new Set(together.map((result) => result?.outputIds.join(','))).size).toBeGreaterThan(2);
  });

  it('should be reproducible with a seed and greedy at temperature 0', async () => {
    const options = { promptIds: [[3, 4, 5]], maxNewTokens: 5, temperature: 1, seed: 11 };
    const first = await generate(model, options);
    const second = await generate(model, options);
    expect(second[0]?.outputIds).toEqual(first[0]?.outputIds);
    const greedy = await generate(model, { promptIds: [[3, 4, 5]], maxNewTokens: 1, temperature: 0 });
    const { ids, mask } = paddedBatch([[3, 4, 5]]);
    const logits = model.forwardLogits(ids, mask);
    const argmax = tf.argMax(tf.slice(logits, [0, 2, 0], [1, 1, -1]), -1).dataSync()[0];
    expect(greedy[0]?.outputIds).toEqual([argmax]);
  });

  it('should stop at a stop token (kept) and report length otherwise', async () => {
    const probe = await generate(model, { promptIds: [[3, 4, 5]], maxNewTokens: 4, temperature: 0 });
    const firstToken = probe[0]?.outputIds[0] as number;
    const stopped = await generate(model, {
      promptIds: [[3, 4, 5]],
      maxNewTokens: 4,
      temperature: 0,
      stopTokenIds: [firstToken],
    });
    expect(stopped[0]).toMatchObject({ outputIds: [firstToken], finishReason: 'stop' });
    expect(probe[0]?.finishReason).toBe(probe[0]?.outputIds.includes(1) ? 'stop' : 'length');
  });

  it('should stop a row once its decoded text contains a stop string', async () => {
    const decode = (ids: readonly number[]) => ids.map((id) => String.fromCharCode(97 + (id % 26))).join('');
    const probe = await generate(model, { promptIds: [[3, 4]], maxNewTokens: 6, temperature: 0, stopTokenIds: [] });
    const text = decode(probe[0]?.outputIds ?? []);
    const stop = text.slice(1, 3);
    const stopped = await generate(model, {
      promptIds: [[3, 4]],
      maxNewTokens: 6,
      temperature: 0,
      stopTokenIds: [],
      stopStrings: [stop],
      decode,
    });
    expect(stopped[0]?.stopString).toBe(stop);
    expect(decode(stopped[0]?.outputIds ?? []).endsWith(stop)).toBe(true);
  });
});

describe('training step', () => {
  it('should not leak tensors across generate + scoreSequences + clip + AdamW', async () => {
    const optimizer = createAdamW({ learningRate: 1e-3 });
    const trainStep = async () => {
      const results = await generate(model, {
        promptIds: [
          [3, 4],
          [5, 6, 7],
        ],
        maxNewTokens: 3,
        seed: 2,
      });
      const old = await scoreSequencesMinibatched(model, {
        sequences: [
          [3, 4, 5],
          [6, 7],
        ],
        withEntropy: true,
        withValues: true,
        batchSize: 1,
      });
      expect(old[1]?.values).toHaveLength(1);
      const { ids, mask } = paddedBatch(results.map((result, row) => [row + 3, 4, ...result.outputIds]));
      const { value, grads } = tf.variableGrads(() =>
        tf.tidy(() => {
          const scores = model.scoreSequences(ids, mask, { withEntropy: true, withValues: true });
          return tf.add(tf.neg(tf.mean(scores.logProbs)), tf.mean(tf.square(scores.values as tf.Tensor))) as tf.Scalar;
        }),
      );
      const clipped = clipGradientsByGlobalNorm(grads, 1);
      optimizer.applyGradients(clipped.gradients);
      tf.dispose([value, grads, clipped.gradients, ids, mask]);
    };
    await trainStep();
    const tensorsAfterWarmUp = tf.memory().numTensors;
    await trainStep();
    await trainStep();
    expect(tf.memory().numTensors).toBe(tensorsAfterWarmUp);
    optimizer.dispose();
  });
});
