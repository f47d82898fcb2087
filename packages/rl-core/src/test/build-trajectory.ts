import type { StopReason, Trajectory, TrajectoryTurn } from '@rlver/spec';
import { bandOf } from '@rlver/spec';

/** Token record of one synthetic turn. */
export interface SyntheticTurn {
  promptIds: number[];
  outputIds: number[];
  /** Defaults to −1 per output token. */
  logProbs?: number[];
}

/** A schema-valid trajectory around given token records (for packing and algorithm tests). */
export function buildTrajectory(options: {
  episodeId: string;
  turns: SyntheticTurn[];
  reward: number;
  groupId?: string;
  stopReason?: StopReason;
  seed?: number;
}): Trajectory {
  const finalEmotion = Math.round(options.reward * 100);
  const turns: TrajectoryTurn[] = options.turns.map((turn, index) => ({
    index: index + 1,
    rawOutput: turn.outputIds.join(' '),
    reply: turn.outputIds.join(' '),
    think: null,
    userMessage: index + 1 < options.turns.length ? `user message ${index + 2}` : null,
    emotion: finalEmotion,
    delta: 0,
    band: bandOf(finalEmotion),
    innerThoughts: '',
    strategyLabels: [],
    scored: true,
    promptTokenCount: turn.promptIds.length,
    outputTokenCount: turn.outputIds.length,
    policyLatencyMs: 0,
    simulatorLatencyMs: 0,
    simulatorCalls: 0,
    tokens: {
      promptIds: turn.promptIds,
      outputIds: turn.outputIds,
      logProbs: turn.logProbs ?? turn.outputIds.map(() => -1),
    },
  }));
  return {
    schemaVersion: 1,
    episodeId: options.episodeId,
    profileId: 'synthetic-profile',
    lang: 'en',
    seed: options.seed ?? 0,
    ...(options.groupId === undefined ? {} : { groupId: options.groupId }),
    preset: 'rlver-train',
    policyId: 'tiny',
    simulatorId: 'scripted',
    systemPrompt: 'synthetic system prompt',
    opening: { message: 'synthetic opener', emotion: 30 },
    turns,
    finalEmotion,
    reward: options.reward,
    stopReason: options.stopReason ?? 'max_turns',
    truncated: (options.stopReason ?? 'max_turns') === 'max_turns',
    ...(options.stopReason === 'error' ? { error: { name: 'SyntheticError', message: 'synthetic failure' } } : {}),
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 0,
  };
}
