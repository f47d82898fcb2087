import { STRATEGY_LABELS, type StrategyLabel } from '@rlver/spec';
import type { LabelledDialogue } from './labelled-dialogue';

/** Share of assistant turns carrying each label (multi-label: shares need not sum to 1). */
export interface LabelDistribution {
  /** Assistant turns counted (turns with no labels included). */
  turnCount: number;
  /** Turns carrying the label. */
  counts: Record<StrategyLabel, number>;
  /** `counts / turnCount`; 0 for every label when there are no turns. */
  shares: Record<StrategyLabel, number>;
}

function zeroes(): Record<StrategyLabel, number> {
  return Object.fromEntries(STRATEGY_LABELS.map((label) => [label, 0])) as Record<StrategyLabel, number>;
}

/** Label distribution over every assistant turn of a set of dialogues. */
export function computeLabelDistribution(dialogues: readonly LabelledDialogue[]): LabelDistribution {
  const counts = zeroes();
  let turnCount = 0;
  for (const dialogue of dialogues) {
    for (const turn of dialogue) {
      turnCount += 1;
      for (const label of new Set(turn)) counts[label] += 1;
    }
  }
  const shares = zeroes();
  if (turnCount > 0) for (const label of STRATEGY_LABELS) shares[label] = counts[label] / turnCount;
  return { turnCount, counts, shares };
}

/** Per-label change of share between two sets of dialogues (e.g. before and after training). */
export interface StrategyShift {
  before: LabelDistribution;
  after: LabelDistribution;
  /** `after.shares[label] - before.shares[label]`. */
  difference: Record<StrategyLabel, number>;
}

/** Shift of the label distribution from `before` to `after`. */
export function computeStrategyShift(
  before: readonly LabelledDialogue[],
  after: readonly LabelledDialogue[],
): StrategyShift {
  const beforeDistribution = computeLabelDistribution(before);
  const afterDistribution = computeLabelDistribution(after);
  const difference = zeroes();
  for (const label of STRATEGY_LABELS) {
    difference[label] = afterDistribution.shares[label] - beforeDistribution.shares[label];
  }
  return { before: beforeDistribution, after: afterDistribution, difference };
}
