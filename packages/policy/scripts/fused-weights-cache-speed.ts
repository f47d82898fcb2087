/**
 * What caching the fused decode weights per weights version saves: `generate` on the embedded policy (batch
 * `--batch`, prompts of 32, `--new-tokens` new tokens, T 0.7) when the cached weights are reused, against the
 * same call after a weights update (one variable assigned a copy of itself: a new version, the same values),
 * which rebuilds them as every call did before. Interleaved in one process; the median of `--rounds`, wall and
 * CPU ms (user + system of the process).
 *
 *   nice -n 10 npx tsx --conditions=source packages/policy/scripts/fused-weights-cache-speed.ts [--rounds 7]
 */
import { parseArgs } from 'node:util';
import { initTfBackend, loadTransformerModel } from '@rlver/model';
import * as tf from '@tensorflow/tfjs-core';
import { embeddedModelDirectory } from '../src/checkpoint-policy';
import { generateSynthetic } from './synthetic-decode';

const { values: flags } = parseArgs({
  options: {
    rounds: { type: 'string', default: '7' },
    batch: { type: 'string', default: '16' },
    'new-tokens': { type: 'string', default: '24' },
  },
  strict: true,
});
const rounds = Number(flags.rounds);
const batch = Number(flags.batch);
const newTokens = Number(flags['new-tokens']);

await initTfBackend({});
const model = await loadTransformerModel(embeddedModelDirectory());
const finalNorm = model.weights.finalNorm;

async function timedGenerate(): Promise<{ wall: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await generateSynthetic(model, { batch, newTokens, decodePath: 'fused' });
  const used = process.cpuUsage(cpu);
  return { wall: performance.now() - start, cpu: (used.user + used.system) / 1000 };
}

await timedGenerate(); // warm-up
const cached: { wall: number; cpu: number }[] = [];
const rebuilt: { wall: number; cpu: number }[] = [];
for (let round = 0; round < rounds; round += 1) {
  cached.push(await timedGenerate());
  tf.tidy(() => finalNorm.assign(tf.clone(finalNorm)));
  rebuilt.push(await timedGenerate());
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
for (const [name, runs] of [
  ['cached weights', cached],
  ['rebuilt after an update', rebuilt],
] as const) {
  console.log(
    `${name}: wall ms ${median(runs.map((run) => run.wall)).toFixed(1)}, CPU ms ${median(runs.map((run) => run.cpu)).toFixed(1)} (batch ${batch}, ${newTokens} new tokens, median of ${rounds})`,
  );
}
model.dispose();
