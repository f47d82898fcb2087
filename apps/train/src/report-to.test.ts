import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { readTensorBoardScalars, startMLflowTestServer } from '@rlver/tracking/test';
import { describe, expect, it, vi } from 'vitest';
import { runTrainHere } from './test/run-train-here';

const run = promisify(execFile);
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
const cli = join(import.meta.dirname, 'cli.ts');

/** The numeric metrics of each step in metrics.jsonl: what the trackers must receive, name for name. */
function stepMetrics(file: string): Record<string, number>[] {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .map(({ step: _step, resumed: _resumed, ...rest }) =>
      Object.fromEntries(
        Object.entries(rest).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
      ),
    );
}

describe('rlver-train --report-to (2 tiny steps in this process; the refusal by the real CLI)', () => {
  it('should send every metrics.jsonl value to TensorBoard and MLflow under the same names', async () => {
    const server = await startMLflowTestServer();
    try {
      const runsDir = mkdtempSync(join(tmpdir(), 'rlver-report-to-'));
      const configFile = join(runsDir, 'tiny.json');
      writeFileSync(configFile, JSON.stringify({ profilesPerStep: 1, maxPolicyTurns: 2 }));
      const args = ['--config', configFile, '--steps', '2', '--no-eval', '--runs-dir', runsDir, '--run-id', 'tracked'];
      // In this process (the CLI's own start-up adds nothing this test checks; the test below starts the real CLI).
      vi.stubEnv('MLFLOW_TRACKING_URI', server.url);
      vi.stubEnv('MLFLOW_EXPERIMENT_NAME', 'tiny');
      const { code, stderr } = await runTrainHere([...args, '--report-to', 'tensorboard,mlflow']).finally(() =>
        vi.unstubAllEnvs(),
      );
      expect(code, stderr).toBe(0);
      expect(stderr).toMatch(/tracking: tensorboard → .*tracked\/tensorboard/);
      expect(stderr).toMatch(/tracking: mlflow → http:\/\/127\.0\.0\.1:\d+ \(experiment "tiny"\)/);
      expect(stderr).not.toMatch(/tracking failed/);
      const steps = stepMetrics(join(runsDir, 'tracked', 'metrics.jsonl'));
      expect(steps).toHaveLength(2);

      const scalars = readTensorBoardScalars(join(runsDir, 'tracked', 'tensorboard'));
      expect(Object.keys(scalars).sort()).toEqual(Object.keys(steps[0] as object).sort());
      for (const [tag, points] of Object.entries(scalars)) {
        expect(points).toEqual(steps.map((metrics, step) => [step, Math.fround(metrics[tag] as number)]));
      }

      const batches = server.requests.filter((request) => request.path.endsWith('/runs/log-batch'));
      const params = batches.flatMap(
        (request) => (request.body as { params?: { key: string; value: string }[] }).params ?? [],
      );
      expect(params).toContainEqual({ key: 'runId', value: 'tracked' });
      expect(params).toContainEqual({ key: 'steps', value: '2' });
      const logged = batches.flatMap(
        (request) => (request.body as { metrics?: { key: string; value: number; step: number }[] }).metrics ?? [],
      );
      const expected = steps.flatMap((metrics, step) =>
        Object.entries(metrics)
          .filter(([, value]) => Number.isFinite(value))
          .map(([key, value]) => ({ key, value, step })),
      );
      expect(logged.map(({ key, value, step }) => ({ key, value, step }))).toEqual(expected);
      const update = server.requests.at(-1);
      expect(update?.path).toBe('/api/2.0/mlflow/runs/update');
      expect(update?.body).toMatchObject({ run_id: 'run1', status: 'FINISHED' });
    } finally {
      await server.close();
    }
    // Two steps take 50 s on a loaded 2-core machine (load average 23 measured, with the CLI's start-up).
  }, 300_000);

  it('should stop before anything is written when MLFLOW_TRACKING_URI is missing', async () => {
    const runsDir = mkdtempSync(join(tmpdir(), 'rlver-report-to-'));
    const { MLFLOW_TRACKING_URI: _unset, ...env } = process.env;
    const failure = await run(
      process.execPath,
      [tsxCli, '--conditions=source', cli, '--report-to', 'mlflow', '--runs-dir', runsDir, '--run-id', 'x'],
      { env: { ...env, RLVER_CWD: '' }, timeout: 120_000 },
    ).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toMatch(/^error: --report-to mlflow needs a tracking server: set MLFLOW_TRACKING_URI/m);
    expect(existsSync(join(runsDir, 'x'))).toBe(false);
  });
});
