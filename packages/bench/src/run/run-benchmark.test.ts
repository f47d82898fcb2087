import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sageResultRecordSchema } from '@rlver/env';
import { createScriptedPolicy, createScriptedUserSimulator, createTestProfile } from '@rlver/env/test';
import { InvalidConfigError, parseJsonl, type SimulatorState, safeParseJSON, trajectorySchema } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { importLeaderboard } from '../leaderboard/import-leaderboard';
import { benchmarkSummarySchema } from '../summary/benchmark-summary';
import { importResults } from './results-files';
import { type BenchmarkProgress, runBenchmark } from './run-benchmark';

const profiles = ['p-up', 'p-down', 'p-flat', 'p-error'].map((id) => createTestProfile({ id }));

/** Per profile: p-up climbs by 10 to 100, p-down falls by 10 below 10, p-flat stays, p-error fails on turn 2. */
function scriptedSimulator(options: { delayMs?: number } = {}) {
  return createScriptedUserSimulator({
    delayMs: options.delayMs,
    turns: (_reply: string, state: SimulatorState) => {
      switch (state.profile.id) {
        case 'p-up':
          return { message: 'That helps, thank you.', delta: 10 };
        case 'p-down':
          return { message: 'You are not listening.', delta: -10 };
        case 'p-error':
          return state.turn >= 1
            ? { message: '', delta: 0, error: 'simulator endpoint down' }
            : { message: 'hm', delta: 0 };
        default:
          return { message: 'Okay.', delta: 0 };
      }
    },
  });
}

const policy = () =>
  createScriptedPolicy({ outputs: ['I hear how hard this is. What happened next?'], policyId: 'scripted-policy' });

