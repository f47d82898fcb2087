import { InvalidConfigError, type Trajectory } from '@rlver/spec';
import { mean } from '@rlver/stats';
import { type ReplyAuditSummary, summarizeReplyAudits } from '@rlver/text-quality';
import type { RewardDialogue, RewardTerm, RewardTurn, RubricBatch } from './reward-term';

/** Emotion points per unit of reward: turn credit is counted in points and divided once, at the end. */
export const POINTS_PER_REWARD = 100;

/** A dialogue's reward and the value of each of its dialogue-level terms (by name). */
export interface DialogueScore {
  reward: number;
  terms: Record<string, number>;
}

/** The reward of a run: an ordered list of weighted terms, and how credit is assigned to turns. */
export interface Rubric {
  readonly terms: readonly RewardTerm[];
  /** Turn-level credit: γ of the discounted turn returns; null = every sample carries the dialogue's reward. */
  readonly turnCreditDiscount: number | null;
  /** The dialogue's reward, `Σ weight × scoreDialogue` in list order, with every dialogue term's value. */
  scoreDialogue(dialogue: RewardDialogue): DialogueScore;
  /** A turn's own credit in reward units, `Σ weight × scoreTurn / 100` (the env's per-turn step reward). */
  scoreTurn(turn: RewardTurn, dialogue: RewardDialogue): number;
  /** The trajectory with its reward written by `scoreDialogue` (the one place a trajectory's reward is set). */
  withReward<T extends Trajectory>(trajectory: T): T;
  /**
   * What the algorithm trains on. Without turn credit: the dialogues as they are. With it: one single-turn
   * trajectory per credited turn (`<episode>/turn-<k>`, its judged alternatives `…/alt-<m>` in the same group) whose
   * reward is its discounted return; errored dialogues pass through unchanged.
   */
  trainingSamples(trajectories: readonly Trajectory[]): Trajectory[];
  /**
   * Every term's value over a batch (dialogues, or a batch from `createRubricBatch`): `<group>/<name>` → the batch
   * value, else the mean dialogue value over non-errored dialogues, else the mean turn credit in reward units.
   */
  logBatch(dialogues: readonly RewardDialogue[] | RubricBatch): Record<string, number>;
}

export interface CreateRubricOptions {
  terms: readonly RewardTerm[];
  turnCreditDiscount?: number | null;
}

const SNAKE_CASE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

function validateTerms(terms: readonly RewardTerm[], discount: number | null): void {
  const names = new Set<string>();
  for (const term of terms) {
    const key = termKey(term);
    const problem = !SNAKE_CASE.test(term.name)
      ? `term "${term.name}": use a snake_case name (letters, digits, "_")`
      : names.has(term.name)
        ? `term "${term.name}" is defined twice; give each term its own name`
        : !Number.isFinite(term.weight)
          ? `term "${key}" has weight ${term.weight}; use a finite number`
          : term.group === 'monitor' && term.weight !== 0
            ? `term "${key}" is a monitor with weight ${term.weight}; monitors have weight 0 (use group "reward" to reward it)`
            : !term.scoreDialogue && !term.scoreTurn && !term.scoreBatch
              ? `term "${key}" defines no score function; give it scoreDialogue, scoreTurn or scoreBatch`
              : undefined;
    if (problem) throw new InvalidConfigError({ field: `rubric.${term.name}`, message: problem });
    names.add(term.name);
  }
  if (discount !== null && !(discount >= 0 && discount <= 1)) {
    throw new InvalidConfigError({
      field: 'turnCreditDiscount',
      message: `turnCreditDiscount is ${discount}; set it in [0, 1] or to null (no turn-level credit)`,
    });
  }
}

/** The metric key of a term: `<group>/<name>`, e.g. `reward/final_emotion`, `monitor/distinct_2`. */
export const termKey = (term: Pick<RewardTerm, 'name' | 'group'>): string => `${term.group ?? 'reward'}/${term.name}`;

/** The batch a monitor sees: non-errored dialogues, their non-empty replies (alternatives included), audited once. */
export function createRubricBatch(dialogues: readonly RewardDialogue[]): RubricBatch {
  const usable = dialogues.filter((dialogue) => dialogue.stopReason !== 'error');
  const replies = usable.flatMap((dialogue) =>
    dialogue.turns
      .flatMap((turn) => [turn, ...(turn.alternatives ?? [])])
      .filter((turn) => turn.reply.trim() !== '')
      .map((turn) => ({ text: turn.reply, lang: dialogue.lang })),
  );
  let summary: ReplyAuditSummary | undefined;
  return {
    dialogues: usable,
    replies,
    replySummary: () => {
      summary ??= summarizeReplyAudits(replies);
      return summary;
    },
  };
}

