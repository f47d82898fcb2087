/**
 * Kernels and CPU time of one actor-like update step and of one `generate` call of the embedded policy, for
 * comparing changes of the compute path on a shared machine: kernel counts do not depend on the load, CPU-ms per
 * round (median of the rounds) less than wall time does.
 *
 *   nice -n 10 npx tsx --conditions=source packages/policy/scripts/step-kernels.ts [--rounds 5] \
 *     [--train-batch 16] [--sequence-length 320] [--batch 16] [--new-tokens 24] [--only update|generate] [--out FILE]
 *
 * The update step: `scoreSequences` at temperature 0.7 with entropy (the embedded preset's actor loss, entropy
 * bonus 0.001), `tf.variableGrads` over the policy's variables, global-norm clipping, AdamW. The generate call:
 * 16 synthetic prompts of 32 ids, 24 new tokens at temperature 0.7, no stop token (`synthetic-decode.ts`).
 *
 * `kernels` are what `tf.profile` sees; on native TensorFlow, `nativeOps` counts every TensorFlow op the binding
 * ran (`executeSingleOutput` / `executeMultipleOutputs`), which also covers ops run by name outside tfjs's kernel
 * registry (`LogSoftmax`, `MatMul`, `BatchMatMulV3`, `InplaceUpdate`) and leaves out kernels that need no op.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { initTfBackend, loadTransformerModel, type TransformerModel } from '@rlver/model';
import { clipGradientsByGlobalNorm, createAdamW } from '@rlver/optim';
import { createRng } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { embeddedModelDirectory } from '../src/checkpoint-policy';
import { generateSynthetic } from './synthetic-decode';

const { values: flags } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    'train-batch': { type: 'string', default: '16' },
    'sequence-length': { type: 'string', default: '320' },
    batch: { type: 'string', default: '16' },
    'new-tokens': { type: 'string', default: '24' },
    out: { type: 'string' },
    only: { type: 'string' },
  },
  strict: true,
});
const rounds = Number(flags.rounds);
const trainBatch = Number(flags['train-batch']);
const sequenceLength = Number(flags['sequence-length']);
const decodeBatch = Number(flags.batch);
const newTokens = Number(flags['new-tokens']);
for (const [name, value] of Object.entries({ rounds, trainBatch, sequenceLength, decodeBatch, newTokens })) {
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`--${name} is ${value}; give a whole number of 1 or more.`);
}

interface Measured {
  kernels: number;
  nativeOps: number | undefined;
  kernelsByName: Record<string, number>;
  kernelMsByName: Record<string, number>;
  cpuMs: number[];
  wallMs: number[];
  medianCpuMs: number;
  medianWallMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** Counts the TensorFlow ops tfjs-node's binding runs while `run` runs (undefined on other backends). */
async function countNativeOps(run: () => Promise<void>): Promise<number | undefined> {
  const backend = tf.backend() as unknown as Record<string, unknown>;
  const names = ['executeSingleOutput', 'executeMultipleOutputs'].filter((name) => typeof backend[name] === 'function');
  if (names.length === 0) {
    await run();
    return undefined;
  }
  let count = 0;
  const originals = names.map((name) => backend[name] as (...args: unknown[]) => unknown);
  names.forEach((name, index) => {
    const original = originals[index] as (...args: unknown[]) => unknown;
    backend[name] = function (this: unknown, ...args: unknown[]) {
      count += 1;
      return original.apply(this, args);
    };
  });
  try {
    await run();
  } finally {
    names.forEach((name, index) => {
      backend[name] = originals[index];
    });
  }
  return count;
}

