import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { runBenchmark } from '@rlver/bench';
import { initTfBackend } from '@rlver/model';
import { type Trajectory, trajectorySchema } from '@rlver/spec';
import { heldOutBenchmarkOptions, resolveTrainConfig } from '@rlver/trainer';
import { describe, expect, it } from 'vitest';
import { buildEvaluation, buildPolicy, buildTrainingComponents } from './build-training-components';

const run = promisify(execFile);
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
const cli = join(import.meta.dirname, 'cli.ts');

/** Replies per profile id, the comparable content of a benchmark. */
function repliesOf(trajectories: readonly Trajectory[]): Record<string, string[]> {
  return Object.fromEntries(trajectories.map((item) => [item.profileId, item.turns.map((turn) => turn.reply)]));
}

describe('rlver-train (the real CLI, embedded default shrunk)', () => {
  it('should benchmark the starting policy in a background process, as the in-process benchmark would', async () => {
    const runsDir = mkdtempSync(join(tmpdir(), 'rlver-train-app-'));
    const configFile = join(runsDir, 'tiny.json');
    const settings = { steps: 1, evalLimit: 1, profilesPerStep: 1, maxPolicyTurns: 2, evalInBackground: true };
    writeFileSync(configFile, JSON.stringify(settings));
    const { stderr } = await run(
      process.execPath,
      [tsxCli, '--conditions=source', cli, '--config', configFile, '--runs-dir', runsDir, '--run-id', 'bg'],
      { env: { ...process.env, RLVER_CWD: '' }, timeout: 240_000 },
    );
    expect(stderr).toMatch(/benchmark before: running in a background process/);
    expect(stderr).not.toMatch(/background benchmark failed/);
    const lines = readFileSync(join(runsDir, 'bg', 'before', 'results.jsonl'), 'utf8')
      .trim()
      .split('\n');
    const background = lines.map((line) => trajectorySchema.parse(JSON.parse(line)));
    expect(background).toHaveLength(2);
    const summary = JSON.parse(readFileSync(join(runsDir, 'bg', 'summary.json'), 'utf8'));
    expect(summary.before.dialogues).toBe(2);
    expect(summary.after.dialogues).toBe(2);

    // The same benchmark in this process with a fresh starting policy: the same dialogues, word for word. The
    // CLI picked its backend the default way (native TensorFlow where built), so this process does too.
    await initTfBackend({ log: () => {} });
    const config = resolveTrainConfig({ configFile });
    const policy = await buildPolicy(config, undefined);
    const inProcess = await runBenchmark(
      heldOutBenchmarkOptions(config, { policy, ...buildEvaluation(config) }, join(runsDir, 'here'), 'before'),
    );
    expect(repliesOf(background)).toEqual(repliesOf(inProcess.trajectories));

    // After training, every other held-out profile ran in a background process from the final checkpoint; the
    // merged results equal a benchmark of that checkpoint in this process.
    const shard = readFileSync(join(runsDir, 'bg', 'after', 'background-shard', 'results.jsonl'), 'utf8')
      .trim()
      .split('\n');
    expect(shard).toHaveLength(1);
    const merged = readFileSync(join(runsDir, 'bg', 'after', 'results.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => trajectorySchema.parse(JSON.parse(line)));
    expect(merged).toHaveLength(2);
    const trained = await buildPolicy(config, join(runsDir, 'bg', 'checkpoints', 'latest', 'policy'));
    const trainedHere = await runBenchmark(
      heldOutBenchmarkOptions(
        config,
        { policy: trained, ...buildEvaluation(config) },
        join(runsDir, 'after-here'),
        'after',
      ),
    );
    expect(repliesOf(merged)).toEqual(repliesOf(trainedHere.trajectories));
  }, 300_000);

  it('should give the algorithm a frozen reference policy when the config asks for a KL term', async () => {
    await initTfBackend({ preferred: 'wasm', log: () => {} });
    for (const overrides of [
      { preset: 'embedded', algo: 'ppo', algorithm: { klMode: 'loss', klCoefficient: 0.05, klEstimator: 'k3' } },
      { preset: 'embedded', algo: 'grpo', algorithm: { klCoefficient: 0.05 } },
      { preset: 'embedded', algo: 'rloo', algorithm: { klCoefficient: 0.05 } },
    ]) {
      // Each algorithm refuses a KL term without a reference, so creating it proves the reference was built.
      const wiring = await buildTrainingComponents(resolveTrainConfig({ overrides }), undefined);
      expect(wiring.algorithm.algorithmId).toBe(overrides.algo);
      wiring.algorithm.dispose();
    }
  }, 60_000);
});
