import type { Trajectory } from '@rlver/spec';
import { mean } from '@rlver/stats';
import type { PackedBatch } from './packing/packed-sample';

function share(values: readonly number[], predicate: (value: number) => boolean): number {
  return values.length === 0 ? 0 : values.filter(predicate).length / values.length;
}

/**
 * `rollout/*` metrics of a batch (spec §6.4). Over the trajectories received: error and empty fractions, sample and
 * token counts, and the training return (`rollout/return_*`: the dialogue reward, or a turn's return under turn
 * credit). Over the non-errored dialogues (`dialogues`, default the trajectories themselves): the dialogue reward the
 * rubric wrote (`rollout/reward_*`), success / failure / positive shares of it, and turns per dialogue. Without turn
 * credit both sets are the same trajectories.
 */
export function computeRolloutMetrics(
  trajectories: readonly Trajectory[],
  packed: PackedBatch,
  dialogues: readonly Trajectory[] = trajectories,
): Record<string, number> {
  const usable = dialogues.filter((trajectory) => trajectory.stopReason !== 'error');
  const rewards = usable.map((trajectory) => trajectory.reward);
  const rewardMean = mean(rewards);
  const returns = trajectories
    .filter((trajectory) => trajectory.stopReason !== 'error')
    .map((trajectory) => trajectory.reward);
  const returnMean = mean(returns);
  const policyTokens = packed.samples.reduce(
    (total, sample) => total + sample.lossMask.reduce((sum, flag) => sum + flag, 0),
    0,
  );
  return {
    'rollout/trajectories': packed.totalCount,
    'rollout/error_fraction': packed.errorCount / Math.max(packed.totalCount, 1),
    'rollout/empty_fraction': packed.emptyCount / Math.max(packed.totalCount, 1),
    'rollout/reward_mean': rewardMean,
    'rollout/reward_std': Math.sqrt(mean(rewards.map((reward) => (reward - rewardMean) ** 2))),
    'rollout/return_mean': returnMean,
    'rollout/return_std': Math.sqrt(mean(returns.map((value) => (value - returnMean) ** 2))),
    'rollout/success_fraction': share(rewards, (reward) => reward >= 1),
    'rollout/failure_fraction': share(rewards, (reward) => reward < 0.1),
    'rollout/positive_fraction': share(rewards, (reward) => reward > 0.4),
    'rollout/turns_mean': mean(usable.map((trajectory) => trajectory.turns.length)),
    'rollout/samples': packed.samples.length,
    'rollout/policy_tokens_mean': packed.dialogues.length === 0 ? 0 : policyTokens / packed.dialogues.length,
  };
}

/** Mean |sampled − recomputed| log-prob over policy tokens: how far the sampler's numbers drift from training's. */
export function meanLogProbDrift(
  lossMasks: ReadonlyArray<readonly number[]>,
  sampledLogProbs: ReadonlyArray<readonly number[]>,
  recomputedLogProbs: ReadonlyArray<readonly number[]>,
): number {
  let total = 0;
  let count = 0;
  lossMasks.forEach((mask, row) => {
    mask.forEach((flag, position) => {
      if (flag === 0) return;
      total += Math.abs((sampledLogProbs[row]?.[position] ?? 0) - (recomputedLogProbs[row]?.[position] ?? 0));
      count += 1;
    });
  });
  return count === 0 ? 0 : total / count;
}
