import { STRATEGY_LABELS, type StrategyLabel } from '@rlver/spec';

/** Precision, recall and F1 of one label (or micro-averaged over all labels). */
export interface LabelScore {
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  /** `tp / (tp + fp)`; 0 when nothing was predicted. */
  precision: number;
  /** `tp / (tp + fn)`; 0 when the label never occurs. */
  recall: number;
  /** Harmonic mean of precision and recall; 0 when both are 0. */
  f1: number;
  /** Gold occurrences (`tp + fn`). */
  support: number;
}

export interface MultiLabelScores {
  perLabel: Record<StrategyLabel, LabelScore>;
  /** Counts pooled over labels, then scored. */
  micro: LabelScore;
  /** Unweighted mean F1 over labels with support > 0. */
  macroF1: number;
  /** Share of items whose predicted label set equals the gold set exactly. */
  exactMatch: number;
}

function score(truePositives: number, falsePositives: number, falseNegatives: number): LabelScore {
  const precision = truePositives + falsePositives === 0 ? 0 : truePositives / (truePositives + falsePositives);
  const recall = truePositives + falseNegatives === 0 ? 0 : truePositives / (truePositives + falseNegatives);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return {
    truePositives,
    falsePositives,
    falseNegatives,
    precision,
    recall,
    f1,
    support: truePositives + falseNegatives,
  };
}

/** Score multi-label predictions against gold label sets (item `i` of both arrays is the same reply). */
export function computeMultiLabelScores(
  gold: ReadonlyArray<readonly StrategyLabel[]>,
  predicted: ReadonlyArray<readonly StrategyLabel[]>,
): MultiLabelScores {
  const counts = new Map(STRATEGY_LABELS.map((label) => [label, { tp: 0, fp: 0, fn: 0 }]));
  let exact = 0;
  gold.forEach((goldLabels, index) => {
    const goldSet = new Set(goldLabels);
    const predictedSet = new Set(predicted[index] ?? []);
    let same = goldSet.size === predictedSet.size;
    for (const label of STRATEGY_LABELS) {
      const count = counts.get(label);
      if (!count) continue;
      if (goldSet.has(label) && predictedSet.has(label)) count.tp += 1;
      else if (predictedSet.has(label)) {
        count.fp += 1;
        same = false;
      } else if (goldSet.has(label)) count.fn += 1;
    }
    if (same) exact += 1;
  });
  const perLabel = {} as Record<StrategyLabel, LabelScore>;
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const [label, count] of counts) {
    perLabel[label] = score(count.tp, count.fp, count.fn);
    tp += count.tp;
    fp += count.fp;
    fn += count.fn;
  }
  const supported = STRATEGY_LABELS.filter((label) => perLabel[label].support > 0);
  const macroF1 =
    supported.length === 0 ? 0 : supported.reduce((sum, label) => sum + perLabel[label].f1, 0) / supported.length;
  return { perLabel, micro: score(tp, fp, fn), macroF1, exactMatch: gold.length === 0 ? 0 : exact / gold.length };
}
