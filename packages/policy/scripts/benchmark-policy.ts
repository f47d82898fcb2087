/**
 * Throughput of the tfjs policy on the current backend: decode tokens/s (batch 1, 16, 64) with and
 * without the key/value cache, training tokens/s (forward + backward + AdamW on 128-token sequences),
 * achieved GFLOP/s of a training step against a plain matmul, and peak memory.
 *
 *   npx tsx --conditions=source packages/policy/scripts/benchmark-policy.ts --out runs/bench-policy.json
 *
 * Flags: --out FILE (JSON results), --backend tensorflow|wasm|cpu, --train-batch N (default 8),
 * --sequence-length N (training sequences, default 128; the embedded preset's update runs micro-batches of
 * 16 × up to 320 tokens), --new-tokens N (default 32), --quick (fewer repetitions), --model
 * auto|embedded|reference (auto: assets/embedded when built, else the reference shape: vocab 4096, hidden 192,
 * 4 layers, 6 heads, 2 kv heads, intermediate 512, randomly initialised), --shape HIDDENxLAYERSxINTERMEDIATE
 * (instead of --model: a randomly initialised policy of that shape at the embedded vocabulary, 3005, heads of
 * 32 and half as many kv heads, so hidden a multiple of 64; e.g. 256x4x768 to price a wider embedded policy),
 * --temperature T and --entropy (the training step scores at temperature T and adds the entropy bonus, 0.001, as
 * the actor loss of the embedded preset does: T 0.7 with entropy; default: the plain language-model loss).
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  backendFromEnvironment,
  createTransformerModel,
  generate,
  initTfBackend,
  loadTransformerModel,
  type TransformerModel,
} from '@rlver/model';
import { clipByGlobalNorm, clipGradientsByGlobalNorm, createAdamW } from '@rlver/optim';
import { createRng, InvalidConfigError } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { embeddedModelDirectory } from '../src/checkpoint-policy';

const { values: flags } = parseArgs({
  options: {
    out: { type: 'string' },
    backend: { type: 'string' },
    'train-batch': { type: 'string', default: '8' },
    'new-tokens': { type: 'string', default: '32' },
    quick: { type: 'boolean', default: false },
    model: { type: 'string', default: 'auto' },
    'sequence-length': { type: 'string', default: '128' },
    shape: { type: 'string' },
    temperature: { type: 'string', default: '1' },
    entropy: { type: 'boolean', default: false },
  },
  strict: true,
});
const trainBatch = Number(flags['train-batch']);
const newTokens = Number(flags['new-tokens']);
const repeats = flags.quick ? 1 : 3;
const SEQUENCE_LENGTH = Number(flags['sequence-length']);
const PROMPT_LENGTH = 32;
const TEMPERATURE = Number(flags.temperature);
if (!(TEMPERATURE > 0)) {
  throw new InvalidConfigError({
    field: '--temperature',
    message: `--temperature is "${flags.temperature}"; give a number above 0 (1 = the plain language-model loss).`,
  });
}

let peakTensorBytes = 0;
let peakRss = 0;
function samplePeaks(): void {
  peakTensorBytes = Math.max(peakTensorBytes, tf.memory().numBytes);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}

interface Timing {
  /** Wall-clock seconds per run. */
  wall: number;
  /** CPU seconds of this process per run: robust to other processes sharing the cores. */
  cpu: number;
}

async function timed(run: () => Promise<void> | void, times = repeats): Promise<Timing> {
  await run(); // warm-up
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  for (let index = 0; index < times; index += 1) await run();
  const cpu = process.cpuUsage(cpuStart);
  return { wall: (performance.now() - started) / times / 1000, cpu: (cpu.user + cpu.system) / 1e6 / times };
}

