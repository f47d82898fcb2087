import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SCRIPTED_SETTINGS } from '@rlver/env/test';
import { InvalidInputError } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { buildBenchmarkSummary } from '../summary/build-summary';
import { syntheticTrajectory } from '../testing/synthetic-trajectory';
import { auditReplies } from './audit-replies';
import { formatReplyAudit } from './format-reply-audit';
import { listAuditFiles, readAuditFile } from './read-audit-sources';

const CLEAN = 'That sounds like a hard week. What happened at the bakery?';
const STUFFED = 'I am here here for you you. the noisy nights the noisy nights the noisy nights the unpaid';

function dialogue(profileId: string, replies: readonly string[], final = 50) {
  return syntheticTrajectory({
    profileId,
    turns: replies.map((reply, index) => ({ reply, emotion: index === replies.length - 1 ? final : 45 })),
    stopReason: 'max_turns',
  });
}

/** A synthetic training run: clean replies in steps 0–4, stuffed ones in steps 5–9. */
function rolloutLines(): string {
  return Array.from({ length: 10 }, (_, step) => {
    const reply = step < 5 ? CLEAN : STUFFED;
    const trajectory = { ...dialogue(`p${step}`, [reply, reply], step < 5 ? 20 : 60), reward: step < 5 ? 0.2 : 0.6 };
    return JSON.stringify({ step, ...trajectory });
  }).join('\n');
}

describe('auditReplies', () => {
  it('should give the monitor figures, sample flagged replies per kind, and first vs last steps', () => {
    const folder = mkdtempSync(join(tmpdir(), 'rlver-audit-'));
    writeFileSync(join(folder, 'rollouts.jsonl'), `${rolloutLines()}\n`);
    const source = readAuditFile(join(folder, 'rollouts.jsonl'));
    expect(source.format).toBe('training rollouts');
    const report = auditReplies(source.dialogues, { samplesPerKind: 2 });
    expect(report.dialogues).toBe(10);
    expect(report.monitors.replies).toBe(20);
    expect(report.monitors.metrics['monitor/degenerate_fraction']).toBe(0.5);
    expect(report.samples.repetition.count).toBe(10);
    expect(report.samples.repetition.replies.map((sample) => sample.step)).toEqual([5, 9]);
    expect(report.samples.stutter.replies[0]?.evidence).not.toBe('');
    expect(report.steps?.first).toMatchObject({ from: 0, to: 0, rewardMean: 0.2 });
    expect(report.steps?.last).toMatchObject({ from: 9, to: 9, rewardMean: 0.6 });
    expect(report.steps?.last.monitors.metrics['monitor/degenerate_fraction']).toBe(1);
    const text = formatReplyAudit('rollouts.jsonl', report);
    expect(text).toContain('degenerate            50.0 %');
    expect(text).toContain('first step 0 vs last step 9: reward 0.200 → 0.600, degenerate 0.0 % → 100.0 %');
    expect(text).toContain('step 9 · p9#0 turn 2 [en]');
  });

  it('should read benchmark results and SAGE transcripts, and list the files of a run folder', () => {
    const folder = mkdtempSync(join(tmpdir(), 'rlver-audit-'));
    writeFileSync(join(folder, 'results.jsonl'), `${JSON.stringify(dialogue('a', [CLEAN]))}\n`);
    const sage = {
      id: 's1',
      emo_point: 60,
      emo_state: 'Emotion-B',
      target: 'eq',
      player: 'A retired tram driver who loves chess.',
      scene: 'He argued with his neighbour about a fence.',
      character: 'passive',
      topic: '',
      task: 'wants to be heard',
      history: [
        { role: 'user', content: '我和邻居为了篱笆吵了一架。', 'emotion-point': 40 },
        { role: 'assistant', content: '听起来你很委屈 you know what I mean' },
        { role: 'user', content: '是啊。', 'emotion-point': 60 },
      ],
    };
    writeFileSync(join(folder, 'model-a_result.jsonl'), `${JSON.stringify(sage)}\n`);
    expect(readAuditFile(join(folder, 'results.jsonl')).format).toBe('benchmark results');
    const transcripts = readAuditFile(join(folder, 'model-a_result.jsonl'));
    expect(transcripts.format).toBe('sage transcripts');
    expect(transcripts.dialogues[0]?.trajectory.lang).toBe('zh');
    expect(auditReplies(transcripts.dialogues).samples.mixed_language.count).toBe(1);
    expect(listAuditFiles(folder)).toEqual([join(folder, 'results.jsonl')]);
    writeFileSync(join(folder, 'empty.jsonl'), '\n');
    expect(() => readAuditFile(join(folder, 'empty.jsonl'))).toThrow(InvalidInputError);
    expect(() => listAuditFiles(join(folder, 'missing'))).toThrow(/not found/);
  });
});

describe('buildBenchmarkSummary monitors', () => {
  it('should record the reply monitors with the training metric keys', () => {
    const summary = buildBenchmarkSummary([dialogue('a', [CLEAN]), dialogue('b', [STUFFED])], {
      label: 'x',
      complete: true,
      settings: {
        preset: 'sage',
        emotion: SCRIPTED_SETTINGS.sage,
        simulatorId: 's',
        policyId: 'p',
        sampling: {},
        seed: 0,
        concurrency: 1,
        repeats: 1,
        profiles: { source: 'test', count: 2, ids: ['a', 'b'] },
        taggerId: null,
      },
      timing: { startedAt: '', durationMs: 0, episodesRun: 2, episodesResumed: 0 },
    });
    expect(summary.monitors?.replies).toBe(2);
    expect(summary.monitors?.metrics['monitor/degenerate_fraction']).toBe(0.5);
    expect(Object.keys(summary.monitors?.metrics ?? {})).toContain('monitor/top_opening_share');
  });
});
