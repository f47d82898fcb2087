import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createEndpointFactory, preparePolicy } from '@rlver/factories';
import { initTfBackend } from '@rlver/model';
import { CHOICE_LAYER_FILE, loadChoiceLayerFile } from '@rlver/policy';
import type { PolicyRequest } from '@rlver/spec';
import { resolveTrainConfig } from '@rlver/trainer';
import { describe, expect, it } from 'vitest';
import { buildPolicy } from './build-policy';
import { runTrainHere } from './test/run-train-here';

const run = promisify(execFile);
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
const cli = join(import.meta.dirname, 'cli.ts');

/** The arguments of `rlver-train --preset embedded-choice`, shrunk to a few dialogues; extra flags appended. */
function trainArgs(runsDir: string, runId: string, settings: Record<string, unknown>, extra: string[] = []) {
  const configFile = join(runsDir, `${runId}-${extra.length}.json`);
  writeFileSync(
    configFile,
    JSON.stringify({ evalLimit: 1, profilesPerStep: 2, maxPolicyTurns: 2, evalInBackground: false, ...settings }),
  );
  return ['--preset', 'embedded-choice', '--config', configFile, '--runs-dir', runsDir, '--run-id', runId, ...extra];
}

/** The real rlver-train CLI (a child process). */
function trainCli(args: string[]) {
  return run(process.execPath, [tsxCli, '--conditions=source', cli, ...args], {
    env: { ...process.env, RLVER_CWD: '' },
    timeout: 240_000,
  });
}

/** The same run in this process (see runTrainHere); its stderr. */
async function trainHere(args: string[]): Promise<string> {
  const { code, stderr } = await runTrainHere(args);
  expect(code, stderr).toBe(0);
  return stderr;
}

