/**
 * Load time, tokens/s and peak memory of a real-sized checkpoint (e.g. one made by
 * make-shaped-checkpoint.ts): load, forward, generation with the KV cache, a LoRA policy-gradient update and
 * (optionally) a full update, each with the process's peak RSS and tf.memory().
 *
 *   nice -n 15 npx tsx --conditions=source packages/model/scripts/benchmark-real-checkpoint.ts \
 *     --model /tmp/qwen-0.5b [--modes load,forward,generate,lora,full] [--rows 2] [--tokens 128] \
 *     [--new-tokens 16] [--generate-batch 1,4] [--rank 16] [--repeats 2] [--out FILE] [--max-rss-gib 9] \
 *     [--checkpoint-layers]
 *
 * The update step is what a GRPO/PPO step does per micro-batch: token log-probs of `rows`×`tokens`
 * sequences, loss −mean(A·exp(logp − logp_old)) (the clipped ratio is 1 at the first epoch), backward,
 * AdamW. LoRA targets q/k/v/o and the MLP projections, as the paper's presets do. `full` trains every weight
 * (weights + gradients + 2 AdamW moments: 16 bytes a parameter, 8 GB for 0.5B): check `free -g` first.
 * `--max-rss-gib` (default 9) stops the run, with the figure on stderr, once the process's resident memory passes it
 * (a watcher thread: a long native op blocks the main thread). The machine is shared; 0 turns the watcher off.
 * `--checkpoint-layers` turns on gradient checkpointing for the updates (`TransformerModel.checkpointLayers`).
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { createAdamW } from '@rlver/optim';
import { createRng } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { generate, initTfBackend, loadTransformerModel, type TransformerModel } from '../src/index';

const { values: flags } = parseArgs({
  options: {
    model: { type: 'string' },
    modes: { type: 'string', default: 'load,forward,generate,lora' },
    rows: { type: 'string', default: '2' },
    tokens: { type: 'string', default: '128' },
    'new-tokens': { type: 'string', default: '16' },
    'generate-batch': { type: 'string', default: '1,4' },
    rank: { type: 'string', default: '16' },
    repeats: { type: 'string', default: '2' },
    out: { type: 'string' },
    'max-rss-gib': { type: 'string', default: '9' },
    'checkpoint-layers': { type: 'boolean', default: false },
  },
  strict: true,
});
if (!flags.model) throw new Error('--model is missing: pass a model folder (see make-shaped-checkpoint.ts).');
const modes = new Set(flags.modes.split(','));
const rows = Number(flags.rows);
const tokens = Number(flags.tokens);
const gib = (bytes: number) => bytes / 2 ** 30;
/** Peak resident set of this process so far (the kernel's high-water mark), bytes. */
const peakRss = () => process.resourceUsage().maxRSS * 1024;

const maxRssGiB = Number(flags['max-rss-gib']);
if (!(maxRssGiB >= 0))
  throw new Error(`--max-rss-gib ${flags['max-rss-gib']}: expected a number of GiB (0 = no limit).`);
if (maxRssGiB > 0) {
  // Checked every 200 ms from its own thread; it kills the whole process (SIGKILL) after printing the figure.
  const watcher = new Worker(
    `const { writeSync } = require('node:fs');
     const limit = ${maxRssGiB} * 2 ** 30;
     setInterval(() => {
       const rss = process.memoryUsage.rss();
       if (rss > limit) {
         writeSync(2, '\\nbenchmark-real-checkpoint: resident memory ' + (rss / 2 ** 30).toFixed(2) + ' GiB passed --max-rss-gib ${maxRssGiB}; stopped.\\n');
         process.kill(process.pid, 'SIGKILL');
       }
     }, 200);`,
    { eval: true },
  );
  watcher.unref();
}

/**
 * The highest resident memory since the last `reset`, sampled every 10 ms from its own thread (a synchronous merge
 * blocks the main thread, and the kernel's high-water mark cannot be reset): what one phase adds over the others.
 */
