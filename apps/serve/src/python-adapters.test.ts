import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from './test/start-test-server';

// The Python adapters (python/rlver_env) are tested against this live server through the standard library's
// unittest, so CI needs python3 but no pip install; the same tests run under pytest.
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const python = spawnSync('python3', ['--version'], { encoding: 'utf8' });
const hasPython = python.status === 0;
if (!hasPython) {
  console.warn('python-adapters.test.ts: skipped, python3 is not on PATH (install python3 to test the adapters)');
}

let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
let run: { code: number | null; output: string } = { code: null, output: '' };
beforeAll(async () => {
  if (!hasPython) return;
  server = await startTestServer({ maxEpisodes: 200 });
  run = await runUnittest(server.url);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

function runUnittest(url: string): Promise<{ code: number | null; output: string }> {
  const child = spawn('python3', ['-m', 'unittest', 'discover', '-s', join(repoRoot, 'python', 'tests'), '-v'], {
    cwd: repoRoot,
    env: { ...process.env, RLVER_SERVER_URL: url, PYTHONDONTWRITEBYTECODE: '1', PYTHONUNBUFFERED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

const MODULES = [
  ['the stdlib client', 'test_client'],
  ['the verl BaseInteraction', 'test_verl_adapter'],
  ['the OpenRLHF AgentExecutor', 'test_openrlhf_adapter'],
  ['the verifiers MultiTurnEnv', 'test_verifiers_adapter'],
  ['the TRL rollout_func', 'test_trl_adapter'],
] as const;

describe.skipIf(!hasPython)('Python adapters against the live server (python3 -m unittest)', () => {
  it('should run every Python test and pass', () => {
    expect(run.output, run.output).toMatch(/^OK$/m);
    expect(run.code).toBe(0);
    expect(run.output).toMatch(/Ran \d+ tests/);
  });

  it.each(MODULES)('should pass the tests of %s', (_label, module) => {
    expect(run.output).toContain(`(${module}.`);
    expect(run.output, run.output).not.toMatch(new RegExp(`^(FAIL|ERROR): \\S+ \\(${module}\\.`, 'm'));
  });
});
