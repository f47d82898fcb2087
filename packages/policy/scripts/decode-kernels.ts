/**
 * Kernels per decode step of the embedded policy, by name: `generate` for 8 and for 24 new tokens at batch 16
 * (sampling temperature 0.7, no stop token, KV cache), profiled; the difference over 16 steps is one step's count.
 * Counts do not depend on the machine's load (unlike kernel times), so they compare changes of the decode path.
 *
 *   npx tsx --conditions=source packages/policy/scripts/decode-kernels.ts [generic]
 *
 * `generic` counts `TransformerModel.decode`'s step instead of the fused one (`generate`'s `decodePath`).
 */
import { initTfBackend, loadTransformerModel } from '@rlver/model';
import * as tf from '@tensorflow/tfjs-core';
import { embeddedModelDirectory } from '../src/checkpoint-policy';
import { generateSynthetic } from './synthetic-decode';

const BATCH = 16;
const decodePath = process.argv[2] === 'generic' ? 'generic' : 'fused';

async function kernelCounts(model: Awaited<ReturnType<typeof loadTransformerModel>>, newTokens: number) {
  const profile = await tf.profile(async () => {
    await generateSynthetic(model, { batch: BATCH, newTokens, decodePath });
  });
  const counts = new Map<string, number>();
  for (const kernel of profile.kernels) counts.set(kernel.name, (counts.get(kernel.name) ?? 0) + 1);
  return counts;
}

await initTfBackend({});
const model = await loadTransformerModel(embeddedModelDirectory());
const short = await kernelCounts(model, 8);
const long = await kernelCounts(model, 24);
const perStep = [...long]
  .map(([name, count]) => [name, (count - (short.get(name) ?? 0)) / 16] as const)
  .filter(([, count]) => count > 0)
  .sort((a, b) => b[1] - a[1]);
const total = perStep.reduce((sum, [, count]) => sum + count, 0);
console.log(`kernels per decode step (${decodePath}, batch ${BATCH}, temperature 0.7): ${total}`);
console.log(perStep.map(([name, count]) => `${name} ${count}`).join(' · '));
model.dispose();
