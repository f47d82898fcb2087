import { join } from 'node:path';
import { type AdamW, variablesByIndex } from '@rlver/optim';
import type * as tf from '@tensorflow/tfjs-core';
import { readTensorFile, writeTensorFile } from './tensor-files';

/**
 * Write an optimizer's moments for a fixed list of variables as `<baseName>.json` + `.bin`, keyed by position
 * (`m/0`, …, `v/0`, …: the format algorithm checkpoints have always used). Returns the optimizer's step count, which
 * the caller records in its state file.
 */
export async function saveOptimizerStateFile(
  optimizer: AdamW,
  variables: readonly tf.Variable[],
  directory: string,
  baseName: string,
): Promise<number> {
  const state = await optimizer.exportState(variablesByIndex(variables));
  const byName = new Map(state.tensors.map((tensor) => [tensor.name, tensor]));
  // Every variable, all first moments then all second moments; a variable no gradient reached yet has zeros.
  const arrays = (['m', 'v'] as const).flatMap((kind) =>
    variables.map((variable, index) => {
      const name = `${kind}/${index}`;
      const saved = byName.get(name);
      return { name, shape: [...variable.shape], values: saved?.data ?? new Float32Array(variable.size) };
    }),
  );
  await writeTensorFile(directory, baseName, arrays);
  return state.step;
}

/**
 * Restore what `saveOptimizerStateFile` wrote, with the step count from the caller's state file. Every variable
 * must have its moments with its shape (else `InvalidInputError` naming the file); the learning rate stays as
 * configured (schedules set it per step).
 */
export async function loadOptimizerStateFile(
  optimizer: AdamW,
  variables: readonly tf.Variable[],
  directory: string,
  baseName: string,
  step: number,
): Promise<void> {
  const arrays = await readTensorFile(directory, baseName);
  optimizer.importState(
    {
      step,
      learningRate: optimizer.learningRate,
      tensors: arrays.map(({ name, shape, values }) => ({ name, shape, data: values })),
    },
    variablesByIndex(variables),
    join(directory, `${baseName}.json`),
    { requireAll: true },
  );
}
