import type { Trajectory, TrajectoryAlternativeTurn, TrajectoryTurn } from '@rlver/spec';

/** Options of {@link splitIntoTurnReturns}. */
export interface TurnReturnOptions {
  /**
   * Emotion a dialogue ended by an empty visible reply (`policy_empty`) counts as (`emptyReplyReward` × 100): the
   * empty turn is trained with the change from the emotion before it to this value, so saying nothing never
   * escapes the changes still to come. `null`: the empty turn is dropped (the reference keeps the emotion).
   */
  emptyReplyEmotion: number | null;
}

/** The turns that carry credit: judged ones, plus the empty final reply of a `policy_empty` dialogue. */
function creditedTurns(trajectory: Trajectory, options: TurnReturnOptions): TrajectoryTurn[] {
  const judged = trajectory.turns.filter((turn) => turn.scored);
  const last = trajectory.turns.at(-1);
  if (trajectory.stopReason !== 'policy_empty' || options.emptyReplyEmotion === null || !last || last.scored)
    return judged;
  return [...judged, { ...last, delta: options.emptyReplyEmotion - last.emotion }];
}

/**
 * Turn-level credit assignment (spec §6.7 c): split each dialogue into one single-turn trajectory per judged
 * policy turn whose reward is the discounted sum of the emotion changes from that turn on,
 * `G_k = Σ_{j ≥ k} γ^(j−k) Δ_j / 100`. With per-turn packing every turn-sample then carries its own return, and the
 * tokens trained on stay exactly the generated ones. Unjudged turns (the unscored final reply) are dropped;
 * errored dialogues pass through unchanged (the algorithms skip them). A `policy_empty` ending is credited as
 * a change to `emptyReplyEmotion` (consistent with the terminal `emptyReplyReward`).
 *
 * Branching rollouts: a turn with `alternatives` becomes a turn-level group (`groupId` `<episode>/turn-<k>`) of
 * the continuing reply and its judged alternatives. An alternative's return is its own change plus the
 * continuing reply's discounted future, `(Δ_alt + γ G_{k+1}) / 100` — the same continuation for every member,
 * so within the group only the replies' own effects differ.
 */
export function splitIntoTurnReturns(
  trajectories: readonly Trajectory[],
  discount: number,
  options: TurnReturnOptions = { emptyReplyEmotion: 0 },
): Trajectory[] {
  return trajectories.flatMap((trajectory) => {
    if (trajectory.stopReason === 'error') return [trajectory];
    const judged = creditedTurns(trajectory, options);
    const returns = new Array<number>(judged.length + 1).fill(0);
    for (let index = judged.length - 1; index >= 0; index -= 1) {
      returns[index] = (judged[index]?.delta ?? 0) + discount * (returns[index + 1] ?? 0);
    }
    return judged.flatMap((turn, index) => {
      const episodeId = `${trajectory.episodeId}/turn-${turn.index}`;
      const alternatives = (turn.alternatives ?? []).filter((alternative) => alternative.scored);
      const { alternatives: _alternatives, ...continuing } = turn;
      const groupId = alternatives.length > 0 ? episodeId : trajectory.groupId;
      const single = (member: TrajectoryAlternativeTurn, id: string, delta: number): Trajectory => ({
        ...trajectory,
        episodeId: id,
        groupId,
        turns: [member],
        reward: (delta + discount * (returns[index + 1] ?? 0)) / 100,
      });
      return [
        single(continuing, episodeId, continuing.delta),
        ...alternatives.map((alternative, member) =>
          single(alternative, `${episodeId}/alt-${member}`, alternative.delta),
        ),
      ];
    });
  });
}
