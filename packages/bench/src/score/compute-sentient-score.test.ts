import { describe, expect, it } from 'vitest';
import { computeRepeatedScore, computeSentientScore, type ScoredEpisode } from './compute-sentient-score';

function episodes(finals: readonly number[], repeat = 0): ScoredEpisode[] {
  return finals.map((finalEmotion, index) => ({ profileId: `p${index}`, finalEmotion, repeat }));
}

describe('computeSentientScore', () => {
  it('should give mean, success and failure counts by the spec thresholds', () => {
    const result = computeSentientScore(episodes([100, 100, 9, 10, 40, 55]));
    expect(result.score).toBe(52.3); // 314 / 6 = 52.33…
    expect(result.success).toBe(2);
    expect(result.failure).toBe(1); // 10 is not a failure (< 10 only)
    expect(result.profiles).toBe(6);
    expect(result.emotionSum).toBe(314);
  });

  it('should score 37.55 as 37.6 and 28.95 as 29.0 (half-up from the integer sum)', () => {
    // 100 profiles summing to 3755 and 2895.
    const first = [...Array(99).fill(37), 3755 - 37 * 99];
    const second = [...Array(99).fill(29), 2895 - 29 * 99];
    expect(computeSentientScore(episodes(first)).score).toBe(37.6);
    expect(computeSentientScore(episodes(second)).score).toBe(29);
  });

  it('should exclude errored and interrupted episodes and list them', () => {
    const input: ScoredEpisode[] = [
      ...episodes([50, 60]),
      { profileId: 'bad', finalEmotion: 5, stopReason: 'error', error: { message: 'simulator gave up' } },
      { profileId: 'cut', finalEmotion: 45, stopReason: 'interrupted' },
    ];
    const result = computeSentientScore(input);
    expect(result.score).toBe(55);
    expect(result.profiles).toBe(2);
    expect(result.failure).toBe(0);
    expect(result.excluded).toEqual([
      { profileId: 'bad', repeat: 0, stopReason: 'error', message: 'simulator gave up' },
      { profileId: 'cut', repeat: 0, stopReason: 'interrupted', message: 'interrupted' },
    ]);
  });

  it('should give a null score when nothing counts', () => {
    const result = computeSentientScore([{ profileId: 'x', finalEmotion: 0, stopReason: 'error' }]);
    expect(result.score).toBeNull();
    expect(result.excluded).toHaveLength(1);
  });
});

describe('computeRepeatedScore', () => {
  it('should give mean ± sample std over repeats', () => {
    const result = computeRepeatedScore([...episodes([40, 60], 0), ...episodes([50, 70], 1), ...episodes([60, 80], 2)]);
    expect(result.repeats).toBe(3);
    expect(result.perRepeat.map((item) => item.score)).toEqual([50, 60, 70]);
    expect(result.score).toEqual({ mean: 60, std: 10 });
    expect(result.success).toEqual({ mean: 0, std: 0 });
  });

  it('should give zeros and a null score for no episodes', () => {
    expect(computeRepeatedScore([])).toMatchObject({ repeats: 0, score: null, success: { mean: 0, std: 0 } });
  });

  it('should report zero spread for a single repeat', () => {
    const result = computeRepeatedScore(episodes([100, 0]));
    expect(result.score).toEqual({ mean: 50, std: 0 });
    expect(result.success).toEqual({ mean: 1, std: 0 });
    expect(result.failure).toEqual({ mean: 1, std: 0 });
  });
});
