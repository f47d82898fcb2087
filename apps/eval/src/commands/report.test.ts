import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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

describe('reportCommand with training run folders', () => {
  it('should read a training run folder (metrics.jsonl, before/, after/) beside a benchmark folder', async () => {
    const runFolder = mkdtempSync(join(tmpdir(), 'eval-report-train-'));
    writeFileSync(join(runFolder, 'config.json'), JSON.stringify({ runId: 'grpo-s0', simulator: 'offline' }));
    const lines = [0, 1, 2].map((step) =>
      JSON.stringify({ step, 'rollout/emotion_final': 40 + step, 'reward/final_emotion': 0.4 + step / 100 }),
    );
    // A run still writing: the torn last line is left out.
    writeFileSync(join(runFolder, 'metrics.jsonl'), `${lines.join('\n')}\n{"step":3,"rollout/emo`);
    await runBenchmark({
      profiles: [createTestProfile({ id: 'p1' })],
      simulator: createScriptedUserSimulator({ turns: [{ message: 'Go on.', delta: 5 }] }),
      policy: createScriptedPolicy({ outputs: ['Before reply.'], policyId: 'embedded' }),
      outDir: join(runFolder, 'before'),
    });
    const benchmark = await runDirectory('model-two', 'Tell me more.');
    const out = join(mkdtempSync(join(tmpdir(), 'eval-report-out-')), 'report.html');
    expect(await reportCommand.run([runFolder, benchmark, '--out', out])).toBe(0);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('id="training-steps"');
    expect(html).toContain('grpo-s0 · before training');
    const data = JSON.parse(
      html.match(/<script type="application\/json" id="step-chart-data">(.*?)<\/script>/)?.[1] ?? '',
    );
    expect(data[0].metrics['rollout/emotion_final']).toEqual([
      [0, 40],
      [1, 41],
      [2, 42],
    ]);
    expect(html).toContain('Before reply.');
  });

  it("should show a training run's usage and cost per endpoint role from its summary.json", async () => {
    const runFolder = mkdtempSync(join(tmpdir(), 'eval-report-usage-'));
    writeFileSync(join(runFolder, 'config.json'), JSON.stringify({ runId: 'ppo-s1', simulator: 'openai:sim' }));
    writeFileSync(join(runFolder, 'metrics.jsonl'), `${JSON.stringify({ step: 0, 'rollout/emotion_final': 40 })}\n`);
    const simulator = {
      requests: 1234,
      cachedRequests: 5,
      failedRequests: 2,
      promptTokens: 456_789,
      completionTokens: 65_432,
      latencyP50Ms: 230,
      latencyP99Ms: 910,
      cost: 0.359227,
    };
    writeFileSync(join(runFolder, 'summary.json'), JSON.stringify({ runId: 'ppo-s1', endpoints: { simulator } }));
    const out = join(mkdtempSync(join(tmpdir(), 'eval-report-out-')), 'report.html');
    expect(await reportCommand.run([runFolder, '--out', out])).toBe(0);
    const html = readFileSync(out, 'utf8');
    const row = html.match(/<tr class="usage-row" data-role="simulator">(.*?)<\/tr>/)?.[1] ?? '';
    expect([...row.matchAll(/<td>(.*?)<\/td>/g)].map((match) => match[1])).toEqual([
      'training',
      'ppo-s1',
      'simulator',
      '1,234',
      '5',
      '2',
      '456,789',
      '65,432',
      '230',
      '910',
      '0.3592',
    ]);
    // A summary whose usage is malformed is named, not drawn.
    writeFileSync(join(runFolder, 'summary.json'), JSON.stringify({ endpoints: { simulator: { requests: 'many' } } }));
    await expect(reportCommand.run([runFolder, '--out', out])).rejects.toThrow(
      /summary\.json.*is not a training summary/,
    );
  });

  it('should refuse a --port out of range, naming the flag', async () => {
    const benchmark = await runDirectory('model-one', 'Hi.');
    await expect(reportCommand.run([benchmark, '--watch', '--port', '70000'])).rejects.toThrow(/--port "70000"/);
  });
});
