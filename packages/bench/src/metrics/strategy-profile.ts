import { type Language, STRATEGY_LABELS, type StrategyLabel, type Trajectory } from '@rlver/spec';

/** Any tagger with a synchronous `tag` (e.g. `createRuleTagger()` of `@rlver/strategies`). */
export interface SyncStrategyTagger {
  readonly taggerId: string;
  tag(text: string, lang?: Language): { labels: readonly StrategyLabel[] };
}

/** How often each support strategy appears in a model's replies. */
export interface StrategyProfile {
  /** Policy replies looked at. */
  turns: number;
  /** Replies carrying each label (a reply may carry several). */
  counts: Record<StrategyLabel, number>;
  /** `counts / turns`, per label. */
  shares: Record<StrategyLabel, number>;
  /** Shannon entropy (bits) of the label distribution (counts normalised over all labels). */
  entropy: number;
  /** `trajectory` when labels came from the trajectories, else the tagger id. */
  source: string;
}

function emptyCounts(): Record<StrategyLabel, number> {
  return Object.fromEntries(STRATEGY_LABELS.map((label) => [label, 0])) as Record<StrategyLabel, number>;
}

/**
 * Strategy profile of a set of episodes: labels recorded on the turns (`strategyLabels`) when present,
 * otherwise computed by `tagger`. Without either, returns null.
 */
export function computeStrategyProfile(
  trajectories: readonly Trajectory[],
  tagger?: SyncStrategyTagger,
): StrategyProfile | null {
  const counts = emptyCounts();
  let turns = 0;
  let usedTagger = false;
  for (const trajectory of trajectories) {
    for (const turn of trajectory.turns) {
      let labels: readonly StrategyLabel[] = turn.strategyLabels;
      if (labels.length === 0) {
        if (!tagger) continue;
        labels = tagger.tag(turn.reply, trajectory.lang).labels;
        usedTagger = true;
      }
      turns += 1;
      for (const label of new Set(labels)) counts[label] += 1;
    }
  }
  if (turns === 0) return null;
  const total = Object.values(counts).reduce((sum, value) => sum + value, 0);
  let entropy = 0;
  for (const value of Object.values(counts)) {
    if (value > 0) entropy -= (value / total) * Math.log2(value / total);
  }
  const shares = Object.fromEntries(STRATEGY_LABELS.map((label) => [label, counts[label] / turns])) as Record<
    StrategyLabel,
    number
  >;
  return { turns, counts, shares, entropy, source: usedTagger && tagger ? tagger.taggerId : 'trajectory' };
}
