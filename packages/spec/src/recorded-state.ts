import type { EmotionBand } from './emotion';
import { recordedChange } from './transcript-record';
import type { SimulatorMessage, SimulatorState, SimulatorTurnResult } from './user-simulator-v1';

/** The emotion band of a score (spec §3.2): S = 100, A 70–99, B 40–69, C 10–39, F < 10. */
export function bandOf(emotion: number): EmotionBand {
  if (emotion >= 100) return 'S';
  if (emotion >= 70) return 'A';
  if (emotion >= 40) return 'B';
  if (emotion >= 10) return 'C';
  return 'F';
}

/** Memory blocks in `extra` that keep the changes applied so far as `deltas` get the recorded ones. */
function withRecordedDeltas(extra: Record<string, unknown>, before: readonly SimulatorMessage[]) {
  const deltas = before.map(recordedChange).filter((change): change is number => change !== undefined);
  const entries = Object.entries(extra).map(([key, memory]) =>
    typeof memory === 'object' && memory !== null && Array.isArray((memory as { deltas?: unknown }).deltas)
      ? [key, { ...memory, deltas }]
      : [key, memory],
  );
  return Object.fromEntries(entries) as Record<string, unknown>;
}

/**
 * The state a simulated user is in just before judging the reply that follows `before` in a recorded dialogue
 * (teacher forcing): the recorded history, the recorded score of the last user message, and, for a simulator
 * whose `extra` keeps the changes applied so far as `extra.<name>.deltas` (the offline user's
 * `extra.offline.deltas`), the recorded earlier changes. `start` is the state `doStart` returned for the profile.
 */
export function recordedStateAt(start: SimulatorState, before: readonly SimulatorMessage[]): SimulatorState {
  const lastUser = [...before].reverse().find((entry) => entry.role === 'user');
  const emotion = lastUser?.['emotion-point'] ?? start.emotion;
  return {
    ...start,
    history: [...before],
    emotion,
    band: bandOf(emotion),
    turn: before.filter((entry) => entry.role === 'assistant').length,
    extra: withRecordedDeltas(start.extra, before),
  };
}

/**
 * The change a simulated user gave a reply: its proposed change before clamps and cap (`planning.proposed` of the
 * user message it appended) when it reports one, else the applied `delta`.
 */
export function proposedChangeOf(outcome: Pick<SimulatorTurnResult, 'delta' | 'state'>): number {
  const proposed = outcome.state.history.at(-1)?.planning?.proposed;
  return typeof proposed === 'number' && Number.isFinite(proposed) ? proposed : outcome.delta;
}
