import type { Trajectory } from '@rlver/spec';

/**
 * Turn-level credit assignment (spec §6.7 c): split each dialogue into one single-turn trajectory per judged
 * policy turn whose reward is the discounted sum of the emotion changes from that turn on,
 * `Σ_{j ≥ k} γ^(j−k) Δ_j / 100`. With per-turn packing every turn-sample then carries its own return, and the
 * tokens trained on stay exactly the generated ones. Unjudged turns (the unscored final reply) are dropped;
 * errored dialogues pass through unchanged (the algorithms skip them).
 */
export function splitIntoTurnReturns(trajectories: readonly Trajectory[], discount: number): Trajectory[] {
  return trajectories.flatMap((trajectory) => {
    if (trajectory.stopReason === 'error') return [trajectory];
    const judged = trajectory.turns.filter((turn) => turn.scored);
    const returns = new Array<number>(judged.length).fill(0);
    let future = 0;
    for (let index = judged.length - 1; index >= 0; index -= 1) {
      future = (judged[index]?.delta ?? 0) + discount * future;
      returns[index] = future / 100;
    }
    return judged.map((turn, index) => ({
      ...trajectory,
      episodeId: `${trajectory.episodeId}/turn-${turn.index}`,
      turns: [turn],
      reward: returns[index] ?? 0,
    }));
  });
}
