import type { GenerateOptions } from '../generate';

/**
 * Generation cases whose outputs were recorded from the copy-based decoder (before the preallocated cache)
 * in `generation-golden.json`: greedy, plain sampling, top-k, top-p, both, shared and per-row seeds, rows
 * that stop at different steps, and repeated prompts. Run on the tiny transformer with vocab 300, seed 11,
 * initStd 0.3 (see `generation-golden.test.ts`).
 */
export const GENERATION_CASES: Record<string, Omit<GenerateOptions, 'signal' | 'rng' | 'decode'>> = {
  greedy: {
    promptIds: [
      [5, 17, 250, 3, 88],
      [2, 64],
      [12, 12, 12, 280],
    ],
    maxNewTokens: 12,
    temperature: 0,
  },
  sampled: {
    promptIds: [[5, 17, 250, 3, 88], [2, 64], [12, 12, 12, 280], [7]],
    maxNewTokens: 16,
    temperature: 1,
    seed: 3,
  },
  topK: {
    promptIds: [
      [9, 8, 7],
      [100, 101, 102, 103, 104, 105],
    ],
    maxNewTokens: 14,
    temperature: 0.7,
    topK: 5,
    seed: 4,
  },
  topP: {
    promptIds: [
      [9, 8, 7],
      [100, 101, 102, 103, 104, 105],
    ],
    maxNewTokens: 14,
    temperature: 1.2,
    topP: 0.8,
    seed: 5,
  },
  topKTopP: {
    promptIds: [[33, 44], [55], [66, 77, 88]],
    maxNewTokens: 10,
    temperature: 0.9,
    topK: 20,
    topP: 0.6,
    seed: 6,
  },
  // Frequent stop tokens: rows finish at different steps, so the batch shrinks (or is masked) mid-way.
  stopsMidway: {
    promptIds: [[5, 17], [2, 64, 9], [12], [280, 3, 4, 5], [6, 6], [200, 201]],
    maxNewTokens: 24,
    temperature: 1.5,
    stopTokenIds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    seed: 7,
  },
  rowSeeds: {
    promptIds: [
      [3, 4, 5, 6],
      [8, 9],
      [3, 4, 5, 6],
      [3, 4, 5, 6],
      [8, 9],
    ],
    maxNewTokens: 9,
    temperature: 1,
    stopTokenIds: [20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30],
    rowSeeds: [21, 22, 23, 24, 25],
  },
  // Longer than one block of cache columns: the preallocated cache grows mid-way.
  longGrowth: {
    promptIds: [[5, 6, 7], [8, 9, 10, 11, 12], [13]],
    maxNewTokens: 150,
    temperature: 1,
    topK: 40,
    stopTokenIds: [],
    seed: 8,
  },
  greedyStops: {
    promptIds: [[40, 41, 42], [43], [44, 45], [46, 47, 48, 49, 50]],
    maxNewTokens: 20,
    temperature: 0,
    stopTokenIds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
  },
};
