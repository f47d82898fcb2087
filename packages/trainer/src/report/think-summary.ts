import { languageSchema, type Trajectory, thinkFormatOk } from '@rlver/spec';
import { z } from 'zod';

/**
 * Does the reply depend on the think? One language of the check (`measureThinkDependence` in the train app): each
 * held-out opening gets think + reply; for a pair (own, donor) whose replies took different strategies, the reply is
 * written again after the donor's think ("swapped") and after its own think ("control"), with the same sampling
 * seed. A reply that follows its think takes the donor's strategy after the swap more often than in the control.
 */
export const thinkDependenceSchema = z.object({
  lang: languageSchema,
  /** Held-out openings answered. */
  openings: z.number().int().nonnegative(),
  /** Share of those answers in the think-then-say format (`thinkFormatOk`). */
  wellFormed: z.number(),
  /** Pairs tried (well-formed answers whose donor's reply took another strategy). */
  swaps: z.number().int().nonnegative(),
  /** Share of swapped replies that take the donor's strategy. */
  followsSwapped: z.number(),
  /** Share of control replies (own think) that take the donor's strategy: the chance level. */
  followsControl: z.number(),
  /** Share of swapped replies that keep their own reply's strategy. */
  keepsOwnSwapped: z.number(),
  /** Share of control replies that keep their own reply's strategy. */
  keepsOwnControl: z.number(),
});
export type ThinkDependence = z.infer<typeof thinkDependenceSchema>;

/** `summary.json` → `thinkCheck` of a think-then-say run. */
export const thinkSummarySchema = z.object({
  /** Share of held-out replies (all turns) in the think-then-say format, before / after training; null without a benchmark. */
  formatBefore: z.number().nullable(),
  formatAfter: z.number().nullable(),
  /** The think-dependence check on the trained policy, per language; null when it was not run. */
  dependence: z.array(thinkDependenceSchema).nullable(),
});
export type ThinkSummary = z.infer<typeof thinkSummarySchema>;

/** Share of the replies of `trajectories` whose raw output is well-formed think-then-say; null without replies. */
export function thinkFormatShare(trajectories: readonly Pick<Trajectory, 'turns'>[]): number | null {
  const outputs = trajectories.flatMap((trajectory) => trajectory.turns.map((turn) => turn.rawOutput));
  if (outputs.length === 0) return null;
  return outputs.filter((output) => thinkFormatOk(output)).length / outputs.length;
}

/** Pooled over languages (weighted by swaps): follows after the swap, in the control, and the lift in points. */
export function pooledThinkDependence(
  dependence: readonly ThinkDependence[],
): { swaps: number; followsSwapped: number; followsControl: number; lift: number } | null {
  const swaps = dependence.reduce((sum, item) => sum + item.swaps, 0);
  if (swaps === 0) return null;
  const pooled = (read: (item: ThinkDependence) => number) =>
    dependence.reduce((sum, item) => sum + read(item) * item.swaps, 0) / swaps;
  const followsSwapped = pooled((item) => item.followsSwapped);
  const followsControl = pooled((item) => item.followsControl);
  return { swaps, followsSwapped, followsControl, lift: followsSwapped - followsControl };
}

const percent = (share: number | null) => (share === null ? 'n/a' : `${(100 * share).toFixed(1)} %`);

/** The end-of-run lines of a think run: format rate before → after, and the dependence check. */
export function describeThinkSummary(think: ThinkSummary): string[] {
  const lines = [`think format (held-out replies): ${percent(think.formatBefore)} → ${percent(think.formatAfter)}`];
  if (think.dependence === null) return lines;
  const pooled = pooledThinkDependence(think.dependence);
  const perLanguage = think.dependence
    .map(
      (item) => `${item.lang} ${percent(item.followsSwapped)} vs ${percent(item.followsControl)}, ${item.swaps} swaps`,
    )
    .join('; ');
  lines.push(
    pooled === null
      ? `think dependence: no swaps (too few well-formed answers with different strategies; ${perLanguage})`
      : `think dependence: the reply takes the swapped-in think's strategy ${percent(pooled.followsSwapped)} of the time vs ${percent(pooled.followsControl)} after its own think (${pooled.lift >= 0 ? '+' : ''}${(100 * pooled.lift).toFixed(1)} points; ${perLanguage})`,
  );
  return lines;
}