/**
 * Build a rubric from an ordered list of terms (verifiers' `Rubric`). Throws `InvalidConfigError` for a name that
 * is not snake_case or is used twice, a non-finite weight, a weighted monitor, or a discount outside [0, 1].
 */
export function createRubric(options: CreateRubricOptions): Rubric {
  const terms = [...options.terms];
  const discount = options.turnCreditDiscount ?? null;
  validateTerms(terms, discount);
  const weighted = terms.filter((term) => term.weight !== 0);

  const scoreDialogue = (dialogue: RewardDialogue): DialogueScore => {
    let reward = 0;
    const values: Record<string, number> = {};
    for (const term of terms) {
      if (!term.scoreDialogue) continue;
      const value = term.scoreDialogue(dialogue, reward);
      values[term.name] = value;
      if (term.weight !== 0) reward += term.weight * value;
    }
    return { reward, terms: values };
  };

  /** The turn's points, or null when no weighted term credits it. */
  const turnPoints = (turn: RewardTurn, dialogue: RewardDialogue): number | null => {
    let points: number | null = null;
    for (const term of weighted) {
      const value = term.scoreTurn?.(turn, dialogue) ?? null;
      if (value !== null) points = (points ?? 0) + term.weight * value;
    }
    return points;
  };

  const splitIntoTurnReturns = (trajectory: Trajectory, gamma: number): Trajectory[] => {
    if (trajectory.stopReason === 'error') return [trajectory];
    const credited = trajectory.turns.flatMap((turn) => {
      const points = turnPoints(turn, trajectory);
      return points === null ? [] : [{ turn, points }];
    });
    // Returns in points, from the last credited turn back: R_k = points_k + γ R_{k+1}.
    const returns = new Array<number>(credited.length + 1).fill(0);
    for (let index = credited.length - 1; index >= 0; index -= 1) {
      returns[index] = (credited[index]?.points ?? 0) + gamma * (returns[index + 1] ?? 0);
    }
    return credited.flatMap(({ turn, points }, index) => {
      const episodeId = `${trajectory.episodeId}/turn-${turn.index}`;
      const continuation = gamma * (returns[index + 1] ?? 0);
      const alternatives = (turn.alternatives ?? []).flatMap((alternative) => {
        const alternativePoints = turnPoints(alternative, trajectory);
        return alternativePoints === null ? [] : [{ alternative, points: alternativePoints }];
      });
      const { alternatives: _alternatives, ...continuing } = turn;
      const groupId = alternatives.length > 0 ? episodeId : trajectory.groupId;
      const single = (member: RewardTurn, id: string, ownPoints: number): Trajectory => ({
        ...trajectory,
        episodeId: id,
        groupId,
        turns: [member],
        reward: (ownPoints + continuation) / POINTS_PER_REWARD,
      });
      return [
        single(continuing, episodeId, points),
        ...alternatives.map((item, member) => single(item.alternative, `${episodeId}/alt-${member}`, item.points)),
      ];
    });
  };

  return {
    terms,
    turnCreditDiscount: discount,
    scoreDialogue,
    scoreTurn: (turn, dialogue) => (turnPoints(turn, dialogue) ?? 0) / POINTS_PER_REWARD,
    withReward: (trajectory) => ({ ...trajectory, reward: scoreDialogue(trajectory).reward }),
    trainingSamples: (trajectories) =>
      discount === null
        ? [...trajectories]
        : trajectories.flatMap((trajectory) => splitIntoTurnReturns(trajectory, discount)),
    logBatch(input) {
      const batch = 'replySummary' in input ? input : createRubricBatch(input);
      const scores = batch.dialogues.map(scoreDialogue);
      const metrics: Record<string, number> = {};
      for (const term of terms) {
        const key = termKey(term);
        if (term.scoreBatch) metrics[key] = term.scoreBatch(batch);
        else if (term.scoreDialogue) metrics[key] = mean(scores.map((score) => score.terms[term.name] ?? 0));
        else {
          const credits = batch.dialogues.flatMap((dialogue) =>
            dialogue.turns.flatMap((turn) => term.scoreTurn?.(turn, dialogue) ?? []),
          );
          metrics[key] = mean(credits) / POINTS_PER_REWARD;
        }
      }
      return metrics;
    },
  };
}
