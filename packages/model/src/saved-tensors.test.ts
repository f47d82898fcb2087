import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { savedTensors } from './saved-tensors';
import { useTestBackend } from './test/test-backend';

describe('savedTensors', () => {
  beforeAll(async () => {
    await useTestBackend();
  });

  it('returns the saved tensors in order when the count matches', () => {
    const first = tf.scalar(1);
    const second = tf.scalar(2);
    const [a, b] = savedTensors([first, second], 2, 'test op');
    expect(a).toBe(first);
    expect(b).toBe(second);
    tf.dispose([first, second]);
  });

  it('names the op and both counts when the forward saved a different number', () => {
    const only = tf.scalar(1);
    expect(() => savedTensors([only], 2, 'perKeyScores')).toThrow(/perKeyScores: .* expects 2 .* saved 1/);
    only.dispose();
  });

  it('checks the count inside a real custom gradient', () => {
    const op = tf.customGrad((...inputs: Array<tf.Tensor | tf.GradSaveFunc>) => {
      const [x, save] = inputs as [tf.Tensor, tf.GradSaveFunc];
      save([x]);
      return {
        value: tf.square(x),
        gradFunc: (dy: tf.Tensor | tf.Tensor[], saved: tf.Tensor[]) => {
          const [xS, extra] = savedTensors(saved, 2, 'square');
          return tf.mul(tf.mul(dy as tf.Tensor, xS), extra);
        },
      };
    });
    expect(() => tf.grad((x: tf.Tensor) => op(x) as tf.Tensor)(tf.scalar(3))).toThrow(/square: .* expects 2/);
  });
});
