import { createRng } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestBackend } from './test/test-backend';
import { backendFromEnvironment } from './tf-backend';

// These tests check the wasm kernel patches: they prefer wasm even where native TensorFlow is built, and
// are skipped when RLVER_TF_BACKEND forces another backend.
const forced = backendFromEnvironment(process.env.RLVER_TF_BACKEND);
let backend: string;
beforeAll(async () => {
  backend = await useTestBackend('wasm');
});

/** Reference slice on nested arrays. */
function sliceNested(value: unknown, begin: number[], size: number[]): unknown {
  if (begin.length === 0) return value;
  const rows = (value as unknown[]).slice(begin[0], (begin[0] as number) + (size[0] as number));
  return rows.map((row) => sliceNested(row, begin.slice(1), size.slice(1)));
}

describe.skipIf(forced !== undefined && forced !== 'wasm')('patchWasmKernels', () => {
  it('should run on wasm in these tests', () => {
    expect(['wasm', 'cpu']).toContain(backend);
  });

  it('should slice contiguous and strided blocks of rank 1–5 like a reference (seeded)', () => {
    const rng = createRng(5);
    for (let trial = 0; trial < 40; trial += 1) {
      const rank = 1 + (trial % 5);
      const shape = Array.from({ length: rank }, () => 1 + rng.int(5));
      const begin = shape.map((extent) => rng.int(extent));
      const size = shape.map((extent, axis) => 1 + rng.int(extent - (begin[axis] as number)));
      const x = tf.tensor(
        Float32Array.from({ length: tf.util.sizeFromShape(shape) }, (_, index) => index),
        shape,
      );
      expect(tf.slice(x, begin, size).arraySync(), `${shape} ${begin} ${size}`).toEqual(
        sliceNested(x.arraySync(), begin, size),
      );
      x.dispose();
    }
  });

  it('should transpose like a reference for random shapes and permutations of rank 2–5 (seeded)', () => {
    const rng = createRng(8);
    for (let trial = 0; trial < 60; trial += 1) {
      const rank = 2 + (trial % 4);
      const shape = Array.from({ length: rank }, () => 1 + rng.int(4));
      const perm = rng.shuffle(Array.from({ length: rank }, (_, axis) => axis));
      const size = tf.util.sizeFromShape(shape);
      const data = Float32Array.from({ length: size }, (_, index) => index);
      const outShape = perm.map((axis) => shape[axis] as number);
      const inStrides = [...tf.util.computeStrides(shape), 1];
      const outStrides = [...tf.util.computeStrides(outShape), 1];
      const expected = new Float32Array(size);
      for (let flat = 0; flat < size; flat += 1) {
        let rest = flat;
        let source = 0;
        outShape.forEach((_, axis) => {
          const coordinate = Math.floor(rest / (outStrides[axis] as number));
          rest -= coordinate * (outStrides[axis] as number);
          source += coordinate * (inStrides[perm[axis] as number] as number);
        });
        expected[flat] = data[source] as number;
      }
      const x = tf.tensor(data, shape);
      const transposed = tf.transpose(x, perm);
      expect(transposed.shape).toEqual(outShape);
      expect(Array.from(transposed.dataSync()), `${shape} ${perm}`).toEqual(Array.from(expected));
      tf.dispose([x, transposed]);
    }
  });

  it('should split, unstack and clone without changing values', () => {
    const x = tf.tensor3d(
      Float32Array.from({ length: 2 * 3 * 5 }, (_, index) => index * 0.5),
      [2, 3, 5],
    );
    const nested = x.arraySync();
    const [left, right] = tf.split(x, [2, 3], 2);
    expect(left?.arraySync()).toEqual(sliceNested(nested, [0, 0, 0], [2, 3, 2]));
    expect(right?.arraySync()).toEqual(sliceNested(nested, [0, 0, 2], [2, 3, 3]));
    expect(tf.unstack(x, 1).map((piece) => piece.arraySync())).toEqual(
      [0, 1, 2].map((row) => nested.map((plane) => plane[row])),
    );
    const copy = tf.clone(x);
    x.dispose();
    expect(copy.arraySync()).toEqual(nested);
  });
});
