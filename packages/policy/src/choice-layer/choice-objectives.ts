/**
 * RL objectives for the choice layer on exact log-probs of a state's finite candidate list.
 * - GRPO: a turn group is K candidates drawn from π at one state, each judged from a clone of the same user state;
 *   advantages are the group's rewards normalised (mean 0, divided by their sd); the step ascends
 *   Σ A_i ∇ log π(c_i) / (number of samples). One step per batch, so the clipped ratio is 1 and drops out.
 * - PPO: the same samples with the trainer's kind of advantage (reward minus a value baseline, normalised over the
 *   batch) and the clipped surrogate min(r A, clip(r, 1 ± ε) A), r = π_w(c|s) / π_old(c|s), for several epochs.
 */
import { InvalidConfigError } from '@rlver/spec';
import type { ChoiceLayer, ChoiceRow, SparseGradient } from './choice-layer';

/** One state's judged samples. */
export interface ChoiceGroup {
  row: ChoiceRow;
  /** Indexes of the sampled candidates in `row`. */
  chosen: readonly number[];
  /** The reward of each sampled candidate. */
  rewards: readonly number[];
  /** log π_old of each sampled candidate (PPO's ratio); filled when the group is collected. */
  oldLogProbs?: readonly number[];
}

function checkGroup(group: ChoiceGroup): void {
  if (group.chosen.length !== group.rewards.length || group.chosen.length === 0)
    throw new InvalidConfigError({
      field: 'group',
      message: `a choice group needs one reward per sampled candidate (got ${group.chosen.length} samples, ${group.rewards.length} rewards)`,
    });
}

/** Group-normalised advantages: (r − mean) / sd; all 0 when the group's rewards are equal. */
export function groupAdvantages(rewards: readonly number[]): number[] {
  const mean = rewards.reduce((s, r) => s + r, 0) / rewards.length;
  const sd = Math.sqrt(rewards.reduce((s, r) => s + (r - mean) ** 2, 0) / rewards.length);
  return rewards.map((r) => (sd > 1e-9 ? (r - mean) / sd : 0));
}

/** One GRPO step over a batch of groups; returns the mean |advantage| used (0: nothing to learn from). */
export function grpoStep(layer: ChoiceLayer, groups: readonly ChoiceGroup[], learningRate: number): number {
  const gradient: SparseGradient = new Map();
  let samples = 0;
  let magnitude = 0;
  for (const group of groups) {
    checkGroup(group);
    const advantages = groupAdvantages(group.rewards);
    group.chosen.forEach((chosen, i) => {
      const a = advantages[i] as number;
      magnitude += Math.abs(a);
      samples += 1;
      if (a !== 0) layer.accumulateLogProbGradient(group.row, chosen, a, gradient);
    });
  }
  if (samples === 0) return 0;
  for (const [index, value] of gradient) gradient.set(index, value / samples);
  layer.ascend(gradient, learningRate);
  return magnitude / samples;
}

export interface PpoOptions {
  learningRate: number;
  /** Clip range ε of the ratio. */
  clip?: number;
  epochs?: number;
  /** Baseline per sample (the trainer's value estimate); the advantage is reward − baseline, batch-normalised. */
  baselines: readonly (readonly number[])[];
}

/** PPO epochs over a batch of groups (each sample one action with its old log-prob); returns the clipped share. */
export function ppoStep(layer: ChoiceLayer, groups: readonly ChoiceGroup[], options: PpoOptions): number {
  const clip = options.clip ?? 0.2;
  const epochs = options.epochs ?? 4;
  const raw: number[] = [];
  groups.forEach((group, g) => {
    checkGroup(group);
    if (!group.oldLogProbs || group.oldLogProbs.length !== group.chosen.length)
      throw new InvalidConfigError({ field: 'oldLogProbs', message: 'PPO needs log π_old of every sampled candidate' });
    group.rewards.forEach((r, i) => {
      raw.push(r - (options.baselines[g]?.[i] ?? 0));
    });
  });
  if (raw.length === 0) return 0;
  const advantages = groupAdvantages(raw);
  let clipped = 0;
  let counted = 0;
  for (let epoch = 0; epoch < epochs; epoch += 1) {
    const gradient: SparseGradient = new Map();
    let k = 0;
    for (const group of groups) {
      const logProbs = layer.logProbs(group.row);
      group.chosen.forEach((chosen, i) => {
        const a = advantages[k] as number;
        k += 1;
        const ratio = Math.exp((logProbs[chosen] as number) - (group.oldLogProbs?.[i] as number));
        // d/dw of min(rA, clip(r)A): r A ∇log π where the unclipped term is the smaller one, else 0.
        const outside = (a > 0 && ratio > 1 + clip) || (a < 0 && ratio < 1 - clip);
        counted += 1;
        if (outside) {
          clipped += 1;
          return;
        }
        if (a !== 0) layer.accumulateLogProbGradient(group.row, chosen, ratio * a, gradient);
      });
    }
    for (const [index, value] of gradient) gradient.set(index, value / raw.length);
    layer.ascend(gradient, options.learningRate);
  }
  return counted > 0 ? clipped / counted : 0;
}
