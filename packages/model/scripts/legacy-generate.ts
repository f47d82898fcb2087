/**
 * The copy-based decoder as it was before the preallocated cache (concat-grown cache, finished rows gathered
 * out, sampling per token in JS), kept only so that `benchmark-generate.ts` can time both in one run.
 */
import { createRng, InvalidConfigError, type Rng } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { sampleToken } from '../src/sample-token';
import type { LayerKeyValues } from '../src/transformer-forward';
import type { TransformerModel } from '../src/transformer-model';

export interface GenerateOptions {
  /** One prompt per row (ragged; at least one token each). */
  promptIds: readonly (readonly number[])[];
  /** Most tokens to sample per row. */
  maxNewTokens: number;
  /** 0 = greedy (default 1). */
  temperature?: number;
  /** Nucleus sampling mass (default 1 = off). */
  topP?: number;
  /** Top-k filter (default 0 = off). */
  topK?: number;
  /** A row stops after sampling one of these (kept in its output); default the model's EOS ids. */
  stopTokenIds?: readonly number[];
  /** A row stops once its decoded output contains one of these (needs `decode`). */
  stopStrings?: readonly string[];
  /** Token ids → text, for stop strings. */
  decode?: (ids: readonly number[]) => string;
  /** Seed of the sampler (default 0); or pass `rng` to continue a stream. */
  seed?: number;
  rng?: Rng;
  /**
   * One seed per row: each row samples from its own stream, so a row's tokens depend only on its prompt and
   * seed, never on which other rows share the batch. Overrides `seed` and `rng`.
   */
  rowSeeds?: readonly number[];
  signal?: AbortSignal;
}

export interface GenerationResult {
  /** Sampled ids, the stop token included when one was sampled. */
  outputIds: number[];
  /** Per sampled token: log-probability under softmax(logits / temperature) (see `sampleToken`). */
  logProbs: number[];
  /** Per sampled token: entropy of that distribution. */
  entropies: number[];
  finishReason: 'stop' | 'length';
  /** The stop string that ended the row, if any. */
  stopString?: string;
}

interface RowState {
  row: number;
  /** Real tokens so far (the next position). */
  length: number;
}

const NEG = -1e9;

type DecodeOutput = ReturnType<TransformerModel['decode']>;

/** Run a decode step in `tf.tidy`, so that its input tensors are freed and only its outputs survive. */
function decodeInTidy(run: () => DecodeOutput): DecodeOutput {
  return tf.tidy(() => run() as unknown as tf.TensorContainer) as unknown as DecodeOutput;
}

function prefillInputs(promptIds: readonly (readonly number[])[], padTokenId: number) {
  const batch = promptIds.length;
  const width = Math.max(...promptIds.map((ids) => ids.length));
  const ids = new Int32Array(batch * width).fill(padTokenId);
  const positions = new Float32Array(batch * width);
  const valid = new Uint8Array(batch * width);
  const mask = new Float32Array(batch * width * width).fill(NEG);
  promptIds.forEach((prompt, row) => {
    const offset = width - prompt.length;
    prompt.forEach((id, index) => {
      ids[row * width + offset + index] = id;
      positions[row * width + offset + index] = index;
      valid[row * width + offset + index] = 1;
    });
    for (let query = 0; query < width; query += 1) {
      for (let key = offset; key <= query; key += 1) mask[(row * width + query) * width + key] = 0;
      if (query < offset) mask[(row * width + query) * width + query] = 0; // pad rows attend to themselves
    }
  });
  return { batch, width, ids, positions, valid, mask };
}

function validateOptions(options: GenerateOptions): void {
  const fail = (field: string, message: string): never => {
    throw new InvalidConfigError({ field, message: `generate: ${field} ${message}` });
  };
  if (options.promptIds.some((ids) => ids.length === 0))
    fail('promptIds', 'has an empty prompt; every prompt needs at least one token.');
  if (!Number.isInteger(options.maxNewTokens) || options.maxNewTokens < 1) {
    fail('maxNewTokens', `is ${options.maxNewTokens}; set an integer ≥ 1.`);
  }
  if ((options.topP ?? 1) <= 0 || (options.topP ?? 1) > 1) fail('topP', `is ${options.topP}; set a value in (0, 1].`);
  if ((options.temperature ?? 1) < 0) fail('temperature', `is ${options.temperature}; set a value ≥ 0.`);
  if (options.stopStrings?.length && !options.decode)
    fail('decode', 'is missing; stop strings need a decode function.');
  if (options.rowSeeds && options.rowSeeds.length !== options.promptIds.length)
    fail(
      'rowSeeds',
      `has ${options.rowSeeds.length} seeds for ${options.promptIds.length} prompts; give one per prompt.`,
    );
}

/**
 * Batched sampling with a key/value cache: prompts are left-padded, positions count real tokens, and
 * finished rows leave the batch (their cache rows are dropped). Seeded: the same options give the
 * same tokens. Returns one result per prompt, in order.
 */
