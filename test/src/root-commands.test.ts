import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scriptedContents, startOpenAITestServer } from '@rlver/test-utils';
import { describe, it } from 'vitest';

const repositoryRoot = join(import.meta.dirname, '..', '..');

/** `pnpm <args>` from the repository root (or `cwd`), as a user types it; stdin from `input`. */
function pnpm(args: string[], options: { input?: string; cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn('pnpm', args, {
      cwd: options.cwd ?? repositoryRoot,
      env: { ...process.env, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

const hasTmux = spawnSync('tmux', ['-V']).status === 0;

// Each test starts one to three CLIs from source through pnpm (tsx compiles them on start): on a loaded 2-core
// machine that alone took over the shared 60 s. The tests run at the same time (each waits on its own child
// processes, temp folders and tmux session), so the file's wall is not the sum of a dozen one-core start-ups
// (docs/decisions/2026-11-27-ci-time-2.md); each asserts through its own context's `expect`.
describe.concurrent('root commands (pnpm train | bench | serve)', { timeout: 180_000 }, () => {
  it('should pass stdin through and print only the command output on stdout (no banner)', async ({ expect }) => {
    const result = await pnpm(['bench', 'tag'], { input: '{"text":"You handled that so well."}\n' });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      '{"labels":["praise"],"cues":[{"label":"praise","cue":"handled that so well","start":4,"end":24}]}\n',
    );
    expect(result.stderr).not.toMatch(/turbo|ELIFECYCLE|rlver-ts@/);
  });

  it("should exit with the command's own exit code and message", async ({ expect }) => {
    const result = await pnpm(['bench', 'tag', '--bogus']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("error: Unknown option '--bogus'. See `rlver-eval tag --help`.\n");
    expect(result.stdout).toBe('');
  });

  it('should print the version of each CLI', async ({ expect }) => {
    for (const [command, app] of [
      ['train', 'train'],
      ['bench', 'eval'],
      ['serve', 'serve'],
    ] as const) {
      const { version } = JSON.parse(readFileSync(join(repositoryRoot, 'apps', app, 'package.json'), 'utf8'));
      const result = await pnpm([command, '--version']);
      expect(result).toMatchObject({ code: 0, stdout: `rlver-${app} ${version}\n` });
    }
  });

  it('should print the resolved config with the source of each value and start nothing', async ({ expect }) => {
    const result = await pnpm(['train', '--print-config', '--steps', '3', '--report-to', 'tensorboard']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^steps: 3 {2}# --steps$/m);
    expect(result.stdout).toMatch(/^reportTo: \["tensorboard"\] {2}# --report-to$/m);
    expect(result.stdout).toMatch(/^preset: "embedded-choice" {2}# default preset$/m);
    expect(result.stdout).toMatch(/^seed: 0 {2}# preset embedded-choice$/m);
    expect(result.stderr).toBe('');
  });

  it('should resolve file arguments from the folder the command was typed in', async ({ expect }) => {
    const cwd = join(repositoryRoot, 'packages', 'strategies');
    const result = await pnpm(['bench', 'tag', 'eval/labelled-replies.jsonl'], { cwd });
    expect(result.code).toBe(0);
    const lines = readFileSync(join(cwd, 'eval', 'labelled-replies.jsonl'), 'utf8')
      .trim()
      .split('\n');
    expect(result.stdout.trim().split('\n')).toHaveLength(lines.length);
    const missing = await pnpm(['bench', 'tag', 'no-such-file.jsonl'], { cwd: join(repositoryRoot, 'apps') });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no-such-file\.jsonl/);
  });

  it('should end quietly with exit code 0 when the reader closes the pipe (| head)', async ({ expect }) => {
    const child = spawn('pnpm', ['bench', 'tag', 'eval/labelled-replies.jsonl'], {
      cwd: join(repositoryRoot, 'packages', 'strategies'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(stderr).not.toMatch(/EPIPE|Unhandled/);
    expect(code).toBe(0);
  });

  it('should send openai:<model> calls to OPENAI_BASE_URL when --base-url is not given', async ({ expect }) => {
    const server = await startOpenAITestServer(scriptedContents(['{"labels": ["praise"]}']));
    try {
      const result = await pnpm(['bench', 'tag', '--tagger', 'openai:tagger-model'], {
        input: '{"text":"Well done!"}\n',
        env: { OPENAI_BASE_URL: server.baseURL },
      });
      expect(result.code).toBe(0);
      expect(result.stdout).toBe('{"labels":["praise"],"cues":[]}\n');
      expect(server.requests.map((request) => request.body.model)).toEqual(['tagger-model']);
    } finally {
      await server.close();
    }
  });

  it.skipIf(!hasTmux)(
    `should play human chat in a real terminal (tmux) through pnpm bench chat${hasTmux ? '' : ' [skipped: tmux not installed]'}`,
    async ({ expect }) => {
      const out = join(mkdtempSync(join(tmpdir(), 'rlver-chat-')), 'chat.jsonl');
      const session = `rlver-chat-${process.pid}`;
      const tmux = (...args: string[]) => execFileSync('tmux', args, { encoding: 'utf8' });
      const screen = () => tmux('capture-pane', '-p', '-J', '-t', session);
      const waitFor = async (pattern: RegExp) => {
        for (let attempt = 0; attempt < 240; attempt += 1) {
          if (pattern.test(screen())) return;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        throw new Error(`tmux screen never matched ${pattern}:\n${screen()}`);
      };
      const command = `pnpm bench chat --simulator offline --lang en --out ${out}; echo EXIT=$?; sleep 30`;
      tmux('new-session', '-d', '-s', session, '-x', '200', '-y', '50', '-c', repositoryRoot, command);
      try {
        await waitFor(/you> $/m);
        tmux('send-keys', '-t', session, 'I hear you, that sounds really hard.', 'Enter');
        await waitFor(/\[emotion \d+ \([+-]?\d+\)/);
        tmux('send-keys', '-t', session, '/quit', 'Enter');
        await waitFor(/EXIT=0/);
      } finally {
        spawnSync('tmux', ['kill-session', '-t', session]);
      }
      expect(existsSync(out)).toBe(true);
      const trajectory = JSON.parse(readFileSync(out, 'utf8').trim()) as { turns: { reply: string }[] };
      expect(trajectory.turns[0]?.reply).toBe('I hear you, that sounds really hard.');
    },
  );
});
