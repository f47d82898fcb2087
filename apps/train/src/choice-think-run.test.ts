import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createEndpointFactory, preparePolicy } from '@rlver/factories';
import { initTfBackend } from '@rlver/model';
import { hashFeature, loadChoiceLayerFile, PLAN_MATCH_FEATURE, PLAN_MATCH_PRIOR } from '@rlver/policy';
import { type PolicyRequest, splitThinkReply, thinkFormatOk } from '@rlver/spec';
import { resolveTrainConfig } from '@rlver/trainer';
import { describe, expect, it } from 'vitest';
import { buildPolicy } from './build-policy';
import type { ChoiceThinkReport } from './measure-choice-think';

const run = promisify(execFile);
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
const cli = join(import.meta.dirname, 'cli.ts');

describe('preset embedded-choice with --think (a plan chosen by the layer, then a reply)', () => {
  it('should train think turns, keep the user from seeing the think, check the dependence and load in rlver-eval', async () => {
    const runsDir = mkdtempSync(join(tmpdir(), 'rlver-choice-think-'));
    const configFile = join(runsDir, 'config.json');
    writeFileSync(
      configFile,
      JSON.stringify({ steps: 2, evalLimit: 1, profilesPerStep: 2, maxPolicyTurns: 2, evalInBackground: false }),
    );
    const args = ['--preset', 'embedded-choice', '--think', '--config', configFile, '--runs-dir', runsDir];
    const { stderr } = await run(process.execPath, [tsxCli, '--conditions=source', cli, ...args, '--run-id', 'think'], {
      env: { ...process.env, RLVER_CWD: '' },
      timeout: 240_000,
    });
    expect(stderr).toMatch(/think → reply \(zh, \d+ held-out states/);
    const runDirectory = join(runsDir, 'think');
    const metrics = readFileSync(join(runDirectory, 'metrics.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, number>);
    expect(metrics).toHaveLength(2);
    for (const line of metrics) {
      expect(line['rollout/think_format_fraction']).toBe(1);
      // Every think turn (and its 7 judged alternatives) was matched to its (plan, reply) row.
      expect(line['choice/unmatched_states']).toBe(0);
      expect(line['choice/groups']).toBe(line['choice/states']);
      expect(line['monitor/degenerate_fraction']).toBeTypeOf('number');
    }
    // The user never sees the think: the rollouts' visible replies and the user's context hold no think text.
    const rollouts = readFileSync(join(runDirectory, 'after', 'results.jsonl'), 'utf8')
      .trim()
      .split('\n');
    for (const line of rollouts) {
      const trajectory = JSON.parse(line) as { turns: { rawOutput: string; reply: string; think: string | null }[] };
      for (const turn of trajectory.turns) {
        expect(thinkFormatOk(turn.rawOutput)).toBe(true);
        expect(turn.think).toBe(splitThinkReply(turn.rawOutput).think);
        expect(turn.reply).not.toContain('think>');
        expect(turn.reply).not.toContain(turn.think as string);
      }
    }
    const summary = JSON.parse(readFileSync(join(runDirectory, 'summary.json'), 'utf8'));
    expect(summary.think).toBe(true);
    expect(summary.thinkCheck.formatAfter).toBe(1);
    const reports = JSON.parse(
      readFileSync(join(runDirectory, 'think-choice-dependence.json'), 'utf8'),
    ) as ChoiceThinkReport[];
    expect(reports.length).toBeGreaterThan(0);
    for (const report of reports) {
      expect(report.after.states).toBeGreaterThan(0);
      expect(report.after.meanTv).toBeGreaterThan(0.3);
      expect(report.after.followsForced).toBeGreaterThan(report.after.followsOwn);
    }
    const latest = join(runDirectory, 'checkpoints', 'latest', 'policy');
    const trained = loadChoiceLayerFile(latest);
    expect(trained?.file.think).toBe(true);
    expect(trained?.layer.weights[hashFeature(PLAN_MATCH_FEATURE)]).not.toBe(PLAN_MATCH_PRIOR);

    // rlver-eval's loader: the checkpoint thinks as the run's own policy does.
    await initTfBackend({ log: () => {} });
    const endpoints = createEndpointFactory({ baseURL: undefined, cacheMode: 'off', cacheDir: runsDir });
    const evaluated = await preparePolicy(latest, 0, endpoints)();
    const ours = await buildPolicy(
      resolveTrainConfig({ overrides: { preset: 'embedded-choice', think: true } }),
      latest,
    );
    const requests: PolicyRequest[] = [
      'My sister borrowed my car and returned it with a dent she never mentioned.',
      '我准备了三个月的面试，结果第一轮就被刷掉了。',
    ].map((content, seed) => ({ messages: [{ role: 'user', content }], seed }));
    const sampling = { temperature: 0.7, maxNewTokens: 96 };
    const replies = (await evaluated.doAct({ requests, sampling })).map((o) => o.text);
    expect(replies).toEqual((await ours.doAct({ requests, sampling })).map((o) => o.text));
    for (const reply of replies) expect(thinkFormatOk(reply)).toBe(true);
  }, 600_000);
});