async function loadBenchmarkModel(): Promise<{ model: TransformerModel; source: string }> {
  const embedded = embeddedModelDirectory();
  if (!['auto', 'embedded', 'reference'].includes(flags.model ?? 'auto')) {
    throw new InvalidConfigError({
      field: '--model',
      message: `--model is "${flags.model}"; use auto, embedded or reference.`,
    });
  }
  const useEmbedded =
    flags.model === 'embedded' || (flags.model === 'auto' && existsSync(join(embedded, 'config.json')));
  if (useEmbedded && !flags.shape) return { model: await loadTransformerModel(embedded), source: 'assets/embedded' };
  if (flags.shape) {
    const [hiddenSize, numHiddenLayers, intermediateSize] = flags.shape.split('x').map(Number);
    const positive = [hiddenSize, numHiddenLayers, intermediateSize].every(
      (n) => Number.isInteger(n) && (n as number) > 0,
    );
    if (!positive || (hiddenSize as number) % 64 !== 0) {
      throw new InvalidConfigError({
        field: '--shape',
        message: `--shape is "${flags.shape}"; write HIDDENxLAYERSxINTERMEDIATE, e.g. 256x4x768 (hidden a multiple of 64).`,
      });
    }
    const heads = (hiddenSize as number) / 32;
    const config = {
      vocabSize: 3005,
      hiddenSize: hiddenSize as number,
      intermediateSize: intermediateSize as number,
      numHiddenLayers: numHiddenLayers as number,
      numAttentionHeads: heads,
      numKeyValueHeads: heads / 2,
      eosTokenIds: [0],
    };
    return { model: createTransformerModel({ config, seed: 1 }), source: `shape ${flags.shape}, random` };
  }
  const config = {
    vocabSize: 4096,
    hiddenSize: 192,
    intermediateSize: 512,
    numHiddenLayers: 4,
    numAttentionHeads: 6,
    numKeyValueHeads: 2,
    eosTokenIds: [0],
  };
  return { model: createTransformerModel({ config, seed: 1 }), source: 'reference shape, random' };
}

function randomIds(rows: number, length: number, vocab: number, seed: number): number[][] {
  const rng = createRng(seed);
  return Array.from({ length: rows }, () => Array.from({ length }, () => 3 + rng.int(vocab - 3)));
}

async function matmulGflops(size: number): Promise<{ wall: number; cpu: number }> {
  const [a, b] = [tf.randomNormal([size, size], 0, 1, 'float32', 1), tf.randomNormal([size, size], 0, 1, 'float32', 2)];
  const seconds = await timed(async () => {
    const product = tf.matMul(a, b);
    await product.data();
    product.dispose();
  }, 20);
  tf.dispose([a, b]);
  return { wall: (2 * size ** 3) / seconds.wall / 1e9, cpu: (2 * size ** 3) / seconds.cpu / 1e9 };
}

async function decodeTokensPerSecond(model: TransformerModel, batch: number): Promise<Timing> {
  const promptIds = randomIds(batch, PROMPT_LENGTH, model.vocabSize, batch);
  const seconds = await timed(async () => {
    await generate(model, { promptIds, maxNewTokens: newTokens, stopTokenIds: [], seed: 1 });
    samplePeaks();
  }, 1);
  return { wall: (batch * newTokens) / seconds.wall, cpu: (batch * newTokens) / seconds.cpu };
}

/** Decoding without a cache: every new token re-runs the whole sequence. */
async function uncachedTokensPerSecond(model: TransformerModel, batch: number): Promise<Timing> {
  const promptIds = randomIds(batch, PROMPT_LENGTH, model.vocabSize, batch);
  const seconds = await timed(async () => {
    const sequences = promptIds.map((ids) => [...ids]);
    for (let step = 0; step < newTokens; step += 1) {
      const length = (sequences[0] as number[]).length;
      const ids = tf.tensor2d(sequences, [batch, length], 'int32');
      const mask = tf.ones([batch, length], 'int32') as tf.Tensor2D;
      const logits = model.forwardLogits(ids, mask);
      const last = tf.tidy(() => tf.argMax(tf.slice(logits, [0, length - 1, 0], [batch, 1, -1]), -1));
      const next = await last.data();
      tf.dispose([ids, mask, logits, last]);
      for (const [row, sequence] of sequences.entries()) sequence.push(next[row] as number);
    }
  }, 1);
  return { wall: (batch * newTokens) / seconds.wall, cpu: (batch * newTokens) / seconds.cpu };
}

/** Kernel time per kernel name, the 12 largest, from `tf.profile` (backends that time their kernels). */
function kernelMilliseconds(kernels: readonly { name: string; kernelTimeMs: unknown }[]): Record<string, number> {
  const totals = new Map<string, number>();
  for (const kernel of kernels) {
    const ms = typeof kernel.kernelTimeMs === 'number' ? kernel.kernelTimeMs : 0;
    totals.set(kernel.name, (totals.get(kernel.name) ?? 0) + ms);
  }
  const largest = [...totals].sort((a, b) => b[1] - a[1]).slice(0, 12);
  return Object.fromEntries(largest.map(([name, ms]) => [name, Math.round(ms * 10) / 10]));
}