export async function legacyGenerate(model: TransformerModel, options: GenerateOptions): Promise<GenerationResult[]> {
  validateOptions(options);
  if (options.promptIds.length === 0) return [];
  const shared = options.rng ?? createRng(options.seed ?? 0);
  const rowRngs = options.rowSeeds?.map((seed) => createRng(seed));
  const sampling = { temperature: options.temperature ?? 1, topP: options.topP ?? 1, topK: options.topK ?? 0 };
  const stopTokens = new Set(options.stopTokenIds ?? model.config.eosTokenIds);
  const stopStrings = options.stopStrings?.filter((text) => text.length > 0) ?? [];
  const window = Math.max(0, ...stopStrings.map((text) => text.length)) + 8;
  // Identical prompts (the branches of one dialogue turn) are prefilled once; their cache rows are then copied.
  const uniqueIndex = new Map<string, number>();
  const uniqueOfRow = options.promptIds.map((prompt) => {
    const key = prompt.join(',');
    if (!uniqueIndex.has(key)) uniqueIndex.set(key, uniqueIndex.size);
    return uniqueIndex.get(key) as number;
  });
  const uniquePrompts = [...uniqueIndex.keys()].map((key) => key.split(',').map(Number));
  const prefill = prefillInputs(uniquePrompts, model.padTokenId);
  const results: GenerationResult[] = options.promptIds.map(() => ({
    outputIds: [],
    logProbs: [],
    entropies: [],
    finishReason: 'length',
  }));
  let rows: RowState[] = options.promptIds.map((prompt, row) => ({ row, length: prompt.length }));
  // keyValid[i] lists which cached key positions of active row i are real tokens.
  let keyValid: Uint8Array[] = uniqueOfRow.map((unique) =>
    prefill.valid.slice(unique * prefill.width, (unique + 1) * prefill.width),
  );
  let step = decodeInTidy(() => {
    const prefilled = model.decode({
      inputIds: tf.tensor2d(prefill.ids, [prefill.batch, prefill.width], 'int32'),
      positions: tf.tensor2d(prefill.positions, [prefill.batch, prefill.width]),
      mask: tf.tensor(prefill.mask, [prefill.batch, 1, 1, prefill.width, prefill.width]),
    });
    if (prefill.batch === options.promptIds.length) return prefilled;
    const rowsOfUnique = tf.tensor1d(uniqueOfRow, 'int32');
    return {
      logits: tf.gather(prefilled.logits, rowsOfUnique),
      present: prefilled.present.map((layer) => ({
        keys: tf.gather(layer.keys, rowsOfUnique),
        values: tf.gather(layer.values, rowsOfUnique),
      })),
    };
  });
  let cache: LayerKeyValues[] = step.present;
  try {
    for (let produced = 0; rows.length > 0; produced += 1) {
      options.signal?.throwIfAborted();
      const logits = (await step.logits.data()) as Float32Array;
      step.logits.dispose();
      const vocab = model.config.vocabSize;
      const nextTokens: number[] = [];
      const keep: number[] = [];
      rows.forEach((state, index) => {
        const rng = rowRngs?.[state.row] ?? shared;
        const sampled = sampleToken(logits.subarray(index * vocab, (index + 1) * vocab), sampling, rng);
        const result = results[state.row] as GenerationResult;
        result.outputIds.push(sampled.tokenId);
        result.logProbs.push(sampled.logProb);
        result.entropies.push(sampled.entropy);
        let done = false;
        if (stopTokens.has(sampled.tokenId)) done = true;
        else if (stopStrings.length > 0 && options.decode) {
          const tail = options.decode(result.outputIds.slice(-window));
          const hit = stopStrings.find((text) => tail.includes(text));
          if (hit !== undefined) {
            done = true;
            result.stopString = hit;
          }
        }
        if (done) result.finishReason = 'stop';
        else if (produced + 1 >= options.maxNewTokens) result.finishReason = 'length';
        else {
          keep.push(index);
          nextTokens.push(sampled.tokenId);
        }
      });
      if (keep.length === 0) break;
      if (keep.length < rows.length) {
        const previous = cache;
        cache = tf.tidy(() => {
          const indices = tf.tensor1d(keep, 'int32');
          return previous.map((layer) => ({
            keys: tf.gather(layer.keys, indices),
            values: tf.gather(layer.values, indices),
          }));
        }) as LayerKeyValues[];
        tf.dispose(previous as unknown as tf.TensorContainer);
        rows = keep.map((index) => rows[index] as RowState);
        keyValid = keep.map((index) => keyValid[index] as Uint8Array);
      }
      keyValid = keyValid.map((valid) => {
        const grown = new Uint8Array(valid.length + 1);
        grown.set(valid);
        grown[valid.length] = 1;
        return grown;
      });
      const keyLength = (keyValid[0] as Uint8Array).length;
      const mask = new Float32Array(rows.length * keyLength);
      keyValid.forEach((valid, index) => {
        for (let key = 0; key < keyLength; key += 1) mask[index * keyLength + key] = valid[key] ? 0 : NEG;
      });
      const positions = Float32Array.from(rows, (state) => state.length);
      const past = cache;
      step = decodeInTidy(() =>
        model.decode({
          inputIds: tf.tensor2d(nextTokens, [rows.length, 1], 'int32'),
          positions: tf.tensor2d(positions, [rows.length, 1]),
          mask: tf.tensor(mask, [rows.length, 1, 1, 1, keyLength]),
          past,
        }),
      );
      tf.dispose(past as unknown as tf.TensorContainer);
      cache = step.present;
      for (const state of rows) state.length += 1;
    }
  } finally {
    if (!step.logits.isDisposed) step.logits.dispose();
    tf.dispose(cache as unknown as tf.TensorContainer);
  }
  return results;
}