function windowedRssPeak(): { reset(): void; peakBytes(): number; stop(): Promise<number> } {
  const shared = new Float64Array(new SharedArrayBuffer(8));
  const sampler = new Worker(
    `const { workerData } = require('node:worker_threads');
     const peak = new Float64Array(workerData);
     setInterval(() => {
       const rss = process.memoryUsage.rss();
       if (rss > peak[0]) peak[0] = rss;
     }, 10);`,
    { eval: true, workerData: shared.buffer },
  );
  sampler.unref();
  return {
    reset: () => {
      shared[0] = process.memoryUsage.rss();
    },
    peakBytes: () => Math.max(shared[0] as number, process.memoryUsage.rss()),
    stop: () => sampler.terminate(),
  };
}

const backend = await initTfBackend();
const report: Record<string, unknown> = {
  backend,
  model: flags.model,
  checkpointLayers: flags['checkpoint-layers'],
  loadAverage: loadavg(),
};
const print = (label: string, value: Record<string, number | string>) => {
  report[label] = value;
  const text = Object.entries(value)
    .map(([key, item]) => `${key} ${typeof item === 'number' ? Number(item.toPrecision(4)) : item}`)
    .join(' · ');
  console.log(`${label.padEnd(16)} ${text}`);
};

let started = performance.now();
const cpuBefore = process.cpuUsage();
const model: TransformerModel = await loadTransformerModel(flags.model);
model.checkpointLayers = flags['checkpoint-layers'];
const parameters = model.parameterCount();
const loadCpu = process.cpuUsage(cpuBefore);
const loadSeconds = (performance.now() - started) / 1000;
// The first op to read a weight may still copy it into the backend (tfjs-node hands JS arrays to TensorFlow lazily):
// a one-token forward right after loading shows what the load left for later.
started = performance.now();
const cpuAfterLoad = process.cpuUsage();
// Read back asynchronously: WebGPU has no synchronous read in Node.
const firstLogits = tf.tidy(() =>
  model.forwardLogits(tf.tensor2d([[100]], [1, 1], 'int32'), tf.tensor2d([[1]], [1, 1], 'int32')),
);
await firstLogits.data();
firstLogits.dispose();
const firstCpu = process.cpuUsage(cpuAfterLoad);
print('load', {
  seconds: loadSeconds,
  cpuSeconds: (loadCpu.user + loadCpu.system) / 1e6,
  systemCpuSeconds: loadCpu.system / 1e6,
  firstTokenSeconds: (performance.now() - started) / 1000,
  firstTokenCpuSeconds: (firstCpu.user + firstCpu.system) / 1e6,
  parameters,
  tfMemoryGiB: gib(tf.memory().numBytes),
  peakRssGiB: gib(peakRss()),
});

const rng = createRng(3);
const ids = tf.tensor2d(
  Array.from({ length: rows }, () => Array.from({ length: tokens }, () => 100 + rng.int(50_000))),
  [rows, tokens],
  'int32',
);
const mask = tf.onesLike(ids) as tf.Tensor2D;

async function timed(
  run: () => Promise<void>,
  times: number,
): Promise<{ seconds: number; cpuSeconds: number; peakTensorGiB: number }> {
  await run();
  let peak = 0;
  started = performance.now();
  const cpu = process.cpuUsage();
  for (let index = 0; index < times; index += 1) {
    const profile = await tf.profile(run);
    peak = Math.max(peak, profile.peakBytes);
  }
  const used = process.cpuUsage(cpu);
  return {
    seconds: (performance.now() - started) / 1000 / times,
    // CPU-seconds of the whole process per step: the load-robust figure on a shared machine.
    cpuSeconds: (used.user + used.system) / 1e6 / times,
    peakTensorGiB: gib(peak),
  };
}

if (modes.has('forward')) {
  const { seconds, cpuSeconds, peakTensorGiB } = await timed(async () => {
    const scores = model.scoreSequences(ids, mask);
    await scores.logProbs.data();
    tf.dispose(scores as unknown as tf.TensorContainer);
  }, Number(flags.repeats));
  print('forward', {
    batch: `${rows}x${tokens}`,
    tokensPerSecond: (rows * tokens) / seconds,
    tokensPerCpuSecond: (rows * tokens) / cpuSeconds,
    stepSeconds: seconds,
    peakTensorGiB,
    peakRssGiB: gib(peakRss()),
  });
}

