import type { IntentionKey, StrategyLabel, Trajectory } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { renderTrainingReport } from './render-training-report';
import { modeCollapseWarnings } from './reward-hacking-warnings';
import { computeStrategyShift, describeStrategyShift } from './strategy-shift';

/** A held-out dialogue whose replies carry the given labels, with the emotion after each turn. */
function dialogue(
  profileId: string,
  turns: ReadonlyArray<{ labels: StrategyLabel[]; emotion: number }>,
  stopReason: Trajectory['stopReason'] = 'max_turns',
): Trajectory {
  return {
    schemaVersion: 1,
    episodeId: `${profileId}#0`,
    profileId,
    lang: 'en',
    seed: 0,
    preset: 'sage',
    policyId: 'test',
    simulatorId: 'offline:sage',
    systemPrompt: '',
    opening: { message: `opening of ${profileId}`, emotion: 40 },
    turns: turns.map((turn, index) => ({
      index: index + 1,
      rawOutput: `reply ${index + 1} (${turn.labels.join('+')})`,
      reply: `reply ${index + 1} (${turn.labels.join('+')})`,
      think: null,
      userMessage: `user ${index + 1}`,
      emotion: turn.emotion,
      delta: 0,
      band: 'B',
      innerThoughts: '',
      strategyLabels: turn.labels,
      scored: true,
      promptTokenCount: 0,
      outputTokenCount: 0,
      policyLatencyMs: 0,
      simulatorLatencyMs: 0,
      simulatorCalls: 0,
    })),
    finalEmotion: turns.at(-1)?.emotion ?? 40,
    reward: 0,
    stopReason,
    truncated: false,
    startedAt: '2026-11-25T00:00:00.000Z',
    durationMs: 0,
  };
}

const intentions: Record<string, IntentionKey> = { a: 'e1', b: 'e1', c: 'r2', d: 'r2' };
const intentionOf = (profileId: string) => intentions[profileId];

describe('computeStrategyShift', () => {
  const before = [
    dialogue('a', [
      { labels: ['advice'], emotion: 35 },
      { labels: ['generic_comfort'], emotion: 30 },
    ]),
    dialogue('b', [{ labels: ['advice'], emotion: 30 }]),
    dialogue('c', [{ labels: ['advice', 'question'], emotion: 45 }]),
    dialogue('d', [{ labels: ['generic_comfort'], emotion: 40 }]),
  ];
  const after = [
    dialogue('a', [
      { labels: ['praise'], emotion: 50 },
      { labels: ['praise', 'deep_empathy'], emotion: 60 },
    ]),
    dialogue('b', [{ labels: ['praise'], emotion: 45 }]),
    dialogue('c', [{ labels: ['advice'], emotion: 50 }]),
    dialogue('d', [{ labels: ['deep_empathy'], emotion: 70 }]),
    dialogue('e', [{ labels: ['advice'], emotion: 0 }], 'error'),
  ];
  const shift = computeStrategyShift({ before, after, intentionOf });

  it('should give each label its share of replies before and after, and name what grew and shrank', () => {
    const praise = shift.overall.find((item) => item.label === 'praise');
    expect(praise).toMatchObject({ before: 0, after: 0.6, change: 0.6 });
    expect(shift.overall.find((item) => item.label === 'advice')).toMatchObject({ before: 0.6, after: 0.2 });
    expect(shift.grew).toEqual(['praise', 'deep_empathy']);
    expect(shift.shrank).toEqual(['generic_comfort', 'advice', 'question']);
    expect(describeStrategyShift(shift)).toBe(
      'strategy shift (share of held-out replies) — grew: praise 0 % → 60 %, deep empathy 0 % → 40 %; shrank: generic comfort 40 % → 0 %, advice 60 % → 20 %, question 20 % → 0 %',
    );
  });

  it('should split the shares by hidden intention and leave errored dialogues out', () => {
    expect(shift.byIntention.map((group) => group.intention)).toEqual(['e1', 'r2']);
    const rational = shift.byIntention[1];
    expect(rational).toMatchObject({ repliesBefore: 2, repliesAfter: 2 });
    expect(rational?.shares.find((item) => item.label === 'advice')).toMatchObject({ before: 0.5, after: 0.5 });
  });

  it('should carry an ended dialogue’s last emotion forward in the mean per turn', () => {
    expect(shift.emotionByTurn.before).toEqual([40, (35 + 30 + 45 + 40) / 4, (30 + 30 + 45 + 40) / 4]);
    expect(shift.emotionByTurn.after).toEqual([40, (50 + 45 + 50 + 70) / 4, (60 + 45 + 50 + 70) / 4]);
  });

  it('should show the shift, the table per intention and the examples in the HTML report, escaped', () => {
    const html = renderTrainingReport({
      summary: {
        schemaVersion: 1,
        runId: 'r',
        algo: 'grpo',
        think: false,
        seed: 0,
        steps: 1,
        backend: 'cpu',
        wallSeconds: 1,
        before: null,
        after: null,
        improvement: null,
        warnings: [],
        strategyShift: computeStrategyShift({
          before: [dialogue('a', [{ labels: ['advice'], emotion: 30 }])],
          after: [
            dialogue('a<b>', [{ labels: ['praise'], emotion: 50 }]),
            dialogue('a', [{ labels: ['praise'], emotion: 50 }]),
          ],
          intentionOf,
        }),
      },
      metrics: [],
      config: {},
    });
    expect(html).toContain('grew: praise 0 % → 100 %');
    expect(html).toContain('e1 emotional: sincere praise');
    expect(html).toContain('Three held-out scenarios, before and after');
    expect(html).toContain('reply 1 (praise)');
    expect(html).not.toContain('a<b>');
  });

  it('should pick the example scenarios at the quartiles of the change, not the best ones', () => {
    // Changes: c +5, b +15, d +30, a +30 (ties by id): quartile positions 0, 1, 2 of 4.
    expect(shift.examples.map((item) => item.profileId)).toEqual(['c', 'b', 'a']);
    expect(shift.examples[0]).toMatchObject({
      intention: 'r2',
      before: { finalEmotion: 45 },
      after: { finalEmotion: 50 },
    });
    expect(shift.examples[2]?.after.turns).toHaveLength(2);
  });
});

describe('modeCollapseWarnings', () => {
  const figures = (opening: number, distinct: number, topOpening = 'I hear you') => ({
    topOpening,
    metrics: { 'monitor/top_opening_share': opening, 'monitor/distinct_2': distinct },
  });

  it('should warn when replies collapse onto one opening or the vocabulary narrows', () => {
    const warnings = modeCollapseWarnings(figures(0.04, 0.24), figures(0.34, 0.12, 'You did well'));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('“You did well” starts 34.0 % of replies, was 4.0 %');
    expect(warnings[1]).toContain('distinct-2 0.240 → 0.120, −50 %');
  });

  it('should stay quiet for a run whose replies stay varied', () => {
    expect(modeCollapseWarnings(figures(0.04, 0.24), figures(0.1, 0.2))).toEqual([]);
    expect(modeCollapseWarnings(undefined, figures(0.9, 0.01))).toEqual([]);
  });
});
