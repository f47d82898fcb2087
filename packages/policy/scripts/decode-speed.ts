/**
 * Decode tokens/s of the embedded policy, the fused decode step against the generic one (`generate`'s
 * `decodePath`), in one process and interleaved (fused, generic, fused, …) so that the shared machine's load
 * falls on both alike. Batch 16 and 64, prompts of 32 tokens, 64 new tokens, temperature 0.7, no stop token;
 * the median of `--rounds` (default 3) per path and batch, wall and per CPU-second (user + system of the process).
 *
 *   npx tsx --conditions=source packages/policy/scripts/decode-speed.ts [--rounds 3] [--batches 16,64]
 */
import { parseArgs } from 'node:util';
import { initTfBackend, loadTransformerModel } from '@rlver/model';
import { InvalidConfigError } from '@rlver/spec';
import { embeddedModelDirectory } from '../src/checkpoint-policy';
import { generateSynthetic } from './synthetic-decode';

const { values: flags } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    batches: { type: 'string', default: '16,64' },
    'new-tokens': { type: 'string', default: '64' },
  },
  strict: true,
});
const rounds = Number(flags.rounds);
const batches = (flags.batches as string).split(',').map(Number);
const newTokens = Number(flags['new-tokens']);
if (!(rounds >= 1) || batches.some((batch) => !(batch >= 1)) || !(newTokens >= 1)) {
  throw new InvalidConfigError({
    field: '--rounds/--batches/--new-tokens',
    message: `decode-speed: got --rounds ${flags.rounds} --batches ${flags.batches} --new-tokens ${flags['new-tokens']}; give positive integers (batches comma-separated).`,
  });
}

await initTfBackend({});
const model = await loadTransformerModel(embeddedModelDirectory());
const paths = ['fused', 'generic'] as const;

async function tokensPerSecond(batch: number, path: (typeof paths)[number]) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await generateSynthetic(model, { batch, newTokens, decodePath: path });
  const wall = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  const tokens = batch * newTokens;
  return { wall: tokens / wall, cpu: tokens / ((used.user + used.system) / 1e6) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
// Warm-up: the first call of each path compiles and allocates.
for (const path of paths) await tokensPerSecond(8, path);
for (const batch of batches) {
  const results = { fused: [] as { wall: number; cpu: number }[], generic: [] as { wall: number; cpu: number }[] };
  for (let round = 0; round < rounds; round += 1) {
    for (const path of round % 2 === 0 ? paths : [...paths].reverse())
      results[path].push(await tokensPerSecond(batch, path));
  }
  for (const path of paths) {
    const wall = median(results[path].map((result) => result.wall));
    const cpu = median(results[path].map((result) => result.cpu));
    console.log(`batch ${batch} ${path.padEnd(7)} ${wall.toFixed(0)} tokens/s wall, ${cpu.toFixed(0)} per CPU-s`);
  }
}
model.dispose();
