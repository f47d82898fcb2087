import { InvalidInputError, type Language } from '@rlver/spec';
import { z } from 'zod';
import { fluencyUnits } from './fluency-units';

/**
 * A unit-bigram language model with interpolated absolute discounting, as shipped in `assets/` (built by
 * `scripts/build-fluency-model.ts` from clean text; see the README for its sources):
 *
 *   λ(v) = max(λ_min, D · types(v) / c(v))
 *   P(w | v) = (1 − λ(v)) · max(c(v, w) − D, 0) / (c(v) − D · types(v)) + λ(v) · P_uni(w),
 *   P_uni(w) = (c(w) + ½) / (N + ½ (V + 1))
 *
 * The floor λ_min keeps contexts seen often with few followers (templated text) from calling every new follower
 * impossible: an unseen pair costs at most log2(1/λ_min) bits against its unigram.
 * `c(v)` and `types(v)` are counted before rare bigrams were pruned, so pruning only moves mass to the unigram.
 */
export const bigramModelFileSchema = z.object({
  schemaVersion: z.literal(1),
  lang: z.enum(['zh', 'en']),
  /** Absolute discount D. */
  discount: z.number().positive().max(1),
  /** Smallest weight λ_min of the unigram in every context. */
  minBackoff: z.number().positive().max(1).default(0.2),
  /** Vocabulary; index = unit id. */
  units: z.array(z.string()),
  /** Unigram count of each unit. */
  unigramCounts: z.array(z.number().nonnegative()),
  /** Occurrences of each unit as the left side of a bigram (before pruning). */
  contextTotals: z.array(z.number().nonnegative()),
  /** Distinct right-hand units seen after each unit (before pruning). */
  contextTypes: z.array(z.number().nonnegative()),
  /** Kept bigrams as flat triples `[left id, right id, count, …]`. */
  bigrams: z.array(z.number()),
  /** Where the counts came from (documentation). */
  sources: z.array(z.string()),
});
export type BigramModelFile = z.infer<typeof bigramModelFileSchema>;

/** A loaded fluency model: log-probabilities of units after units. */
export interface BigramModel {
  readonly lang: Language;
  /** log2 P(unit | previous); unknown units get the unknown-unit unigram mass. */
  logProb(previous: string, unit: string): number;
  /** Whether the unit is in the model's vocabulary. */
  knows(unit: string): boolean;
  /** log2 P_uni(unit): the same unit without its context. */
  unigramLogProb(unit: string): number;
  /** How often the unit occurs in the model's sources (0 when unknown; counts may be weighted, hence fractional). */
  unitCount(unit: string): number;
  /** How often `unit` follows `previous` in the model's sources (0 when the pair was never seen or was pruned). */
  pairCount(previous: string, unit: string): number;
  /**
   * log2 P of every unit of the text after the first (the start mark), in order, and the same units' unigram
   * log2 P (their difference is how much the order of the text helps predict it).
   */
  unitLogProbs(text: string): { units: string[]; logProbs: number[]; unigramLogProbs: number[] };
}

/** Build the scoring object of a parsed model file. */
export function createBigramModel(file: BigramModelFile, origin = 'fluency model'): BigramModel {
  const parsed = bigramModelFileSchema.safeParse(file);
  if (!parsed.success) {
    throw new InvalidInputError({ file: origin, message: `not a fluency model file: ${parsed.error.message}` });
  }
  const { units, unigramCounts, contextTotals, contextTypes, bigrams, discount, minBackoff } = parsed.data;
  const size = units.length;
  const ids = new Map(units.map((unit, index) => [unit, index]));
  const kept = new Map<number, number>();
  for (let index = 0; index + 2 < bigrams.length + 1; index += 3) {
    kept.set((bigrams[index] as number) * size + (bigrams[index + 1] as number), bigrams[index + 2] as number);
  }
  const total = unigramCounts.reduce((sum, count) => sum + count, 0);
  const unigramDenominator = total + 0.5 * (size + 1);
  const unigram = (id: number | undefined) =>
    ((id === undefined ? 0 : (unigramCounts[id] as number)) + 0.5) / unigramDenominator;

  function logProb(previous: string, unit: string): number {
    const left = ids.get(previous);
    const right = ids.get(unit);
    const backoff = unigram(right);
    const context = left === undefined ? 0 : (contextTotals[left] as number);
    if (left === undefined || context === 0) return Math.log2(backoff);
    const pair = right === undefined ? 0 : (kept.get(left * size + right) ?? 0);
    const discounted = discount * (contextTypes[left] as number);
    const lambda = Math.min(1, Math.max(minBackoff, discounted / context));
    const seen = context > discounted ? Math.max(pair - discount, 0) / (context - discounted) : 0;
    return Math.log2((1 - lambda) * seen + lambda * backoff);
  }

  return {
    lang: parsed.data.lang,
    logProb,
    knows: (unit) => ids.has(unit),
    unigramLogProb: (unit) => Math.log2(unigram(ids.get(unit))),
    unitCount(unit) {
      const id = ids.get(unit);
      return id === undefined ? 0 : (unigramCounts[id] as number);
    },
    pairCount(previous, unit) {
      const left = ids.get(previous);
      const right = ids.get(unit);
      if (left === undefined || right === undefined) return 0;
      return kept.get(left * size + right) ?? 0;
    },
    unitLogProbs(text) {
      const textUnits = fluencyUnits(text, parsed.data.lang);
      const logProbs: number[] = [];
      const unigramLogProbs: number[] = [];
      for (let index = 1; index < textUnits.length; index += 1) {
        logProbs.push(logProb(textUnits[index - 1] as string, textUnits[index] as string));
        unigramLogProbs.push(Math.log2(unigram(ids.get(textUnits[index] as string))));
      }
      return { units: textUnits, logProbs, unigramLogProbs };
    },
  };
}
