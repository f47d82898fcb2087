import { createRng } from '@rlver/spec';

/** One minibatch of sample indices. */
export interface Minibatch {
  epoch: number;
  minibatchIndex: number;
  indices: number[];
  /** The epoch's last minibatch (where an epoch is counted and target-KL early stopping is decided). */
  lastInEpoch: boolean;
}

/**
 * Epochs × minibatches over `sampleCount` samples (CleanRL: shuffle once per epoch, then split into
 * `minibatchCount` near-equal parts; nothing is dropped). Seeded, so a run replays exactly.
 */
export function* iterateMinibatches(options: {
  sampleCount: number;
  minibatchCount: number;
  epochs: number;
  seed: number;
}): Generator<Minibatch> {
  const rng = createRng(options.seed);
  const parts = Math.max(1, Math.min(options.minibatchCount, options.sampleCount));
  const all = Array.from({ length: options.sampleCount }, (_, index) => index);
  for (let epoch = 0; epoch < options.epochs; epoch += 1) {
    const order = rng.shuffle(all);
    for (let minibatchIndex = 0; minibatchIndex < parts; minibatchIndex += 1) {
      const start = Math.floor((minibatchIndex * order.length) / parts);
      const end = Math.floor(((minibatchIndex + 1) * order.length) / parts);
      yield { epoch, minibatchIndex, indices: order.slice(start, end), lastInEpoch: minibatchIndex === parts - 1 };
    }
  }
}
