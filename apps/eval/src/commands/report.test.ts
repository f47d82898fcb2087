import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBenchmark } from '@rlver/bench';
import { createScriptedPolicy, createScriptedUserSimulator, createTestProfile } from '@rlver/env/test';
import { InvalidInputError } from '@rlver/spec';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportCommand } from './report';

let stderr: { mockRestore: () => void };
beforeEach(() => {
  stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
});
afterEach(() => stderr.mockRestore());

async function runDirectory(policyId: string, reply: string): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'eval-report-'));
  await runBenchmark({
    profiles: [createTestProfile({ id: 'p1' }), createTestProfile({ id: 'p2' })],
    simulator: createScriptedUserSimulator({ turns: [{ message: 'Go on.', delta: 5 }] }),
    policy: createScriptedPolicy({ outputs: [reply], policyId }),
    outDir,
  });
  return outDir;
}

describe('reportCommand', () => {
  it('should write one HTML file covering every run, with replies escaped', async () => {
    const first = await runDirectory('model-one', 'I am here <b>for you</b>.');
    const second = await runDirectory('model-two', 'Tell me more.');
    const out = join(mkdtempSync(join(tmpdir(), 'eval-report-out-')), 'report.html');
    expect(await reportCommand.run([first, second, '--out', out])).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('model-one');
    expect(html).toContain('model-two');
    expect(html).toContain('I am here &lt;b&gt;for you&lt;/b&gt;.');
    expect(html).not.toContain('<b>for you</b>');
  });

  it('should name a directory that holds no results', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'eval-report-empty-'));
    const out = join(empty, 'report.html');
    await expect(reportCommand.run([empty, '--out', out])).rejects.toThrow(InvalidInputError);
    expect(existsSync(out)).toBe(false);
  });
});
