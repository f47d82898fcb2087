import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { KeyValueCache } from './kv-cache';
import { useTestBackend } from './test/test-backend';

beforeAll(async () => {
  await useTestBackend();
});

/** `[batch, kvHeads, 1, headDim]` whose values are distinct for every (step, row, head, dim). */
function column(batch: number, heads: number, headDim: number, step: number): tf.Tensor4D {
  const values = Float32Array.from({ length: batch * heads * headDim }, (_, index) => 1000 * step + index + 1);
  return tf.tensor4d(values, [batch, heads, 1, headDim]);
}

const written = async (tensor: tf.Tensor, columns: number) =>
  Array.from(await tf.slice(tensor, [0, 0, 0, 0], [-1, -1, columns, -1]).data());

describe('KeyValueCache', () => {
  it('should hold the prefill and every written column, growing past its first block, and keep chosen rows', async () => {
    const [batch, heads, headDim, prefill, steps] = [3, 2, 4, 2, 45];
    const first = tf.concat([column(batch, heads, headDim, 0), column(batch, heads, headDim, 1)], 2) as tf.Tensor4D;
    const cache = new KeyValueCache([{ keys: first.clone(), values: tf.neg(first) as tf.Tensor4D }], prefill + steps);
    expect(cache.capacity).toBe(prefill + 32);
    const expected: tf.Tensor[] = [first];
    for (let step = prefill; step < prefill + steps; step += 1) {
      cache.reserveColumn();
      const keys = column(batch, heads, headDim, step);
      const layer = cache.write(0, keys, tf.neg(keys) as tf.Tensor4D);
      expect(layer.keys.shape[2]).toBe(cache.capacity);
      cache.advance();
      expected.push(keys);
    }
    expect([cache.length, cache.capacity]).toEqual([prefill + steps, prefill + steps]);
    expect(() => cache.reserveColumn()).toThrow(/all 47 columns are written/);
    const all = tf.concat(expected, 2);
    expect(await written(cache.view(0).keys, prefill + steps)).toEqual(Array.from(await all.data()));
    expect(await written(cache.view(0).values, prefill + steps)).toEqual(Array.from(await tf.neg(all).data()));
    cache.keepRows([2, 0]);
    const kept = tf.gather(all, tf.tensor1d([2, 0], 'int32'));
    expect(cache.batch).toBe(2);
    expect(await written(cache.view(0).keys, prefill + steps)).toEqual(Array.from(await kept.data()));
    cache.dispose();
  });
});