function trainingFlopsPerStep(model: TransformerModel, tokens: number, batch: number): number {
  const {
    hiddenSize: h,
    intermediateSize: inter,
    numAttentionHeads: heads,
    numKeyValueHeads: kv,
    headDim: d,
    numHiddenLayers: layers,
    vocabSize,
  } = model.config;
  const matmulParams = layers * (h * (heads + 2 * kv) * d + heads * d * h + 3 * h * inter) + vocabSize * h;
  const attention = layers * 2 * 2 * batch * heads * SEQUENCE_LENGTH ** 2 * d; // QKᵀ and PV, forward
  return 6 * matmulParams * tokens + 3 * attention;
}

/** `clipByGlobalNorm` (the scale stays a tensor, no read-back) for the name → gradient map of `tf.variableGrads`. */
function clipOnDevice(grads: Record<string, tf.Tensor>, maxNorm: number): { gradients: Record<string, tf.Tensor> } {
  const names = Object.keys(grads);
  const clipped = clipByGlobalNorm(
    names.map((name) => grads[name] as tf.Tensor),
    maxNorm,
  );
  return { gradients: Object.fromEntries(names.map((name, index) => [name, clipped[index] as tf.Tensor])) };
}

async function main(): Promise<void> {
  const preferred = backendFromEnvironment(flags.backend);
  const backend = await initTfBackend({ preferred });
  const { model, source } = await loadBenchmarkModel();
  const results: Record<string, unknown> = {
    backend,
    model: source,
    parameters: model.parameterCount(),
    config: model.config,
  };
  const matmulBefore = await matmulGflops(512);

  // Tokens per wall-clock second, and per CPU second of this process (robust to a shared machine).
  const decode: Record<string, Timing> = {};
  for (const batch of [1, 16, 64]) decode[`batch${batch}`] = await decodeTokensPerSecond(model, batch);
  results.decodeTokensPerSecond = decode;
  const uncached = {
    batch1: await uncachedTokensPerSecond(model, 1),
    batch16: await uncachedTokensPerSecond(model, 16),
  };
  results.uncachedDecodeTokensPerSecond = uncached;
  results.kvCacheSpeedupCpu = {
    batch1: (decode.batch1 as Timing).cpu / uncached.batch1.cpu,
    batch16: (decode.batch16 as Timing).cpu / uncached.batch16.cpu,
  };

  const optimizer = createAdamW({ learningRate: 1e-4 });
  const sequences = randomIds(trainBatch, SEQUENCE_LENGTH, model.vocabSize, 7);
  const ids = tf.tensor2d(sequences, [trainBatch, SEQUENCE_LENGTH], 'int32');
  const mask = tf.ones([trainBatch, SEQUENCE_LENGTH], 'int32') as tf.Tensor2D;
  // The embedded preset's actor loss scores at the sampling temperature with the entropy bonus (rl-core actor-loss).
  const actorLike = TEMPERATURE !== 1 || flags.entropy;
  const loss = (): tf.Scalar =>
    actorLike
      ? tf.tidy(() => {
          const scores = model.scoreSequences(ids, mask, { temperature: TEMPERATURE, withEntropy: flags.entropy });
          const bonus = scores.entropies ? tf.mul(tf.mean(scores.entropies), 0.001) : tf.scalar(0);
          return tf.sub(tf.neg(tf.mean(scores.logProbs)), bonus) as tf.Scalar;
        })
      : model.languageModelLoss(ids, mask);
  const trainStep = async () => {
    const { value, grads } = tf.variableGrads(loss, model.policyVariables());
    // WebGPU cannot read the norm back synchronously in Node (clipGradientsByGlobalNorm does): scale on the device.
    const clipped = backend === 'webgpu' ? clipOnDevice(grads, 1) : clipGradientsByGlobalNorm(grads, 1);
    optimizer.applyGradients(clipped.gradients);
    await value.data();
    samplePeaks();
    tf.dispose([value, grads, clipped.gradients]);
  };
  const step = await timed(trainStep);
  const matmulAfter = await matmulGflops(512);
  const matmul = { wall: (matmulBefore.wall + matmulAfter.wall) / 2, cpu: (matmulBefore.cpu + matmulAfter.cpu) / 2 };
  results.matmulGflops512 = matmul;
  const tokens = trainBatch * SEQUENCE_LENGTH;
  const profile = await tf.profile(trainStep);
  const flops = trainingFlopsPerStep(model, tokens, trainBatch);
  results.training = {
    loss: actorLike ? `actor-like (temperature ${TEMPERATURE}${flags.entropy ? ', entropy' : ''})` : 'language model',
    batch: trainBatch,
    sequenceLength: SEQUENCE_LENGTH,
    stepSeconds: step.wall,
    stepCpuSeconds: step.cpu,
    tokensPerSecond: tokens / step.wall,
    tokensPerCpuSecond: tokens / step.cpu,
    gflopPerStep: flops / 1e9,
    achievedGflops: flops / step.wall / 1e9,
    achievedGflopsPerCpuSecond: flops / step.cpu / 1e9,
    peakTensorBytesOfStep: profile.peakBytes,
    kernelsOfStep: profile.kernels.length,
    // Where a step's kernel time goes (ms per kernel name, the largest first): matmuls against the vocabulary-wide
    // elementwise chain of the loss, gathers and scatters.
    kernelMsByName: kernelMilliseconds(profile.kernels),
  };
  // CPU-time based on both sides, so that other processes on the machine do not skew the ratio.
  results.trainingToMatmulRatio = flops / step.cpu / 1e9 / matmul.cpu;
  const wasmHeap = (tf.backend() as unknown as { wasm?: { HEAPU8: Uint8Array } }).wasm?.HEAPU8.byteLength;
  results.memory = { peakTensorBytes, peakRssBytes: peakRss, ...(wasmHeap ? { wasmHeapBytes: wasmHeap } : {}) };
  tf.dispose([ids, mask]);
  optimizer.dispose();
  model.dispose();
  printTable(results);
  if (flags.out) {
    await mkdir(dirname(flags.out), { recursive: true });
    await writeFile(flags.out, `${JSON.stringify(results, null, 2)}\n`);
  }
}

