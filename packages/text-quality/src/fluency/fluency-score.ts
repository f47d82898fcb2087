import type { Language } from '@rlver/spec';
import { isContentUnit } from './fluency-units';
import { fluencyModel } from './load-fluency-model';

/** Fluency of one text under the shipped model. */
export interface FluencyScore {
  /**
   * Order gain in bits per unit: the mean of log2 P(unit | previous unit) − log2 P(unit) over the text. It measures
   * how much the order of the text is the order of the language, independent of how rare its words are: fluent
   * text scores clearly above 0 (zh ≈ 2, en ≈ 1–4 on clean text), shuffled or stitched text near or below 0.
   */
  orderGain: number;
  /** Mean log2 P(unit | previous unit) (lower for rare words as well as for broken order). */
  meanLogProb: number;
  /** Content units scored (characters for zh, words for en). */
  units: number;
}

/** Order gain below which a text of at least {@link MIN_UNITS_FOR_FLUENCY} units reads as not fluent. */
export const LOW_FLUENCY_THRESHOLD: Readonly<Record<Language, number>> = { zh: 0.5, en: -0.4 };
/** Order gain from which a text reads as fully fluent (good points of a judge fade linearly below it). */
export const FULL_FLUENCY_THRESHOLD: Readonly<Record<Language, number>> = { zh: 1.2, en: 0.8 };
/** Shorter texts are not judged for fluency (too little evidence). */
export const MIN_UNITS_FOR_FLUENCY = 8;

/** Score a text's fluency with the language's shipped bigram model. */
export function scoreFluency(text: string, lang: Language): FluencyScore {
  const { units, logProbs, unigramLogProbs } = fluencyModel(lang).unitLogProbs(text);
  let gain = 0;
  let total = 0;
  for (let index = 0; index < logProbs.length; index += 1) {
    gain += (logProbs[index] as number) - (unigramLogProbs[index] as number);
    total += logProbs[index] as number;
  }
  const count = Math.max(1, logProbs.length);
  return { orderGain: gain / count, meanLogProb: total / count, units: units.filter(isContentUnit).length };
}

/**
 * How fluent a text reads, in [0, 1]: 1 from {@link FULL_FLUENCY_THRESHOLD} up (and for texts too short to judge),
 * 0 at {@link LOW_FLUENCY_THRESHOLD} and below, linear between. A judge multiplies a reply's good points by it.
 */
export function fluencyFactor(score: FluencyScore, lang: Language): number {
  if (score.units < MIN_UNITS_FOR_FLUENCY) return 1;
  const low = LOW_FLUENCY_THRESHOLD[lang];
  const full = FULL_FLUENCY_THRESHOLD[lang];
  return Math.min(1, Math.max(0, (score.orderGain - low) / (full - low)));
}