describe('runBenchmark', () => {
  it('should write results, the SAGE export and a summary with the score, errors and settings', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'bench-run-'));
    const progress: BenchmarkProgress[] = [];
    const result = await runBenchmark({
      profiles,
      simulator: scriptedSimulator(),
      policy: policy(),
      outDir,
      concurrency: 3,
      seed: 7,
      preset: 'sage',
      profilesSource: 'synthetic',
      onProgress: (item) => progress.push(item),
    });
    // Finals: p-up 100 (6 replies), p-down 0 (floor < 10 after 4 replies), p-flat 40 (turn cap), p-error excluded.
    expect(result.summary.score).toBe(46.7); // (100 + 0 + 40) / 3 = 46.67
    expect(result.summary).toMatchObject({ success: 1, failure: 1, profiles: 3, errors: 1, complete: true });
    expect(result.summary.excluded[0]).toMatchObject({ profileId: 'p-error', stopReason: 'error' });
    expect(result.summary.excluded[0]?.message).toContain('simulator endpoint down');
    expect(result.summary.endings).toMatchObject({ ceiling_only: 1, floor_only: 1, turn_cap: 1, error: 1 });
    expect(result.summary.curve.carried[0]).toBe(40);
    expect(result.summary.settings).toMatchObject({
      preset: 'sage',
      simulatorId: 'scripted',
      policyId: 'scripted-policy',
      seed: 7,
      concurrency: 3,
      repeats: 1,
      sampling: { temperature: 0 },
      taggerId: 'rule',
      profiles: { source: 'synthetic', count: 4, ids: ['p-up', 'p-down', 'p-flat', 'p-error'] },
    });
    expect(result.summary.settings.emotion.initialEmotion).toBe(40);
    expect(result.summary.strategies?.turns).toBeGreaterThan(0);
    expect(progress.at(-1)).toMatchObject({ done: 4, total: 4, errors: 1 });
    expect(progress.at(-1)?.meanEmotion).toBeCloseTo(140 / 3);

    const lines = parseJsonl(readFileSync(result.files.results, 'utf8'), trajectorySchema).records;
    expect(lines.map((line) => line.value.profileId).sort()).toEqual(['p-down', 'p-error', 'p-flat', 'p-up']);
    const sage = parseJsonl(readFileSync(result.files.sageResults, 'utf8'), sageResultRecordSchema).records;
    expect(sage.map((line) => line.value.id)).toEqual(['p-up', 'p-down', 'p-flat', 'p-error']);
    expect(sage[0]?.value.emo_point).toBe(100);
    const summary = safeParseJSON(readFileSync(result.files.summary, 'utf8'), benchmarkSummarySchema);
    expect(summary.success).toBe(true);
    // The SAGE export scores the same as the run (errors carried as stopReason and excluded).
    const [row] = importLeaderboard(result.files.sageResults);
    expect(row).toMatchObject({ score: 46.7, success: 1, failure: 1, excluded: 1 });
  });

  it('should resume after an interruption, skipping finished pairs and tolerating a torn last line', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'bench-resume-'));
    const controller = new AbortController();
    const first = await runBenchmark({
      profiles,
      simulator: scriptedSimulator({ delayMs: 2 }),
      policy: policy(),
      outDir,
      concurrency: 1,
      repeats: 2,
      signal: controller.signal,
      onProgress: (item) => {
        if (item.done === 3) controller.abort();
      },
    });
    expect(first.complete).toBe(false);
    expect(first.summary.complete).toBe(false);
    const written = readFileSync(first.files.results, 'utf8').trim().split('\n');
    expect(written).toHaveLength(3);
    appendFileSync(first.files.results, '{"schemaVersion":1,"episodeId":"torn');

    const simulator = scriptedSimulator();
    const second = await runBenchmark({ profiles, simulator, policy: policy(), outDir, concurrency: 2, repeats: 2 });
    expect(second.resumed).toBe(3);
    expect(second.complete).toBe(true);
    const started = simulator.calls.filter((call) => call.kind === 'start');
    expect(started).toHaveLength(5);
    const lines = parseJsonl(readFileSync(second.files.results, 'utf8'), trajectorySchema).records.map((r) => r.value);
    expect(lines).toHaveLength(8);
    expect(new Set(lines.map((line) => `${line.profileId}/${line.repeat}`)).size).toBe(8);
    expect(second.summary.repeats.count).toBe(2);
    expect(second.summary.repeats.score).toEqual({ mean: 46.7, std: 0 });
    expect(second.summary.timing).toMatchObject({ episodesResumed: 3, episodesRun: 5 });
  });

  it('should refuse to resume a directory written by another policy', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'bench-mismatch-'));
    await runBenchmark({ profiles: profiles.slice(0, 1), simulator: scriptedSimulator(), policy: policy(), outDir });
    const other = createScriptedPolicy({ outputs: ['hello'], policyId: 'other-policy' });
    await expect(
      runBenchmark({ profiles: profiles.slice(0, 1), simulator: scriptedSimulator(), policy: other, outDir }),
    ).rejects.toThrow(/policyId "scripted-policy".*policyId "other-policy".*fresh --out/);
  });

  it('should reject bad settings before running anything', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'bench-bad-'));
    const simulator = scriptedSimulator();
    const run = (extra: object) => runBenchmark({ profiles, simulator, policy: policy(), outDir, ...extra });
    await expect(run({ repeats: 0 })).rejects.toThrow(InvalidConfigError);
    await expect(run({ concurrency: 1.5 })).rejects.toThrow(/--concurrency/);
    await expect(run({ profiles: [] })).rejects.toThrow(/no profiles/);
    await expect(run({ profiles: [profiles[0], profiles[0]] })).rejects.toThrow(/occurs twice/);
    expect(simulator.calls).toHaveLength(0);
  });
  it('should resume a run split into shards: importResults appends the other shard, the full run adds nothing', async () => {
    const single = await runBenchmark({
      profiles,
      simulator: scriptedSimulator(),
      policy: policy(),
      outDir: mkdtempSync(join(tmpdir(), 'bench-single-')),
      seed: 3,
    });
    const mainDir = mkdtempSync(join(tmpdir(), 'bench-main-'));
    const shardDir = join(mainDir, 'shard');
    const options = { simulator: scriptedSimulator(), policy: policy(), seed: 3 };
    await runBenchmark({ ...options, profiles: profiles.slice(0, 2), outDir: mainDir });
    await runBenchmark({ ...options, profiles: profiles.slice(2), outDir: shardDir });
    expect(await importResults(shardDir, mainDir)).toBe(2);
    expect(await importResults(shardDir, mainDir)).toBe(0); // already held: nothing appended twice
    const merged = await runBenchmark({ ...options, profiles, outDir: mainDir });
    // Every finished dialogue is kept; the errored one (p-error) is never final and runs again.
    expect(merged.resumed).toBe(3);
    expect(merged.summary.timing).toMatchObject({ episodesRun: 1, episodesRedone: 1 });
    expect(merged.summary.score).toBe(single.summary.score);
    expect(merged.trajectories.map((trajectory) => trajectory.finalEmotion)).toEqual(
      single.trajectories.map((trajectory) => trajectory.finalEmotion),
    );
    expect(await importResults(join(mainDir, 'missing'), mainDir)).toBe(0);
  });
});
