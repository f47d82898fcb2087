import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidConfigError, type Trajectory } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { captureOutput } from '../test/capture-output';
import { auditCommand } from './audit';

const CLEAN = 'That sounds like a hard week. What happened at the bakery?';
const STUFFED = 'I hear hear you you. the noisy nights the noisy nights the noisy nights the unpaid';

/** A synthetic benchmark result line (our own text). */
function resultLine(profileId: string, replies: readonly string[]): string {
  const trajectory: Trajectory = {
    schemaVersion: 1,
    episodeId: `${profileId}#0`,
    profileId,
    lang: 'en',
    seed: 0,
    preset: 'sage',
    policyId: 'policy',
    simulatorId: 'offline',
    systemPrompt: '',
    opening: { message: 'I had a rough week.', emotion: 40 },
    turns: replies.map((reply, index) => ({
      index: index + 1,
      rawOutput: reply,
      reply,
      think: null,
      userMessage: 'ok',
      emotion: 45,
      delta: 5,
      band: 'B',
      innerThoughts: '',
      strategyLabels: [],
      scored: true,
      promptTokenCount: 0,
      outputTokenCount: 0,
      policyLatencyMs: 0,
      simulatorLatencyMs: 0,
      simulatorCalls: 1,
    })),
    finalEmotion: 45,
    reward: 0.45,
    stopReason: 'max_turns',
    truncated: true,
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1,
  };
  return JSON.stringify(trajectory);
}

function resultsFile(): string {
  const folder = mkdtempSync(join(tmpdir(), 'eval-audit-'));
  const file = join(folder, 'results.jsonl');
  writeFileSync(file, `${[resultLine('a', [CLEAN, CLEAN]), resultLine('b', [STUFFED, CLEAN])].join('\n')}\n`);
  return file;
}

const output = captureOutput();

describe('auditCommand', () => {
  it('should print the monitors and sample flagged replies of a results file', async () => {
    const file = resultsFile();
    expect(await auditCommand.run([file, '--samples', '1'])).toBe(0);
    expect(output.stdout()).toContain(`${file} (benchmark results, 2 dialogues)`);
    expect(output.stdout()).toContain('replies               4');
    expect(output.stdout()).toContain('degenerate            25.0 %');
    expect(output.stdout()).toMatch(/repetition \(1 replies\):\n\s+b#0 turn 1 \[en\]: "I hear hear you you/);
  });

  it('should print JSON with --json', async () => {
    expect(await auditCommand.run([resultsFile(), '--json'])).toBe(0);
    const [audit] = JSON.parse(output.stdout()) as Array<{
      format: string;
      monitors: { replies: number; metrics: Record<string, number> };
      samples: Record<string, { count: number }>;
    }>;
    expect(audit?.format).toBe('benchmark results');
    expect(audit?.monitors.metrics['monitor/degenerate_fraction']).toBe(0.25);
    expect(audit?.samples.stutter?.count).toBe(1);
  });

  it('should explain bad input and print --help', async () => {
    await expect(auditCommand.run([])).rejects.toThrow(InvalidConfigError);
    await expect(auditCommand.run([resultsFile(), '--samples', 'many'])).rejects.toThrow(/--samples is "many"/);
    await expect(auditCommand.run([join(tmpdir(), 'no-such-results.jsonl')])).rejects.toThrow(/not found/);
    expect(await auditCommand.run(['--help'])).toBe(0);
    expect(output.stdout()).toContain('Usage: rlver-eval audit');
  });
});
