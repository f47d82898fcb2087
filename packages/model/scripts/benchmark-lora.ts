/**
 * Memory and step time of one training step with and without LoRA, on a small model made here (no download).
 * A step is what the RL update does per micro-batch: forward, log-probs of the tokens, backward, AdamW.
 * Usage (from the repo root; the backend is chosen as in a run, RLVER_TF_BACKEND=wasm forces wasm):
 *   nice -n 15 npx tsx --conditions=source packages/model/scripts/benchmark-lora.ts [--hidden 512 --layers 8 --rows 4 --tokens 128]
 * Prints per mode: parameters, trainable parameters, bytes held after the first step (weights + AdamW moments),
 * the peak bytes of a step (tf.profile), the median step time, and the sustained GFLOP/s (6·N·tokens full,
 * 4·N·tokens LoRA).
 */
import { parseArgs } from 'node:util';
import { createAdamW } from '@rlver/optim';
import * as tf from '@tensorflow/tfjs-core';
import { createTransformerModel, initTfBackend } from '../src/index';

const { values } = parseArgs({
  options: {
    hidden: { type: 'string', default: '512' },
    layers: { type: 'string', default: '8' },
    vocab: { type: 'string', default: '8000' },
    rows: { type: 'string', default: '4' },
    tokens: { type: 'string', default: '128' },
    steps: { type: 'string', default: '3' },
    rank: { type: 'string', default: '16' },
  },
});
const hidden = Number(values.hidden);
const config = {
  vocabSize: Number(values.vocab),
  hiddenSize: hidden,
  intermediateSize: Math.round((hidden * 11) / 4),
  numHiddenLayers: Number(values.layers),
  numAttentionHeads: hidden / 64,
  numKeyValueHeads: Math.max(1, hidden / 256),
  tieWordEmbeddings: true,
};
const rows = Number(values.rows);
const tokens = Number(values.tokens);
const steps = Number(values.steps);

const backend = await initTfBackend();
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

for (const mode of ['full', 'lora'] as const) {
  const before = tf.memory().numBytes;
  const model = createTransformerModel({ config, seed: 1 });
  if (mode === 'lora') model.enableLora({ rank: Number(values.rank), alpha: 32, targetModules: ['q_proj', 'v_proj'] });
  const optimizer = createAdamW({ learningRate: 1e-5 });
  const trainable = model.policyVariables();
  const ids = tf.tidy(() => tf.randomUniform([rows, tokens], 0, config.vocabSize, 'int32') as tf.Tensor2D);
  const mask = tf.onesLike(ids) as tf.Tensor2D;
  const step = () => {
    const { value, grads } = tf.variableGrads(() => {
      const logits = model.forwardLogits(ids, mask);
      const logProbs = tf.logSoftmax(logits.slice([0, 0, 0], [rows, tokens - 1, config.vocabSize]));
      const targets = tf.oneHot(ids.slice([0, 1], [rows, tokens - 1]), config.vocabSize);
      return tf.neg(tf.mean(tf.sum(tf.mul(logProbs, targets), -1))) as tf.Scalar;
    }, trainable);
    optimizer.applyGradients(grads);
    tf.dispose([value, ...Object.values(grads)]);
  };
  step();
  const held = tf.memory().numBytes - before;
  const times: number[] = [];
  let peak = 0;
  for (let index = 0; index < steps; index += 1) {
    const started = performance.now();
    const profile = await tf.profile(step);
    await tf.ready();
    times.push((performance.now() - started) / 1000);
    peak = Math.max(peak, profile.peakBytes);
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] as number;
  const parameters = model.parameterCount();
  const trainableCount = trainable.reduce((sum, variable) => sum + variable.size, 0);
  const flops = (mode === 'full' ? 6 : 4) * parameters * rows * tokens;
  console.log(
    `${backend} ${mode.padEnd(4)} params ${(parameters / 1e6).toFixed(1)} M · trainable ${(trainableCount / 1e6).toFixed(2)} M · held after step 1 ${mib(held)} · step peak ${mib(peak)} · step ${median.toFixed(2)} s (median of ${steps}, ${rows}×${tokens} tokens) · ${(flops / median / 1e9).toFixed(1)} GFLOP/s`,
  );
  tf.dispose([ids, mask]);
  optimizer.dispose();
  model.dispose();
}
