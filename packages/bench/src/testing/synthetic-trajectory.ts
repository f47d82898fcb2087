import type { StopReason, StrategyLabel, Trajectory } from '@rlver/spec';

/** One synthetic policy turn: the reply, and the emotion after it (null = not judged). */
export interface SyntheticTurn {
  reply: string;
  emotion: number | null;
  userMessage?: string;
  labels?: StrategyLabel[];
}

/** A schema-valid synthetic trajectory for tests (our own text; nothing from reference data). */
export function syntheticTrajectory(options: {
  profileId: string;
  turns: readonly SyntheticTurn[];
  stopReason: StopReason;
  opening?: number;
  repeat?: number;
  policyId?: string;
  simulatorId?: string;
  error?: string;
}): Trajectory {
  const opening = options.opening ?? 40;
  let emotion = opening;
  const turns = options.turns.map((turn, index) => {
    const previous = emotion;
    if (turn.emotion !== null) emotion = turn.emotion;
    return {
      index: index + 1,
      rawOutput: turn.reply,
      reply: turn.reply,
      think: null,
      userMessage: turn.emotion === null ? null : (turn.userMessage ?? `user answer ${index + 1}`),
      emotion,
      delta: emotion - previous,
      band: emotion >= 100 ? 'S' : emotion >= 70 ? 'A' : emotion >= 40 ? 'B' : emotion >= 10 ? 'C' : 'F',
      innerThoughts: turn.emotion === null ? '' : `thinking about reply ${index + 1}`,
      strategyLabels: turn.labels ?? [],
      scored: turn.emotion !== null,
      promptTokenCount: 0,
      outputTokenCount: 0,
      policyLatencyMs: 1,
      simulatorLatencyMs: 1,
      simulatorCalls: turn.emotion === null ? 0 : 2,
    } satisfies Trajectory['turns'][number];
  });
  return {
    schemaVersion: 1,
    episodeId: `${options.profileId}#${options.repeat ?? 0}`,
    profileId: options.profileId,
    lang: 'en',
    seed: 1,
    ...(options.repeat === undefined ? {} : { repeat: options.repeat }),
    preset: 'sage',
    policyId: options.policyId ?? 'scripted',
    simulatorId: options.simulatorId ?? 'offline',
    systemPrompt: 'be kind',
    opening: { message: 'I had a rough week at the bakery.', emotion: opening },
    turns,
    finalEmotion: emotion,
    reward: Math.max(emotion / 100, 0),
    stopReason: options.stopReason,
    truncated: options.stopReason === 'max_turns',
    ...(options.error ? { error: { name: 'RLVER_LLMCallError', message: options.error } } : {}),
    startedAt: '2025-01-01T00:00:00.000Z',
    durationMs: 10,
  };
}
