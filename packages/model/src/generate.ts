import { createRng, InvalidConfigError, type Rng } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { acquireFusedDecodeWeights, type FusedDecodeLease } from './fused-decode-cache';
import { type FusedDecodeInputs, fusedDecodeStep } from './fused-decode-step';
import { KeyValueCache } from './kv-cache';
import { applyRulesToNextLogits } from './logits-rules';
import { sampleToken, type TokenSamplingOptions } from './sample-token';
import { sampleTokensInTensors } from './sample-tokens';
import type { TransformerModel } from './transformer-model';

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
  /**
   * How decode steps run: `fused` (default; `fusedDecodeStep`, on native TensorFlow, wasm and cpu, for models
   * without per-head q/k norms) or `generic` (`TransformerModel.decode`, every backend and model). Both give the
   * same distribution up to float rounding.
   */
  decodePath?: 'fused' | 'generic';
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
  /** Still sampling (a finished row stays in the batch, masked, until the batch is compacted). */
  active: boolean;
  /** Which cache columns hold this row's real tokens. */
  keyValid: Uint8Array;
  /** The token id at each cache column (pads included): the copy head's targets on the fused path. */
  columnIds: Int32Array;
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

/** Rows from which sampling in tensors beats downloading the logits and sampling in JS (native backend). */
const TENSOR_SAMPLING_MIN_ROWS = 8;

/**
 * Token, log-prob and entropy of every active row, `[rows, 3]` flat. On native TensorFlow with enough rows
 * the sampling math runs as tensor ops and only these numbers leave the backend; on wasm and cpu (whose
 * cumsum, top-k and gather kernels are slower than a JS loop) and for small batches, the logits are read
 * and each row sampled in JS. Both use the same rule and the same draws (`uniforms`).
 */
async function sampleRows(
  logits: tf.Tensor2D,
  sampling: TokenSamplingOptions,
  uniforms: Float64Array,
  rows: readonly RowState[],
): Promise<Float32Array> {
  if (tf.getBackend() === 'tensorflow' && rows.length >= TENSOR_SAMPLING_MIN_ROWS) {
    const sampled = sampleTokensInTensors(logits, sampling, Float32Array.from(uniforms));
    const values = (await sampled.data()) as Float32Array;
    sampled.dispose();
    return values;
  }
  const values = (await logits.data()) as Float32Array;
  const vocab = logits.shape[1];
  const out = new Float32Array(rows.length * 3);
  rows.forEach((state, index) => {
    if (!state.active) return;
    const draw = { next: () => uniforms[index] as number };
    const row = sampleToken(values.subarray(index * vocab, (index + 1) * vocab), sampling, draw as Rng);
    out.set([row.tokenId, row.logProb, row.entropy], index * 3);
  });
  return out;
}

/** The fused decode weights (cached per weights version) when `path` asks for them and the backend and model allow them. */
async function fusedWeightsFor(
  model: TransformerModel,
  path: 'fused' | 'generic',
): Promise<FusedDecodeLease | undefined> {
  if (path === 'generic' || !['tensorflow', 'wasm', 'cpu'].includes(tf.getBackend())) return undefined;
  return acquireFusedDecodeWeights(model);
}

/**
 * The copy head's host inputs of a fused decode step writing `column`: this step's token is recorded at that
 * column, and row r may copy the token after column k when k is one of its real tokens and k < column (as
 * `copyContextOver`'s `allowed`); a row that may copy nothing gets its gate shut by a −1e9 offset.
 */
function copyInputs(
  rows: readonly RowState[],
  tokens: Int32Array,
  column: number,
  capacity: number,
  gateBias: number,
  padTokenId: number,
): NonNullable<FusedDecodeInputs['copy']> {
  const mask = new Float32Array(rows.length * capacity).fill(NEG);
  const gateOffset = new Float32Array(rows.length);
  const targets = new Int32Array(rows.length * capacity * 2);
  rows.forEach((state, index) => {
    state.columnIds[column] = tokens[index] as number;
    let any = false;
    for (let key = 0; key < capacity; key += 1) {
      const at = (index * capacity + key) * 2;
      targets[at] = index;
      if (key < column && state.keyValid[key]) {
        mask[index * capacity + key] = 0;
        any = true;
        targets[at + 1] = state.columnIds[key + 1] as number;
      } else targets[at + 1] = padTokenId;
    }
    gateOffset[index] = any ? gateBias : gateBias + NEG;
  });
  return { mask, gateOffset, targets };
}

