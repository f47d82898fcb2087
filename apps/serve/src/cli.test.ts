import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const appRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const children: ChildProcess[] = [];
const folders: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function runCli(args: string[]) {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: appRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, OPENAI_API_KEY: '' },
  });
  children.push(child);
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

/** Start the server and resolve with its URL, read from the first line of stdout. */
async function startServer(args: string[]) {
  const run = runCli(['--port', '0', ...args]);
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: run.child.stdout as NodeJS.ReadableStream }).once('line', resolve);
    run.exited.then((code) => reject(new Error(`server exited with ${code}: ${run.stderr()}`)));
  });
  expect(firstLine).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
  const url = firstLine.replace('listening on ', '');
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // biome-ignore lint/suspicious/noExplicitAny: test bodies are checked field by field
    return { status: response.status, body: (await response.json()) as any };
  };
  return { ...run, url, call };
}

const REPLIES = ['听起来你真的很辛苦，后来怎么样了？', '我能感觉到这件事让你很难受。', '你会这样想太正常了。'];

describe('rlver-serve (the command)', () => {
  it('should print its help, and name the flag of a bad value with exit code 2', async () => {
    const help = runCli(['--help']);
    const bad = runCli(['--max-episodes', 'lots']);
    let stdout = '';
    help.child.stdout?.on('data', (chunk) => {
      stdout += chunk;
    });
    expect(await help.exited).toBe(0);
    expect(stdout).toContain('Usage: rlver-serve [options]');
    expect(stdout).toContain('--state-dir');
    expect(await bad.exited).toBe(2);
    expect(bad.stderr()).toContain('--max-episodes "lots" is not an integer');
  });

  it('should continue every open episode after kill -9 and a restart with the same --state-dir', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'serve-state-'));
    folders.push(stateDir);
    const first = await startServer(['--state-dir', stateDir, '--preset', 'sage']);
    const ids: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      const body = index < 2 ? { seed: index } : { seed: index, group_id: 'group-a' };
      ids.push((await first.call('POST', '/v1/episodes', body)).body.episode_id);
    }
    const acknowledged = new Map<string, number>();
    let lastResponse: unknown;
    for (const id of ids) {
      for (let turn = 1; turn <= 2; turn += 1) {
        const step = await first.call('POST', `/v1/episodes/${id}/step`, {
          content: REPLIES[turn],
          request_id: `${id}-${turn}`,
        });
        expect(step.status).toBe(200);
        acknowledged.set(id, turn);
        lastResponse = step.body;
      }
    }
    // Keep steps in flight while the server dies: every acknowledged step must survive.
    let stop = false;
    const load = ids.map(async (id) => {
      for (let turn = 3; !stop && turn <= 9; turn += 1) {
        const step = await first
          .call('POST', `/v1/episodes/${id}/step`, { content: REPLIES[turn % 3], request_id: `${id}-${turn}` })
          .catch(() => null);
        if (step?.status !== 200) return;
        acknowledged.set(id, turn);
        if (step.body.done) return;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 40));
    first.child.kill('SIGKILL');
    stop = true;
    expect(await first.exited).toBeNull();
    await Promise.all(load);

    const second = await startServer(['--state-dir', stateDir, '--preset', 'sage']);
    expect((await second.call('GET', '/v1/stats')).body.open_episodes).toBe(4);
    for (const id of ids) {
      const view = (await second.call('GET', `/v1/episodes/${id}`)).body;
      expect(view.turn).toBeGreaterThanOrEqual(acknowledged.get(id) as number);
      expect(view.turn).toBeLessThanOrEqual((acknowledged.get(id) as number) + 1);
    }
    // A retry of an acknowledged step returns its first answer; the episode then goes on.
    const last = ids[3] as string;
    expect(
      (await second.call('POST', `/v1/episodes/${last}/step`, { content: 'x', request_id: `${last}-2` })).body,
    ).toEqual(lastResponse);
    const view = (await second.call('GET', `/v1/episodes/${ids[0]}`)).body;
    if (!view.done) {
      const next = await second.call('POST', `/v1/episodes/${ids[0]}/step`, { content: REPLIES[0] });
      expect(next.body.info.turn).toBe(view.turn + 1);
    }
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
