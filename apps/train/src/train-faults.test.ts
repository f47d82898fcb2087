import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { faultResponse, startOpenAITestServer } from '@rlver/test-utils';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
const cli = join(import.meta.dirname, 'cli.ts');

/** Run the real rlver-train CLI; resolves with its exit code and output. */
async function rlverTrain(args: string[], timeout = 120_000) {
  try {
    const { stdout, stderr } = await run(process.execPath, [tsxCli, '--conditions=source', cli, ...args], {
      env: { ...process.env, RLVER_CWD: '', OPENAI_API_KEY: '' },
      timeout,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe('rlver-train: input and endpoint faults (the real CLI)', () => {
  it('should report a bad algorithm setting with file and line before anything is written', async () => {
    const runsDir = mkdtempSync(join(tmpdir(), 'rlver-train-bad-'));
    const configFile = join(runsDir, 'bad.yaml');
    writeFileSync(configFile, 'algo: ppo\nsteps: 1\nalgorithm:\n  learningRate: -0.001\n');
    const result = await rlverTrain(['--config', configFile, '--runs-dir', runsDir, '--run-id', 'bad']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/bad\.yaml line 4: field "algorithm\.learningRate"/);
    expect(existsSync(join(runsDir, 'bad'))).toBe(false);
  }, 120_000);

  it('should set an algorithm field from a generated dotted flag (any case) and name the flag of a bad one', async () => {
    const printed = await rlverTrain(['--algo', 'ppo', '--algorithm.clip_ratio_low', '0.1', '--print-config']);
    expect(printed.code).toBe(0);
    expect(printed.stdout).toMatch(/clipRatioLow: 0\.1 +# --algorithm\.clip_ratio_low/);
    const bad = await rlverTrain(['--algorithm.learningRate', '-1', '--kl-coefficient', '0.1']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown flag --kl-coefficient; did you mean --algorithm\.kl-coefficient/);
  }, 240_000);

  it('should refuse --run-id .. (it would write into the parent of --runs-dir)', async () => {
    // A private parent, so a stray config.json left in the shared temp folder by anything else cannot decide it.
    const parent = mkdtempSync(join(tmpdir(), 'rlver-train-runid-'));
    const runsDir = join(parent, 'runs');
    const result = await rlverTrain(['--runs-dir', runsDir, '--run-id', '..', '--steps', '1']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--run-id/);
    expect(existsSync(join(parent, 'config.json'))).toBe(false);
  }, 120_000);

  it('should take --timeout-ms and --max-retries for the simulator endpoint', async () => {
    const server = await startOpenAITestServer(() => faultResponse('stall'));
    try {
      const runsDir = mkdtempSync(join(tmpdir(), 'rlver-train-stall-'));
      const started = performance.now();
      const result = await rlverTrain([
        '--simulator',
        'openai:sim-model',
        '--base-url',
        server.baseURL,
        '--no-eval',
        '--steps',
        '1',
        '--profiles-per-step',
        '1',
        '--runs-dir',
        runsDir,
        '--run-id',
        'stall',
        '--timeout-ms',
        '200',
        '--max-retries',
        '0',
      ]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/timed out after 200 ms/);
      expect(performance.now() - started).toBeLessThan(100_000);
    } finally {
      await server.close();
    }
  }, 120_000);
});
