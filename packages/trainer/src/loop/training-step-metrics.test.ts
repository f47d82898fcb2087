import { createRlverRubric } from '@rlver/reward';
import type { Trajectory } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { computeTrainingStepMetrics } from './training-step-metrics';

/** A one-turn dialogue whose policy wrote `rawOutput` (the think split is what the env would record). */
function dialogue(profileId: string, rawOutput: string, think: string | null, reply: string): Trajectory {
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
    turns: [
      {
        index: 1,
        rawOutput,
        reply,
        think,
        userMessage: 'user 1',
        emotion: 50,
        delta: 10,
        band: 'B',
        innerThoughts: '',
        strategyLabels: [],
        scored: true,
        promptTokenCount: 3,
        outputTokenCount: 5,
        policyLatencyMs: 0,
        simulatorLatencyMs: 0,
        simulatorCalls: 0,
      },
    ],
    finalEmotion: 50,
    reward: 0.5,
    stopReason: 'max_turns',
    truncated: false,
    startedAt: '2026-11-26T00:00:00.000Z',
    durationMs: 0,
  };
}

const rubric = createRlverRubric({
  rewardFloor: null,
  emptyReplyReward: null,
  turnCreditDiscount: null,
  thinkFormatPenalty: 0.1,
});
const metricsOf = (trajectories: Trajectory[]) =>
  computeTrainingStepMetrics(trajectories, { rolloutSeconds: 1, updateSeconds: 1 }, 1, rubric);

describe('computeTrainingStepMetrics: think format', () => {
  it('should count only outputs in the think-then-say format, as the reward term and the summary do', () => {
    const metrics = metricsOf([
      dialogue('well-formed', '<think>\nshe is hurt\n</think>\nThat sounds hard.', 'she is hurt', 'That sounds hard.'),
      // A think block that does not open the output: the env still splits a think off, the format is broken.
      dialogue('late-think', 'Hi. <think>x</think> That sounds hard.', 'x', 'That sounds hard.'),
      // Two think blocks.
      dialogue('two-thinks', '<think>a</think><think>b</think>Okay.', 'b', 'Okay.'),
      dialogue('no-think', 'That sounds hard.', null, 'That sounds hard.'),
    ]);
    expect(metrics['rollout/think_format_fraction']).toBe(0.25);
    expect(metrics['reward/think_format']).toBeDefined();
  });
});
