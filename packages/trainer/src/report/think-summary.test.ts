import { splitThinkReply } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { buildTrainingSummary } from './build-training-summary';
import { describeThinkSummary, pooledThinkDependence, type ThinkDependence, thinkFormatShare } from './think-summary';

const dialogue = (...outputs: string[]) => ({
  profileId: 'p',
  lang: 'en',
  stopReason: 'max_turns',
  finalEmotion: 30,
  opening: { message: 'hi', emotion: 30 },
  turns: outputs.map((rawOutput, index) => ({
    index: index + 1,
    rawOutput,
    reply: splitThinkReply(rawOutput).reply,
    strategyLabels: [],
    emotion: 30,
    delta: 0,
  })),
});

const dependence = (lang: 'zh' | 'en', swaps: number, followsSwapped: number, followsControl: number) =>
  ({
    lang,
    openings: 50,
    wellFormed: 0.9,
    swaps,
    followsSwapped,
    followsControl,
    keepsOwnSwapped: 0.1,
    keepsOwnControl: 0.5,
  }) satisfies ThinkDependence;

describe('thinkFormatShare', () => {
  it('should count only outputs that open with one think block and carry a reply', () => {
    const trajectories = [
      dialogue('<think>\nplan\n</think>\nHello.', 'plan</think>\nHello.'),
      dialogue('<think>\nplan\n</think>\n', '<think>a</think><think>b</think>reply', 'no think at all'),
    ] as never;
    expect(thinkFormatShare(trajectories)).toBeCloseTo(1 / 5);
    expect(thinkFormatShare([])).toBeNull();
  });
});

describe('pooledThinkDependence', () => {
  it('should weight the languages by their swaps', () => {
    const pooled = pooledThinkDependence([dependence('zh', 30, 0.6, 0.1), dependence('en', 10, 0.2, 0.1)]);
    expect(pooled?.followsSwapped).toBeCloseTo(0.5);
    expect(pooled?.lift).toBeCloseTo(0.4);
    expect(pooledThinkDependence([dependence('zh', 0, 0, 0)])).toBeNull();
  });
});

describe('think runs in summary.json', () => {
  const before = { summary: { score: 3, success: 0, failure: 9, profiles: 10, errors: 0 } };
  const bench = (outputs: string[]) =>
    ({ ...before, trajectories: [dialogue(...outputs)] }) as unknown as Parameters<
      typeof buildTrainingSummary
    >[0]['before'];

  it('should write the format rate before and after and the dependence check of a think run', () => {
    const summary = buildTrainingSummary({
      runId: 'r',
      config: { algo: 'grpo', think: true, seed: 0, steps: 2 },
      backend: 'cpu',
      wallSeconds: 1,
      metrics: [],
      before: bench(['<think>\nx\n</think>\nHi.', 'Hi.']),
      after: bench(['<think>\nx\n</think>\nHi.', '<think>\ny\n</think>\nYes.']),
      thinkDependence: [dependence('en', 20, 0.55, 0.05)],
    });
    expect(summary.thinkCheck).toMatchObject({ formatBefore: 0.5, formatAfter: 1 });
    const lines = describeThinkSummary(summary.thinkCheck as never);
    expect(lines[0]).toBe('think format (held-out replies): 50.0 % → 100.0 %');
    expect(lines[1]).toContain(
      "swapped-in think's strategy 55.0 % of the time vs 5.0 % after its own think (+50.0 points",
    );
  });

  it('should leave thinkCheck out of a run without think', () => {
    const summary = buildTrainingSummary({
      runId: 'r',
      config: { algo: 'grpo', think: false, seed: 0, steps: 2 },
      backend: 'cpu',
      wallSeconds: 1,
      metrics: [],
    });
    expect(summary.thinkCheck).toBeUndefined();
  });
});