if (modes.has('generate')) {
  for (const batch of flags['generate-batch'].split(',').map(Number)) {
    const promptIds = Array.from({ length: batch }, () => Array.from({ length: 64 }, () => 100 + rng.int(50_000)));
    const newTokens = Number(flags['new-tokens']);
    await generate(model, { promptIds, maxNewTokens: 2, stopTokenIds: [] });
    started = performance.now();
    const cpu = process.cpuUsage();
    const results = await generate(model, { promptIds, maxNewTokens: newTokens, stopTokenIds: [], seed: 1 });
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    const produced = results.reduce((sum, result) => sum + result.outputIds.length, 0);
    print(`generate b${batch}`, {
      prompt: 64,
      newTokens,
      tokensPerSecond: produced / seconds,
      tokensPerCpuSecond: produced / ((used.user + used.system) / 1e6),
      tfMemoryGiB: gib(tf.memory().numBytes),
      peakRssGiB: gib(peakRss()),
    });
  }
}

/** One policy-gradient update of `variables` (GRPO/PPO's first epoch), with AdamW. */
async function updateStep(label: string, variables: tf.Variable[]): Promise<void> {
  const optimizer = createAdamW({ learningRate: 1e-5 });
  const advantages = tf.randomNormal([rows, tokens - 1], 0, 1, 'float32', 5);
  const scored = model.scoreSequences(ids, mask);
  const oldLogProbs = scored.logProbs;
  const { seconds, cpuSeconds, peakTensorGiB } = await timed(async () => {
    const { value, grads } = tf.variableGrads(() => {
      const { logProbs } = model.scoreSequences(ids, mask);
      const ratio = tf.exp(tf.sub(logProbs, oldLogProbs));
      return tf.neg(tf.mean(tf.mul(advantages, ratio))) as tf.Scalar;
    }, variables);
    optimizer.applyGradients(grads);
    await value.data();
    tf.dispose([value, ...Object.values(grads)]);
  }, Number(flags.repeats));
  const trainable = variables.reduce((sum, variable) => sum + variable.size, 0);
  print(label, {
    batch: `${rows}x${tokens}`,
    trainable,
    tokensPerSecond: (rows * tokens) / seconds,
    tokensPerCpuSecond: (rows * tokens) / cpuSeconds,
    stepSeconds: seconds,
    peakTensorGiB,
    tfMemoryGiB: gib(tf.memory().numBytes),
    peakRssGiB: gib(peakRss()),
  });
  tf.dispose([advantages, oldLogProbs]);
  optimizer.dispose();
}

if (modes.has('lora')) {
  model.enableLora({
    rank: Number(flags.rank),
    alpha: 32,
    targetModules: ['q_proj', 'k_proj', 'v_proj', 'o_proj', 'gate_proj', 'up_proj', 'down_proj'],
  });
  await updateStep('lora update', model.policyVariables());
  // Folding the trained adapters into the weights (what `rlver-train export --merge` does).
  const window = windowedRssPeak();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const rssBefore = process.memoryUsage.rss();
  const tfBefore = tf.memory().numBytes;
  window.reset();
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  model.mergeAndUnloadLora();
  const cpu = process.cpuUsage(cpuStart);
  await new Promise((resolve) => setTimeout(resolve, 50));
  print('lora merge', {
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    tfMemoryBeforeGiB: gib(tfBefore),
    tfMemoryGiB: gib(tf.memory().numBytes),
    rssBeforeGiB: gib(rssBefore),
    mergePeakRssGiB: gib(window.peakBytes()),
    rssAfterGiB: gib(process.memoryUsage.rss()),
    peakRssGiB: gib(peakRss()),
  });
  await window.stop();
}
if (modes.has('full')) await updateStep('full update', model.policyVariables());

tf.dispose([ids, mask]);
model.dispose();
report.loadAverageAfter = loadavg();
if (flags.out) writeFileSync(flags.out, `${JSON.stringify(report, null, 2)}\n`);