async function measure(run: () => Promise<void>): Promise<Measured> {
  await run(); // warm-up
  const nativeOps = await countNativeOps(run);
  const profile = await tf.profile(run);
  const counts = new Map<string, number>();
  const ms = new Map<string, number>();
  for (const kernel of profile.kernels) {
    counts.set(kernel.name, (counts.get(kernel.name) ?? 0) + 1);
    const time = typeof kernel.kernelTimeMs === 'number' ? kernel.kernelTimeMs : 0;
    ms.set(kernel.name, (ms.get(kernel.name) ?? 0) + time);
  }
  const cpuMs: number[] = [];
  const wallMs: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const cpuStart = process.cpuUsage();
    const started = performance.now();
    await run();
    const cpu = process.cpuUsage(cpuStart);
    wallMs.push(Math.round(performance.now() - started));
    cpuMs.push(Math.round((cpu.user + cpu.system) / 1000));
  }
  const sorted = (map: Map<string, number>) =>
    Object.fromEntries([...map].sort((a, b) => b[1] - a[1]).map(([name, value]) => [name, Math.round(value)]));
  return {
    kernels: profile.kernels.length,
    nativeOps,
    kernelsByName: sorted(counts),
    kernelMsByName: sorted(ms),
    cpuMs,
    wallMs,
    medianCpuMs: median(cpuMs),
    medianWallMs: median(wallMs),
  };
}

function updateStep(model: TransformerModel): () => Promise<void> {
  const rng = createRng(7);
  const rows = Array.from({ length: trainBatch }, () =>
    Array.from({ length: sequenceLength }, () => 4 + rng.int(model.vocabSize - 4)),
  );
  const ids = tf.tensor2d(rows, [trainBatch, sequenceLength], 'int32');
  const mask = tf.ones([trainBatch, sequenceLength], 'int32') as tf.Tensor2D;
  const optimizer = createAdamW({ learningRate: 1e-6 });
  const loss = () =>
    tf.tidy(() => {
      const scores = model.scoreSequences(ids, mask, { temperature: 0.7, withEntropy: true });
      const bonus = scores.entropies ? tf.mul(tf.mean(scores.entropies), 0.001) : tf.scalar(0);
      return tf.sub(tf.neg(tf.mean(scores.logProbs)), bonus) as tf.Scalar;
    });
  return async () => {
    const { value, grads } = tf.variableGrads(loss, model.policyVariables());
    const clipped = clipGradientsByGlobalNorm(grads, 1);
    optimizer.applyGradients(clipped.gradients);
    await value.data();
    tf.dispose([value, grads, clipped.gradients]);
  };
}

const backend = await initTfBackend({});
const model = await loadTransformerModel(embeddedModelDirectory());
const loadBefore = loadavg()[0] as number;
if (flags.only !== undefined && !['update', 'generate'].includes(flags.only)) {
  throw new Error(`--only is "${flags.only}"; give update or generate, or leave it out for both.`);
}
const generateCall =
  flags.only === 'update'
    ? undefined
    : await measure(() => generateSynthetic(model, { batch: decodeBatch, newTokens, decodePath: 'fused' }));
const update = flags.only === 'generate' ? undefined : await measure(updateStep(model));
const loadAfter = loadavg()[0] as number;
const results = {
  backend,
  load: [loadBefore, loadAfter],
  update: update && { trainBatch, sequenceLength, ...update },
  generate: generateCall && { batch: decodeBatch, newTokens, ...generateCall },
};
const top = (byName: Record<string, number>, count: number) =>
  Object.entries(byName)
    .slice(0, count)
    .map(([name, value]) => `${name} ${value}`)
    .join(' · ');
for (const [label, part] of [
  [`update ${trainBatch}×${sequenceLength}`, update],
  [`generate ${decodeBatch}×${newTokens}`, generateCall],
] as const) {
  if (!part) continue;
  console.log(
    `${label}: ${part.kernels} kernels (${part.nativeOps ?? '–'} native ops) · CPU ms median ${part.medianCpuMs} (${part.cpuMs.join(', ')}) · wall ms median ${part.medianWallMs} (${part.wallMs.join(', ')})`,
  );
  console.log(`  kernels: ${top(part.kernelsByName, 14)}`);
  console.log(`  kernel ms: ${top(part.kernelMsByName, 10)}`);
}
console.log(`backend ${backend} · load ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)}`);
if (flags.out) {
  await mkdir(dirname(flags.out), { recursive: true });
  await writeFile(flags.out, `${JSON.stringify(results, null, 2)}\n`);
}
model.dispose();
