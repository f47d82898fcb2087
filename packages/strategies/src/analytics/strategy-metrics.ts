import { STRATEGY_LABELS } from '@rlver/spec';
import { computeLabelDistribution } from './label-distribution';
import type { LabelledDialogue } from './labelled-dialogue';
import { computeStrategyEntropy } from './strategy-entropy';
import { computeSuggestionBeforeExplorationRate } from './strategy-sequences';

/**
 * Logged metrics of a set of dialogues (keys in the README): `strategies/<label>_fraction`,
 * `strategies/entropy_bits`, `strategies/suggestion_before_exploration_rate`, `strategies/turn_count`.
 */
export function computeStrategyMetrics(dialogues: readonly LabelledDialogue[]): Record<string, number> {
  const distribution = computeLabelDistribution(dialogues);
  const metrics: Record<string, number> = { 'strategies/turn_count': distribution.turnCount };
  for (const label of STRATEGY_LABELS) metrics[`strategies/${label}_fraction`] = distribution.shares[label];
  metrics['strategies/entropy_bits'] = computeStrategyEntropy(distribution.shares);
  metrics['strategies/suggestion_before_exploration_rate'] = computeSuggestionBeforeExplorationRate(dialogues);
  return metrics;
}
