import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAdamW } from '@rlver/optim';
import * as tf from '@tensorflow/tfjs-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTransformerModel, saveCheckpoint } from './checkpoint';
import { useTestBackend } from './test/test-backend';
import { TINY_TRANSFORMER_CONFIG } from './test/tiny-transformer';
import { createTransformerModel } from './transformer-model';

// Weights must be held once: a variable built from a temporary initial tensor, or assigned over one,
// keeps the temporary's buffer alive unless it is disposed (issue 15 measured 2.00× before the fix).
const config = { ...TINY_TRANSFORMER_CONFIG, vocabSize: 500, hiddenSize: 64, intermediateSize: 160 };
let directory: string;
beforeAll(async () => {
  await useTestBackend();
  directory = await mkdtemp(join(tmpdir(), 'rlver-weight-memory-'));
  const model = createTransformerModel({ config, seed: 4, valueHead: true });
  model.enableLora({ rank: 4, targetModules: ['q_proj', 'v_proj', 'down_proj'] });
  await saveCheckpoint({ directory, model });
  model.dispose();
});
afterAll(() => rm(directory, { recursive: true, force: true }));

/** Bytes and tensors `create` leaves allocated, and what it returns. */
async function allocatedBy<T>(create: () => T | Promise<T>): Promise<{ value: T; bytes: number; tensors: number }> {
  const before = tf.memory();
  const value = await create();
  const after = tf.memory();
  return { value, bytes: after.numBytes - before.numBytes, tensors: after.numTensors - before.numTensors };
}

describe('weight memory', () => {
  it('should hold freshly initialised weights once (value head included)', async () => {
    const { value: model, bytes } = await allocatedBy(() =>
      createTransformerModel({ config, seed: 1, valueHead: true }),
    );
    const variableBytes = [...model.namedVariables().values()].reduce((sum, variable) => sum + 4 * variable.size, 0);
    expect(variableBytes).toBe(4 * model.parameterCount());
    expect(bytes / variableBytes).toBeCloseTo(1, 3);
    model.dispose();
  });

  it('should hold loaded checkpoint weights and LoRA adapters once, and free them all on dispose', async () => {
    const start = tf.memory();
    const { value: model, bytes } = await allocatedBy(() => loadTransformerModel(directory));
    const variableBytes = [...model.namedVariables().values()].reduce((sum, variable) => sum + 4 * variable.size, 0);
    expect(model.namedVariables().size).toBeGreaterThan(10);
    expect(bytes / variableBytes, 'tf.memory() bytes over parameter bytes after loading').toBeCloseTo(1, 3);
    model.dispose();
    expect(tf.memory().numBytes).toBe(start.numBytes);
    expect(tf.memory().numTensors).toBe(start.numTensors);
  });

  it('should hold AdamW moments as two copies of the trained variables, no more', async () => {
    const model = createTransformerModel({ config, seed: 2 });
    const optimizer = createAdamW({ learningRate: 1e-3 });
    const variables = model.policyVariables();
    const ids = tf.tensor2d([[3, 8, 21, 5, 9]], undefined, 'int32');
    const mask = tf.ones([1, 5], 'int32') as tf.Tensor2D;
    const step = () => {
      const { value, grads } = tf.variableGrads(() => model.languageModelLoss(ids, mask), variables);
      optimizer.applyGradients(grads);
      tf.dispose([value, grads]);
    };
    const { bytes } = await allocatedBy(step);
    const trainedBytes = variables.reduce((sum, variable) => sum + 4 * variable.size, 0);
    expect(bytes / trainedBytes).toBeCloseTo(2, 2);
    tf.dispose([ids, mask]);
    optimizer.dispose();
    model.dispose();
  });
});
