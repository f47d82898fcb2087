import * as tf from '@tensorflow/tfjs-core';
import { initTfBackend } from '../src/tf-backend';
import { createTransformerModel } from '../src/transformer-model';

const backend = await initTfBackend({ preferred: (process.env.BK as 'wasm' | 'cpu') ?? 'wasm' });
const [h, L, I, H, KV] = (process.env.CFG ?? '192,4,512,6,2').split(',').map(Number) as number[];
const model = createTransformerModel({
  config: {
    vocabSize: 3005,
    hiddenSize: h!,
    intermediateSize: I!,
    numHiddenLayers: L!,
    numAttentionHeads: H!,
    numKeyValueHeads: KV!,
    eosTokenIds: [3002],
  },
  seed: 1,
});
const B = 16,
  T = 200;
const ids = tf.tensor2d(
  Array.from({ length: B * T }, (_, i) => (i * 7919) % 3000),
  [B, T],
  'int32',
);
const mask = tf.ones([B, T], 'int32') as tf.Tensor2D;
const sel = tf.tensor1d(
  Array.from({ length: B * (T - 1) }, (_, i) => i).filter((i) => i % 5 < 2),
  'int32',
);
const targets = tf.tensor1d(
  Array.from({ length: sel.size }, (_, i) => (i * 31) % 3000),
  'int32',
);
const vars = model.policyVariables();
const opt = tf.train.adam(1e-3);
function step() {
  const cost = opt.minimize(
    () =>
      tf.tidy(() => {
        const hidden = tf.reshape(model.hiddenStates(ids, mask), [B, T, h!]);
        const flat = tf.reshape(tf.slice(hidden, [0, 0, 0], [B, T - 1, h!]), [-1, h!]) as tf.Tensor2D;
        const select = tf.customGrad((x: any, save: any) => ({
          value: tf.gather(x, sel),
          gradFunc: (dy: any) => tf.scatterND(tf.reshape(sel, [-1, 1]), dy, flat.shape),
        }));
        const rows = select(flat) as tf.Tensor2D;
        const E = model.weights.embedTokens as tf.Tensor2D;
        const logits = tf.matMul(rows, E, false, true);
        const lse = tf.logSumExp(logits, -1);
        const tgt = tf.sum(tf.mul(logits, tf.cast(tf.oneHot(targets, 3005), 'float32')), -1);
        return tf.mean(tf.sub(lse, tgt)) as tf.Scalar;
      }),
    true,
    vars,
  );
  const v = cost!.dataSync()[0];
  cost!.dispose();
  return v;
}
step();
const c0 = process.cpuUsage();
const t = performance.now();
const n = Number(process.env.N ?? 3);
for (let i = 0; i < n; i++) {
  const c1 = process.cpuUsage();
  const t1 = performance.now();
  step();
  const d = process.cpuUsage(c1);
  console.log(
    'step',
    i,
    (performance.now() - t1).toFixed(0),
    'ms wall',
    ((d.user + d.system) / 1000).toFixed(0),
    'ms cpu',
  );
}
const cpu = process.cpuUsage(c0);
console.log(
  backend,
  `cfg ${h},${L},${I},${H},${KV} params ${model.parameterCount()} step wall ${((performance.now() - t) / n).toFixed(0)} ms cpu ${((cpu.user + cpu.system) / 1000 / n).toFixed(0)} ms  tokens/s(cpu) ${((B * T) / ((cpu.user + cpu.system) / 1e6 / n)).toFixed(0)}`,
);
if (process.env.PROFILE) {
  const info = await tf.profile(() => {
    step();
  });
  const byKernel = new Map<string, number>();
  for (const k of info.kernels) byKernel.set(k.name, (byKernel.get(k.name) ?? 0) + (k.kernelTimeMs as number));
  console.log(
    [...byKernel.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 20)
      .map(([n, t]) => `${n}:${t.toFixed(0)}`)
      .join(' '),
  );
}
