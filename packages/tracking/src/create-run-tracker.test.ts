import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRunTracker } from './create-run-tracker';
import { parseReportTo } from './parse-report-to';
import { startMLflowTestServer } from './test/mlflow-test-server';
import { readWandbLog } from './test/read-wandb-run';

describe('parseReportTo', () => {
  it('should read a TRL-style comma list, none and all, and name the backends on a typo', () => {
    expect(parseReportTo('tensorboard, MLflow,tensorboard,wandb')).toEqual(['tensorboard', 'mlflow', 'wandb']);
    expect(parseReportTo('none')).toEqual([]);
    expect(parseReportTo([])).toEqual([]);
    expect(parseReportTo('all')).toEqual(['tensorboard', 'mlflow', 'wandb']);
    expect(() => parseReportTo('tensorbord')).toThrow(
      /"tensorbord" is not a tracking backend; use .*tensorboard, mlflow, wandb/,
    );
    expect(() => parseReportTo(['trackio'], 'reportTo')).toThrow(/reportTo "trackio" is not a tracking backend/);
  });
});

describe('createRunTracker', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });
  const runFolder = () => {
    const folder = mkdtempSync(join(tmpdir(), 'rlver-run-tracker-'));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    return folder;
  };

  it('should warn once and keep the other backends going when one fails', async () => {
    const server = await startMLflowTestServer({ failLogBatch: true });
    cleanups.push(server.close);
    const runDirectory = runFolder();
    const warnings: string[] = [];
    const tracker = createRunTracker({
      reportTo: ['tensorboard', 'mlflow'],
      runDirectory,
      runName: 'run',
      warn: (message) => warnings.push(message),
      env: { MLFLOW_TRACKING_URI: server.url },
    });
    tracker.logConfig({ algo: 'ppo' });
    tracker.logMetrics(0, { 'rollout/emotion_final': 50 });
    tracker.logMetrics(1, { 'rollout/emotion_final': 55 });
    await tracker.finish('finished');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^mlflow tracking failed .*HTTP 500: INTERNAL_ERROR disk full/);
    // After the failure nothing more goes to MLflow: no metrics, no runs/update.
    expect(server.requests.filter((request) => request.path.endsWith('log-batch'))).toHaveLength(1);
    expect(server.requests.some((request) => request.path.endsWith('runs/update'))).toBe(false);
    expect(readdirSync(join(runDirectory, 'tensorboard'))).toHaveLength(1);
  });

  it('should put a W&B offline run in the run folder under --report-to wandb', async () => {
    const runDirectory = runFolder();
    const tracker = createRunTracker({
      reportTo: parseReportTo('wandb'),
      runDirectory,
      runName: 'run',
      warn: (message) => {
        throw new Error(message);
      },
      env: { WANDB_RUN_ID: 'r1' },
    });
    tracker.logMetrics(0, { 'rollout/emotion_final': 50 });
    await tracker.finish('finished');
    const [folder] = readdirSync(join(runDirectory, 'wandb'));
    expect(folder).toMatch(/^offline-run-\d{8}_\d{6}-r1$/);
    const records = readWandbLog(join(runDirectory, 'wandb', folder as string, 'run-r1.wandb'));
    expect(records.map((record) => Object.keys(record).find((key) => key !== 'num'))).toEqual([
      'header',
      'run',
      'history',
      'summary',
      'exit',
      'final',
    ]);
  });

  it('should write nothing when reporting to none', async () => {
    const runDirectory = runFolder();
    const tracker = createRunTracker({ reportTo: [], runDirectory, runName: 'run', warn: () => {} });
    tracker.logMetrics(0, { 'rollout/emotion_final': 50 });
    await tracker.finish('finished');
    expect(tracker.trackers).toHaveLength(0);
    expect(existsSync(join(runDirectory, 'tensorboard'))).toBe(false);
  });

  it('should turn an unreachable MLflow server into a warning', async () => {
    const server = await startMLflowTestServer();
    await server.close();
    const warnings: string[] = [];
    const tracker = createRunTracker({
      reportTo: ['mlflow'],
      runDirectory: runFolder(),
      runName: 'run',
      warn: (message) => warnings.push(message),
      env: { MLFLOW_TRACKING_URI: server.url },
    });
    tracker.logMetrics(0, { 'rollout/emotion_final': 50 });
    await tracker.finish('failed');
    expect(warnings).toEqual([expect.stringMatching(/did not answer .*check MLFLOW_TRACKING_URI/)]);
  });
});
