import { type Language, STRATEGY_LABELS, type StrategyLabel, type Trajectory } from '@rlver/spec';
import {
  computeEscShares,
  computeLabelDistribution,
  computeStrategyEntropy,
  computeSuggestionBeforeExplorationRate,
  toLabelledDialogues,
} from '@rlver/strategies';

/** Any tagger with a synchronous `tag` (e.g. `createRuleTagger()` of `@rlver/strategies`). */
export interface SyncStrategyTagger {
  readonly taggerId: string;
  tag(text: string, lang?: Language): { labels: readonly StrategyLabel[] };
}

/** How often each support strategy appears in a model's replies (analytics of `@rlver/strategies`). */
export interface StrategyProfile {
  /** Policy replies looked at. */
  turns: number;
  /** Replies carrying each label (a reply may carry several). */
  counts: Record<StrategyLabel, number>;
  /** `counts / turns`, per label. */
  shares: Record<StrategyLabel, number>;
  /** Shannon entropy (bits) of the label shares. */
  entropy: number;
  /** Share of dialogues that suggest (advice) before any exploration (question, listening). */
  suggestionBeforeExplorationRate: number;
  /** Share of replies per ESConv strategy, and share of dialogues reaching each ESC stage. */
  esc: { shares: Record<string, number>; stageCoverage: Record<string, number> };
  /** `trajectory` when every reply carried recorded labels, else the id of the tagger that filled them in. */
  source: string;
}

/**
 * Strategy profile of a set of episodes: labels recorded on the turns (`strategyLabels`) where present,
 * otherwise computed by `tagger`; without a tagger, unlabelled replies are skipped. Null when nothing is labelled.
 */
export function computeStrategyProfile(
  trajectories: readonly Trajectory[],
  tagger?: SyncStrategyTagger,
): StrategyProfile | null {
  let tagged = false;
  const dialogues = tagger
    ? toLabelledDialogues(trajectories, (text, lang) => {
        tagged = true;
        return { labels: [...tagger.tag(text, lang).labels] };
      })
    : trajectories.map((trajectory) =>
        trajectory.turns.filter((turn) => turn.strategyLabels.length > 0).map((turn) => turn.strategyLabels),
      );
  const distribution = computeLabelDistribution(dialogues);
  if (distribution.turnCount === 0) return null;
  const esc = computeEscShares(dialogues);
  const counts = Object.fromEntries(STRATEGY_LABELS.map((label) => [label, distribution.counts[label]])) as Record<
    StrategyLabel,
    number
  >;
  return {
    turns: distribution.turnCount,
    counts,
    shares: distribution.shares,
    entropy: computeStrategyEntropy(distribution.shares),
    suggestionBeforeExplorationRate: computeSuggestionBeforeExplorationRate(dialogues),
    esc: { shares: esc.shares, stageCoverage: esc.stageCoverage },
    source: tagged && tagger ? tagger.taggerId : 'trajectory',
  };
}
