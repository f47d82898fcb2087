import { describe, expect, it } from 'vitest';
import { stepProgressFields } from './step-progress-fields';

describe('stepProgressFields', () => {
  it('should show the degenerate share next to the reward', () => {
    const fields = stepProgressFields({
      'rollout/reward_mean': 0.31,
      'rollout/emotion_final': 31,
      'monitor/degenerate_fraction': 0.124,
    });
    expect(fields).toEqual({ reward: 0.31, emotion: 31, degenerate: '12%' });
  });
});
