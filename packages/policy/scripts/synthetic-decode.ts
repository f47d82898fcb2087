/**
 * The decode scripts' shared workload (`decode-kernels.ts`, `decode-speed.ts`): fixed prompts of 32 token ids
 * spread over the vocabulary, and one `generate` call on them with no stop token at temperature 0.7.
 */
import { generate, type loadTransformerModel } from '@rlver/model';

/** `batch` prompts of 32 ids, different in every row, all inside the embedded vocabulary. */
export function syntheticPromptIds(batch: number): number[][] {
  return Array.from({ length: batch }, (_, row) =>
    Array.from({ length: 32 }, (_, column) => 4 + ((row * 131 + column * 17) % 2900)),
  );
}

/** Generates `newTokens` for each of `batch` synthetic prompts on the given decode path (seed 1, T 0.7). */
export async function generateSynthetic(
  model: Awaited<ReturnType<typeof loadTransformerModel>>,
  options: { batch: number; newTokens: number; decodePath: 'fused' | 'generic' },
): Promise<void> {
  await generate(model, {
    promptIds: syntheticPromptIds(options.batch),
    maxNewTokens: options.newTokens,
    stopTokenIds: [],
    seed: 1,
    temperature: 0.7,
    decodePath: options.decodePath,
  });
}