/**
 * Batched sampling with a key/value cache: prompts are left-padded, positions count real tokens. The cache
 * is preallocated and written in place (`KeyValueCache`); a finished row stays in the batch, masked, and the
 * batch is compacted (one gather per buffer) only once half of its rows have finished. Sampling runs as
 * tensor ops (`sampleTokensInTensors`), so only the sampled ids, log-probs and entropies leave the backend.
 * Seeded: the same options give the same tokens. Returns one result per prompt, in order.
 */
export async function generate(model: TransformerModel, options: GenerateOptions): Promise<GenerationResult[]> {
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
  // The last sampled token is never fed back, so the cache needs width + maxNewTokens - 1 columns at most.
  const maxColumns = prefill.width + options.maxNewTokens - 1;
  let rows: RowState[] = options.promptIds.map((prompt, row) => {
    const keyValid = new Uint8Array(maxColumns);
    const unique = uniqueOfRow[row] as number;
    keyValid.set(prefill.valid.subarray(unique * prefill.width, (unique + 1) * prefill.width));
    const columnIds = new Int32Array(maxColumns).fill(model.padTokenId);
    columnIds.set(prefill.ids.subarray(unique * prefill.width, (unique + 1) * prefill.width));
    return { row, length: prompt.length, active: true, keyValid, columnIds };
  });
  const lease = await fusedWeightsFor(model, options.decodePath ?? 'fused');
  const fused = lease?.weights;
  const first = decodeInTidy(() => {
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
  let logits: tf.Tensor2D = first.logits;
  const cache = new KeyValueCache(first.present, maxColumns);
  try {
    for (let produced = 0; ; produced += 1) {
      options.signal?.throwIfAborted();
      const uniforms = new Float64Array(rows.length);
      if (sampling.temperature > 0) {
        rows.forEach((state, index) => {
          if (state.active) uniforms[index] = (rowRngs?.[state.row] ?? shared).next();
        });
      }
      // The policy's decoding rules (logits-rules.ts): sampling from the renormalised allowed distribution.
      const ruled = applyRulesToNextLogits(
        model.logitsRules,
        logits,
        rows.map((state) =>
          state.active
            ? [...(options.promptIds[state.row] as number[]), ...(results[state.row] as GenerationResult).outputIds]
            : undefined,
        ),
      );
      if (ruled !== logits) logits.dispose();
      logits = ruled;
      const sampled = await sampleRows(logits, sampling, uniforms, rows);
      logits.dispose();
      const nextTokens = new Int32Array(rows.length).fill(model.padTokenId);
      let active = 0;
      rows.forEach((state, index) => {
        if (!state.active) return;
        const tokenId = sampled[index * 3] as number;
        const result = results[state.row] as GenerationResult;
        result.outputIds.push(tokenId);
        result.logProbs.push(sampled[index * 3 + 1] as number);
        result.entropies.push(sampled[index * 3 + 2] as number);
        let done = false;
        if (stopTokens.has(tokenId)) done = true;
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
          active += 1;
          nextTokens[index] = tokenId;
          return;
        }
        state.active = false;
      });
      if (active === 0) break;
      if (active <= rows.length / 2) {
        // Half the batch has finished: drop those rows now (one gather), rather than computing them on.
        const kept = rows.flatMap((state, index) => (state.active ? [index] : []));
        cache.keepRows(kept);
        const tokens = Int32Array.from(kept, (index) => nextTokens[index] as number);
        rows = kept.map((index) => rows[index] as RowState);
        nextTokens.set(tokens);
      }
      cache.reserveColumn();
      const column = cache.length;
      const capacity = cache.capacity;
      const mask = new Float32Array(rows.length * capacity).fill(NEG);
      rows.forEach((state, index) => {
        state.keyValid[column] = 1;
        for (let key = 0; key <= column; key += 1) if (state.keyValid[key]) mask[index * capacity + key] = 0;
      });
      const positions = Float32Array.from(rows, (state) => state.length);
      const tokens = nextTokens.subarray(0, rows.length);
      if (fused) {
        const inputs: FusedDecodeInputs = { tokens, positions, attentionMask: mask };
        if (fused.copy) inputs.copy = copyInputs(rows, tokens, column, capacity, fused.copy.gateBias, model.padTokenId);
        logits = tf.tidy(() => fusedDecodeStep(fused, model.config, cache, inputs));
      } else {
        logits = decodeInTidy(() =>
          model.decode({
            inputIds: tf.tensor2d(tokens, [rows.length, 1], 'int32'),
            positions: tf.tensor2d(positions, [rows.length, 1]),
            mask: tf.tensor(mask, [rows.length, 1, 1, 1, capacity]),
            cache,
          }),
        ).logits;
      }
      cache.advance();
      for (const state of rows) state.length += 1;
    }
  } finally {
    if (!logits.isDisposed) logits.dispose();
    cache.dispose();
    lease?.release();
  }
  return results;
}
