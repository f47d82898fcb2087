import type { Rng } from '@rlver/spec';

/** Sampling settings of one token. */
export interface TokenSamplingOptions {
  /** Softmax temperature; 0 = greedy (default 1). */
  temperature: number;
  /** Nucleus: keep the smallest set of tokens whose probability reaches topP (1 = off). */
  topP: number;
  /** Keep the topK most likely tokens (0 = off). */
  topK: number;
}

export interface SampledToken {
  tokenId: number;
  /**
   * log-probability of the token under softmax(logits / temperature) over the full vocabulary (before
   * top-k / top-p truncation), which is what `scoreSequences` recomputes; temperature 1 when greedy.
   */
  logProb: number;
  /** Entropy of that same distribution. */
  entropy: number;
}

/** Candidate ids after top-k / top-p, most likely first (all ids when both are off). */
function candidates(
  logits: Float32Array,
  logProbs: Float32Array,
  options: TokenSamplingOptions,
): Int32Array | undefined {
  const vocab = logits.length;
  const useTopK = options.topK > 0 && options.topK < vocab;
  if (!useTopK && options.topP >= 1) return undefined;
  const order = Int32Array.from({ length: vocab }, (_, index) => index).sort(
    (left, right) => (logits[right] as number) - (logits[left] as number),
  );
  let count = useTopK ? options.topK : vocab;
  if (options.topP < 1) {
    let mass = 0;
    for (let rank = 0; rank < count; rank += 1) {
      mass += Math.exp(logProbs[order[rank] as number] as number);
      if (mass >= options.topP) {
        count = rank + 1;
        break;
      }
    }
  }
  return order.subarray(0, Math.max(1, count));
}

/**
 * Sample one token from a row of logits with a seeded `rng`, returning its log-probability and the
 * entropy of the temperature-scaled distribution.
 */
export function sampleToken(logits: Float32Array, options: TokenSamplingOptions, rng: Rng): SampledToken {
  const temperature = options.temperature > 0 ? options.temperature : 1;
  const vocab = logits.length;
  let max = Number.NEGATIVE_INFINITY;
  let argmax = 0;
  for (let index = 0; index < vocab; index += 1) {
    const value = logits[index] as number;
    if (value > max) {
      max = value;
      argmax = index;
    }
  }
  const logProbs = new Float32Array(vocab);
  let sum = 0;
  for (let index = 0; index < vocab; index += 1) sum += Math.exp(((logits[index] as number) - max) / temperature);
  const logSum = Math.log(sum);
  let entropy = 0;
  for (let index = 0; index < vocab; index += 1) {
    const logProb = ((logits[index] as number) - max) / temperature - logSum;
    logProbs[index] = logProb;
    entropy -= Math.exp(logProb) * logProb;
  }
  if (options.temperature <= 0) return { tokenId: argmax, logProb: logProbs[argmax] as number, entropy };
  const kept = candidates(logits, logProbs, options);
  let tokenId = kept ? (kept[0] as number) : argmax;
  if (kept) {
    let mass = 0;
    for (const id of kept) mass += Math.exp(logProbs[id] as number);
    let threshold = rng.next() * mass;
    for (const id of kept) {
      threshold -= Math.exp(logProbs[id] as number);
      if (threshold <= 0) {
        tokenId = id;
        break;
      }
    }
  } else {
    let threshold = rng.next();
    for (let index = 0; index < vocab; index += 1) {
      threshold -= Math.exp(logProbs[index] as number);
      if (threshold <= 0) {
        tokenId = index;
        break;
      }
    }
  }
  return { tokenId, logProb: logProbs[tokenId] as number, entropy };
}
