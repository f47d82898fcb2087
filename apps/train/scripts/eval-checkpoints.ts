/**
 * Evaluate saved checkpoints of a run on the held-out benchmark exactly as the run's own after-training
 * evaluation does (same config, seed, sampling and profiles). Usage (from the repo root):
 *   npx tsx --conditions=source apps/train/scripts/eval-checkpoints.ts runs/<run-id> 40,60,80
 * Writes runs/<run-id>/eval-step-<k>/ (resumable) and prints score, success, failure and per-language means.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runBenchmark } from '@rlver/bench';
import { initTfBackend } from '@rlver/model';
import { checkpointFolderName, heldOutBenchmarkOptions, trainConfigSchema } from '@rlver/trainer';
import { buildEvaluation, buildPolicy } from '../src/build-training-components';

const [runDirectory, stepList] = process.argv.slice(2);
if (!runDirectory || !stepList) {
  process.stderr.write('usage: eval-checkpoints.ts <run folder> <comma-separated steps>\n');
  process.exit(2);
}
await initTfBackend();
const config = trainConfigSchema.parse(JSON.parse(readFileSync(join(runDirectory, 'config.json'), 'utf8')));
for (const step of stepList.split(',').map(Number)) {
  const checkpoint = join(runDirectory, 'checkpoints', checkpointFolderName(step), 'policy');
  const policy = await buildPolicy(config, checkpoint);
  const parts = { policy, ...buildEvaluation(config) };
  const result = await runBenchmark(
    heldOutBenchmarkOptions(config, parts, join(runDirectory, `eval-step-${step}`), `step ${step}`),
  );
  const byLanguage = new Map<string, number[]>();
  for (const trajectory of result.trajectories) {
    const list = byLanguage.get(trajectory.lang) ?? [];
    list.push(trajectory.finalEmotion);
    byLanguage.set(trajectory.lang, list);
  }
  const languages = [...byLanguage].map(
    ([lang, values]) => `${lang} ${(values.reduce((sum, value) => sum + value, 0) / values.length).toFixed(1)}`,
  );
  process.stdout.write(
    `step ${step}: score ${result.summary.score?.toFixed(1)} · success ${result.summary.success} · failure ${result.summary.failure} · ${languages.join(' · ')}\n`,
  );
}
