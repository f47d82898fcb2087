/**
 * Generation tokens/s of the copy-based decoder (`legacy-generate.ts`, before the preallocated cache) and of
 * today's `generate`, interleaved in one process so that the load of a shared machine hits both alike.
 *
 *   nice -n 15 npx tsx --conditions=source packages/model/scripts/benchmark-generate.ts \
 *     [--model packages/policy/assets/embedded] [--batches 1,16,64] [--new-tokens 64] [--prompt 32] \
 *     [--rounds 3] [--top-p 1] [--out FILE]
 *
 * The backend is chosen as in a run (RLVER_TF_BACKEND=wasm forces wasm). Without --model, a model of the
 * embedded policy's shape (vocab 3005, hidden 128, 4 layers) is initialised here. Each round times both
 * decoders at every batch size, alternating which goes first; the figure is the median over rounds, in
 * tokens per wall-clock second and per CPU-second of this process.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createRng } from '@rlver/spec';
import { createTransformerModel, generate, initTfBackend, loadTransformerModel } from '../src/index';
import { legacyGenerate } from './legacy-generate';

const { values: flags } = parseArgs({
  options: {
    model: { type: 'string' },
    batches: { type: 'string', default: '1,16,64' },
    'new-tokens': { type: 'string', default: '64' },
    prompt: { type: 'string', default: '32' },
    rounds: { type: 'string', default: '3' },
    'top-p': { type: 'string', default: '1' },
    out: { type: 'string' },
  },
  strict: true,
});
const backend = await initTfBackend();
const model = flags.model
  ? await loadTransformerModel(flags.model)
  : createTransformerModel({
      config: {
        vocabSize: 3005,
        hiddenSize: 128,
        intermediateSize: 384,
        numHiddenLayers: 4,
        numAttentionHeads: 4,
        numKeyValueHeads: 2,
        eosTokenIds: [3000],
      },
      seed: 1,
    });
const newTokens = Number(flags['new-tokens']);
const promptLength = Number(flags.prompt);
const batches = flags.batches.split(',').map(Number);
const rounds = Number(flags.rounds);

function prompts(batch: number): number[][] {
  const rng = createRng(batch);
  return Array.from({ length: batch }, () =>
    Array.from({ length: promptLength }, () => 3 + rng.int(model.vocabSize - 10)),
  );
}

type Decoder = typeof generate;
const decoders: Record<string, Decoder> = { before: legacyGenerate as Decoder, after: generate };
const samples: Record<string, { wall: number[]; cpu: number[] }> = {};

async function time(name: string, decoder: Decoder, batch: number): Promise<void> {
  const options = {
    promptIds: prompts(batch),
    maxNewTokens: newTokens,
    stopTokenIds: [],
    seed: 1,
    topP: Number(flags['top-p']),
  };
  const started = performance.now();
  const cpu = process.cpuUsage();
  const results = await decoder(model, options);
  const used = process.cpuUsage(cpu);
  const tokens = results.reduce((sum, result) => sum + result.outputIds.length, 0);
  const key = `${name} batch${batch}`;
  samples[key] ??= { wall: [], cpu: [] };
  samples[key].wall.push(tokens / ((performance.now() - started) / 1000));
  samples[key].cpu.push(tokens / ((used.user + used.system) / 1e6));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const loadBefore = loadavg();
for (const batch of batches)
  for (const decoder of Object.values(decoders))
    await decoder(model, { promptIds: prompts(batch), maxNewTokens: 4, stopTokenIds: [] });
for (let round = 0; round < rounds; round += 1) {
  const order = round % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
  for (const batch of batches) for (const name of order) await time(name, decoders[name] as Decoder, batch);
}
const summary = Object.fromEntries(
  Object.entries(samples).map(([key, value]) => [key, { wall: median(value.wall), cpu: median(value.cpu) }]),
);
console.log(
  `generation tokens/s on ${backend}, ${model.parameterCount()} parameters, prompt ${promptLength}, ${newTokens} new tokens, top-p ${flags['top-p']}, median of ${rounds} (load ${loadBefore.map((load) => load.toFixed(1)).join(' ')} → ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')})`,
);
for (const batch of batches) {
  const before = summary[`before batch${batch}`] as { wall: number; cpu: number };
  const after = summary[`after batch${batch}`] as { wall: number; cpu: number };
  console.log(
    `  batch ${String(batch).padStart(3)}: before ${before.wall.toFixed(0)} wall / ${before.cpu.toFixed(0)} per CPU-s · after ${after.wall.toFixed(0)} / ${after.cpu.toFixed(0)} · ×${(after.wall / before.wall).toFixed(2)} wall, ×${(after.cpu / before.cpu).toFixed(2)} CPU`,
  );
}
if (flags.out) writeFileSync(flags.out, `${JSON.stringify({ backend, loadBefore, summary }, null, 2)}\n`);
model.dispose();
