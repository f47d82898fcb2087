import '@tensorflow/tfjs-backend-cpu';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidInputError } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignVariableArrays, readTensorFile, readVariableArrays, writeTensorFile } from './tensor-files';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('writeTensorFile', () => {
  it('should round-trip named arrays and restore variables', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'rl-core-tensors-'));
    const source = [
      tf.variable(
        tf.tensor2d([
          [1, 2],
          [3, 4],
        ]),
      ),
      tf.variable(tf.tensor1d([0.5])),
    ];
    await writeTensorFile(directory, 'weights', await readVariableArrays('w', source));
    const loaded = await readTensorFile(directory, 'weights');
    expect(loaded.map((array) => [array.name, array.shape, Array.from(array.values)])).toEqual([
      ['w/0', [2, 2], [1, 2, 3, 4]],
      ['w/1', [1], [0.5]],
    ]);
    const target = [tf.variable(tf.zeros([2, 2])), tf.variable(tf.zeros([1]))];
    assignVariableArrays('w', target, loaded, 'weights.json');
    expect(Array.from(target[0]?.dataSync() ?? [])).toEqual([1, 2, 3, 4]);
    const wrongShape = [tf.variable(tf.zeros([3]))];
    expect(() => assignVariableArrays('w', wrongShape, loaded, 'weights.json')).toThrow(InvalidInputError);
    tf.dispose([...source, ...target, ...wrongShape]);
  });

  it('should name the file and field of a malformed manifest', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'rl-core-tensors-'));
    await writeFile(join(directory, 'bad.json'), JSON.stringify({ schemaVersion: 2, tensors: [] }));
    await expect(readTensorFile(directory, 'bad')).rejects.toThrow(/bad\.json.*schemaVersion/);
  });
});