function printTable(results: Record<string, unknown>): void {
  const decode = results.decodeTokensPerSecond as Record<string, Timing>;
  const uncached = results.uncachedDecodeTokensPerSecond as Record<string, Timing>;
  const both = (timing: Timing | undefined) => `${timing?.wall.toFixed(0)}/${timing?.cpu.toFixed(0)}`;
  const training = results.training as Record<string, number>;
  const memory = results.memory as Record<string, number>;
  const rows: Array<[string, string]> = [
    [
      'backend / model',
      `${results.backend} / ${results.model} (${((results.parameters as number) / 1e6).toFixed(2)} M params)`,
    ],
    [
      'matmul 512² GFLOP/s (wall / CPU time)',
      `${(results.matmulGflops512 as Timing).wall.toFixed(1)} / ${(results.matmulGflops512 as Timing).cpu.toFixed(1)}`,
    ],
    ['decode tok/s wall/CPU, batch 1 · 16 · 64', [decode.batch1, decode.batch16, decode.batch64].map(both).join(' · ')],
    ['uncached decode tok/s wall/CPU, batch 1 · 16', [uncached.batch1, uncached.batch16].map(both).join(' · ')],
    [
      'KV-cache speed-up (CPU), batch 1 · 16',
      Object.values(results.kvCacheSpeedupCpu as Record<string, number>)
        .map((x) => `${x.toFixed(1)}×`)
        .join(' · '),
    ],
    [
      `training tok/s wall / CPU (batch ${training.batch}×${training.sequenceLength})`,
      `${training.tokensPerSecond?.toFixed(0)} / ${training.tokensPerCpuSecond?.toFixed(0)} (${training.stepSeconds?.toFixed(2)} s/step)`,
    ],
    [
      'training GFLOP/s wall / CPU (CPU ratio to matmul)',
      `${training.achievedGflops?.toFixed(1)} / ${training.achievedGflopsPerCpuSecond?.toFixed(1)} (${(100 * (results.trainingToMatmulRatio as number)).toFixed(0)} %)`,
    ],
    ['peak wasm heap MB', ((memory.wasmHeapBytes ?? 0) / 2 ** 20).toFixed(0)],
    [
      'peak tensor MB (step, tf.profile) / RSS MB',
      `${((training.peakTensorBytesOfStep as number) / 2 ** 20).toFixed(0)} / ${((memory.peakRssBytes ?? 0) / 2 ** 20).toFixed(0)}`,
    ],
    [
      `kernel ms of a training step (${training.kernelsOfStep} kernels)`,
      Object.entries((results.training as { kernelMsByName: Record<string, number> }).kernelMsByName)
        .slice(0, 6)
        .map(([name, ms]) => `${name} ${ms}`)
        .join(' · '),
    ],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
}

await main();
