import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AlgorithmV1 } from '@rlver/spec';
import { createTinyLanguageModel, type TinyLanguageModel } from './create-tiny-language-model';
import { runBanditEpisodes } from './run-bandit-episodes';

const weightsOf = (model: TinyLanguageModel) =>
  model.policyVariables().map((variable) => Array.from(variable.dataSync()));

/**
 * The resume check of a critic-free algorithm on the bandit: two steps, `saveState`, a fresh algorithm on a copy
 * of the weights that `loadState`s, then the same third step on both. Returns both models' weights after it, equal
 * when the state round-trips (optimizer moments, step counters). `create` builds an algorithm on a policy.
 */
export async function trainUninterruptedAndResumed(
  create: (policy: TinyLanguageModel) => AlgorithmV1 & { dispose(): void },
  options: { groupSize?: number } = {},
): Promise<{ uninterrupted: number[][]; resumed: number[][] }> {
  const groupSize = options.groupSize ?? 4;
  const original = createTinyLanguageModel({ seed: 7 });
  const first = create(original);
  for (const step of [0, 1]) {
    await first.doUpdate({
      trajectories: runBanditEpisodes({ model: original, groups: 2, groupSize, seed: step }),
      step,
    });
  }
  const directory = await mkdtemp(join(tmpdir(), 'resume-comparison-'));
  await first.saveState(directory);
  const copy = createTinyLanguageModel({ seed: 70 });
  copy.policyVariables().forEach((variable, index) => {
    variable.assign(original.policyVariables()[index] as typeof variable);
  });
  const second = create(copy);
  await second.loadState(directory);
  const batch = runBanditEpisodes({ model: original, groups: 2, groupSize, seed: 2 });
  await first.doUpdate({ trajectories: batch, step: 2 });
  await second.doUpdate({ trajectories: batch, step: 2 });
  const result = { uninterrupted: weightsOf(original), resumed: weightsOf(copy) };
  first.dispose();
  second.dispose();
  original.dispose();
  copy.dispose();
  return result;
}