const metricsOf = (runDirectory: string) =>
  readFileSync(join(runDirectory, 'metrics.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, number>);

describe('preset embedded-choice (the choice layer inside rlver-train)', () => {
  it('should resolve to the grounded checkpoint, enumerated groups and the choice layer, and refuse what cannot train it', () => {
    expect(resolveTrainConfig({ overrides: { preset: 'embedded' } }).choiceLayer).toBeNull();
    const config = resolveTrainConfig({ overrides: { preset: 'embedded-choice' } });
    expect(config.policy).toBe('embedded-grounded');
    expect(config.branchCandidates).toBe(8);
    expect(config.algo).toBe('grpo');
    expect(config.choiceLayer).toEqual({
      prior: 'uniform',
      learningRate: 0.05,
      clip: 0.2,
      epochs: 1,
      ppoBaseline: 'linear-critic',
    });
    expect(config.trainEmotionPreset).toBe('sage');
    expect(config.maxPolicyTurns).toBe(10);
    const ppo = resolveTrainConfig({ overrides: { preset: 'embedded-choice', algo: 'ppo' } });
    expect(ppo.choiceLayer?.prior).toBe('uniform');
    expect(ppo.branchCandidates).toBe(8);
    // A nested flag refines the block field by field.
    const lm = resolveTrainConfig({ overrides: { preset: 'embedded-choice', choiceLayer: { prior: 'lm' } } });
    expect(lm.choiceLayer).toEqual({
      prior: 'lm',
      learningRate: 0.05,
      clip: 0.2,
      epochs: 1,
      ppoBaseline: 'linear-critic',
    });
    expect(() => resolveTrainConfig({ overrides: { preset: 'embedded-choice', branchCandidates: 0 } })).toThrow(
      /choiceLayer is on with branchCandidates 0/,
    );
    expect(() => resolveTrainConfig({ overrides: { preset: 'embedded-choice', algo: 'rloo' } })).toThrow(
      /--algo grpo or --algo ppo/,
    );
  });

  it('should train the layer through the run folder, resume to the same weights, and load in rlver-eval', async () => {
    const runsDir = mkdtempSync(join(tmpdir(), 'rlver-choice-run-'));
    // Uninterrupted: 2 steps with the before/after benchmark (in this process).
    const stderr = await trainHere(trainArgs(runsDir, 'whole', { steps: 2 }));
    expect(stderr).toMatch(/degenerate \d+%/);
    const whole = join(runsDir, 'whole');
    const config = JSON.parse(readFileSync(join(whole, 'config.json'), 'utf8'));
    expect(config.choiceLayer.prior).toBe('uniform');
    const metrics = metricsOf(whole);
    expect(metrics).toHaveLength(2);
    for (const line of metrics) {
      for (const key of [
        'monitor/degenerate_fraction',
        'monitor/degenerate_repetition_fraction',
        'monitor/distinct_2',
        'monitor/reply_length_chars',
        'monitor/top_opening_share',
        'rollout/reward_mean',
      ])
        expect(line[key], key).toBeTypeOf('number');
      // Every state of the step was matched to its candidate list and made a judged group of 8.
      expect(line['choice/unmatched_states']).toBe(0);
      expect(line['choice/groups']).toBe(line['choice/states']);
      expect(line['choice/groups']).toBeGreaterThan(0);
    }
    const summary = JSON.parse(readFileSync(join(whole, 'summary.json'), 'utf8'));
    expect(summary.before.dialogues).toBe(2);
    expect(summary.after.dialogues).toBe(2);
    expect(existsSync(join(whole, 'report.html'))).toBe(true);
    const latest = join(whole, 'checkpoints', 'latest', 'policy');
    const trained = loadChoiceLayerFile(latest);
    expect(trained?.file.prior).toBe('uniform');
    expect(trained?.file.weights.length).toBeGreaterThan(0);
    expect(existsSync(join(whole, 'checkpoints', 'step-00002', 'policy', CHOICE_LAYER_FILE))).toBe(true);

    // Interrupted after step 1 (in this process), resumed to step 2 by the real CLI: the same weights (and Adam
    // state) as the uninterrupted run.
    await trainHere(trainArgs(runsDir, 'parts', { steps: 1, evaluate: false }));
    expect(metricsOf(join(runsDir, 'parts'))).toHaveLength(1);
    const afterOne = loadChoiceLayerFile(join(runsDir, 'parts', 'checkpoints', 'latest', 'policy'));
    const resumedRun = await trainCli(trainArgs(runsDir, 'parts', { steps: 2, evaluate: false }, ['--resume']));
    expect(resumedRun.stderr).toMatch(/rlver-train parts: grpo/);
    const resumed = loadChoiceLayerFile(join(runsDir, 'parts', 'checkpoints', 'latest', 'policy'));
    expect(resumed?.file.weights).toEqual(trained?.file.weights);
    expect(afterOne?.file.weights).not.toEqual(trained?.file.weights);
    expect(readFileSync(join(runsDir, 'parts', 'checkpoints', 'latest', 'algorithm', 'choice-optimizer.json'))).toEqual(
      readFileSync(join(whole, 'checkpoints', 'latest', 'algorithm', 'choice-optimizer.json')),
    );

    // rlver-eval's loader: the checkpoint comes with its layer, and replies as the run's own policy does.
    await initTfBackend({ log: () => {} });
    const endpoints = createEndpointFactory({ baseURL: undefined, cacheMode: 'off', cacheDir: runsDir });
    const evaluated = await preparePolicy(latest, 0, endpoints)();
    expect(evaluated.policyId).toMatch(/\+choice-layer$/);
    const ours = await buildPolicy(resolveTrainConfig({ overrides: { preset: 'embedded-choice' } }), latest);
    const requests: PolicyRequest[] = [
      'My manager yelled at me in front of the whole team today.',
      'My best friend forgot my birthday again.',
      '我妈妈总是拿我和表哥比较，我很难受。',
    ].map((content, seed) => ({ messages: [{ role: 'user', content }], seed }));
    const sampling = { temperature: 0.7, maxNewTokens: 64 };
    const replies = (await evaluated.doAct({ requests, sampling })).map((o) => o.text);
    expect(replies).toEqual((await ours.doAct({ requests, sampling })).map((o) => o.text));
    requests.forEach((request, i) => {
      const rule = ours.model.logitsRules?.phrasebookReplies(ours.encodeChat(request.messages, 64)) ?? [];
      expect(rule.map((text) => text.trim())).toContain(replies[i]?.trim());
    });
  }, 600_000);
});
