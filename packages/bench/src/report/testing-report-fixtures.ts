import type { StrategyLabel, Trajectory } from '@rlver/spec';
import { syntheticTrajectory } from '../testing/synthetic-trajectory';
import type { ReportRun } from './render-report';
import type { TrainingSeries } from './training-series';

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32) for fixtures. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** A synthetic training run of `steps` steps: emotion and reward rising with noise, monitors, strategy shares. */
export function syntheticTrainingSeries(label: string, steps: number, seed: number): TrainingSeries {
  const next = random(seed);
  const lines = Array.from({ length: steps }, (_, step) => {
    const progress = step / Math.max(1, steps - 1);
    const emotion = 30 + 25 * progress + (next() - 0.5) * 20;
    return {
      step,
      'rollout/emotion_final': emotion,
      'reward/final_emotion': emotion / 100,
      'reward/floor': -0.1 * (1 - progress) * next(),
      'reward/empty_reply': -0.02 * next(),
      'dialogue/success_fraction': Math.min(1, 0.1 + 0.3 * progress * next()),
      'dialogue/failure_fraction': Math.max(0, 0.4 - 0.3 * progress + (next() - 0.5) * 0.1),
      'monitor/degenerate_fraction': 0.05 + 0.1 * progress * next(),
      'monitor/degenerate_repetition_fraction': 0.03 * progress * next(),
      'monitor/top_opening_share': 0.1 + 0.3 * progress,
      'monitor/distinct_2': 0.8 - 0.2 * progress + (next() - 0.5) * 0.05,
      'strategies/praise_fraction': 0.2 + 0.4 * progress,
      'strategies/active_listening_fraction': 0.3 - 0.1 * progress,
      'strategies/advice_fraction': 0.3 * (1 - progress),
      'grpo/approx_kl': 0.01 * progress * next(),
      'grpo/entropy': 2.5 - progress,
      'perf/rollout_seconds': 3,
    };
  });
  return { label, simulator: 'offline', steps: lines };
}

const REPLIES = ['I hear how heavy this is.', 'That sounds exhausting.', 'You did well to say it.', 'Try a list.'];
const LABELS: StrategyLabel[] = ['deep_empathy', 'validation', 'praise', 'advice'];

/** A synthetic benchmark run of `dialogues` dialogues with mixed outcomes (success, failure, middle, error). */
export function syntheticBenchmarkRun(label: string, dialogues: number, seed: number): ReportRun {
  const next = random(seed);
  const trajectories: Trajectory[] = Array.from({ length: dialogues }, (_, index) => {
    const target = index % 7 === 6 ? 100 : index % 5 === 4 ? 0 : 20 + Math.floor(next() * 70);
    const turns = Array.from({ length: 4 }, (_, turn) => ({
      reply: `${REPLIES[(index + turn) % REPLIES.length]} (${label}, dialogue ${index}, turn ${turn + 1})`,
      emotion: Math.round(40 + ((target - 40) * (turn + 1)) / 4),
      labels: [LABELS[(index + turn) % LABELS.length] as StrategyLabel],
      userMessage: `Answer ${turn + 1} of the user in dialogue ${index}.`,
    }));
    if (index % 11 === 10)
      return syntheticTrajectory({ profileId: `p${index}`, turns: [], stopReason: 'error', error: 'HTTP 500' });
    return syntheticTrajectory({
      profileId: `p${index}`,
      turns,
      stopReason: target >= 100 ? 'ceiling' : target < 10 ? 'floor' : 'max_turns',
      policyId: label,
    });
  });
  return { label, trajectories };
}
