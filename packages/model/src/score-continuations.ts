import * as tf from '@tensorflow/tfjs-core';
import { ruleMaskForPositions } from './logits-rules';
import { sharedPrefixCopyTerms } from './shared-prefix-copy-terms';
import { type DecoderParts, scoreHiddenStates } from './shared-prefix-scoring';
import { causalMask, type LayerKeyValues, rotaryTables, transformerHidden } from './transformer-forward';
import type { TransformerModel } from './transformer-model';

export interface ScoreContinuationsOptions {
  /** The shared prompt's token ids (at least one). */
  prefix: readonly number[];
  /** Token ids after the prompt, one row per continuation (at least one token each). */
  continuations: ReadonlyArray<readonly number[]>;
  /** Sampling temperature the log-probs are taken at (default 1). */
  temperature?: number;
  /** Continuations per decoder pass after the prompt (default 32): bounds the `[rows · tokens, vocab]` tensors. */
  batchSize?: number;
}

/** The decoder parts of a model, as the shared-prefix scorers take them. */
function decoderParts(model: TransformerModel): DecoderParts {
  return {
    weights: model.weights,
    config: model.config,
    lora: model.loraState,
    padTokenId: model.padTokenId,
    logitsRules: model.logitsRules,
  };
}

/** Rows `[count, …]`, each a copy of the single row of `tensor [1, …]`. */
function repeatRow<T extends tf.Tensor>(tensor: T, count: number): T {
  return tf.tile(tensor, [count, ...tensor.shape.slice(1).map(() => 1)]) as T;
}

/**
 * Log-probs of each continuation's tokens after one shared prompt, as `scoreSequences` gives them for the rows
 * `prefix + continuation` (decoding rules, copy head and temperature included), with the prompt's decoder pass run
 * once for all of them. Only the continuations' own positions are scored: the prompt's positions, which the
 * candidates of one dialogue state share, pass through neither the head nor the rules. Row `i` of the result has
 * `continuations[i].length` entries (entry 0 is the first continuation token given the prompt). No gradients: for
 * listing and scoring candidate replies. No tensors escape.
 */
export async function scoreContinuations(
  model: TransformerModel,
  options: ScoreContinuationsOptions,
): Promise<number[][]> {
  const { prefix, continuations } = options;
  if (prefix.length === 0) throw new Error('scoreContinuations: the prompt (prefix) needs at least one token');
  const empty = continuations.findIndex((continuation) => continuation.length === 0);
  if (empty >= 0) throw new Error(`scoreContinuations: continuation ${empty} is empty; give each at least one token`);
  const batchSize = options.batchSize ?? 32;
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new Error(`scoreContinuations: batchSize is ${batchSize}; set an integer ≥ 1`);
  }
  if (continuations.length === 0) return [];
  const parts = decoderParts(model);
  const { config } = parts;
  const prefixLength = prefix.length;
  type PromptPass = { hidden: tf.Tensor2D; present: LayerKeyValues[] };
  const prompt = tf.tidy(() => {
    const inputIds = tf.tensor2d([...prefix], [1, prefixLength], 'int32');
    const pass = transformerHidden(parts.weights, config, parts.lora, {
      inputIds,
      rotary: rotaryTables(
        tf.tensor2d(
          Array.from({ length: prefixLength }, (_, position) => position),
          [1, prefixLength],
        ),
        config,
      ),
      mask: causalMask(tf.ones([1, prefixLength], 'int32') as tf.Tensor2D),
    });
    return { hidden: pass.hidden, present: pass.present } as unknown as tf.TensorContainer;
  }) as unknown as PromptPass;
  try {
    const results: number[][] = new Array(continuations.length);
    for (const rows of lengthChunks(
      continuations.map((continuation) => continuation.length),
      batchSize,
    )) {
      const chunk = rows.map((row) => continuations[row] as readonly number[]);
      const logProbs = tf.tidy(() => scoreChunk(parts, prefix, prompt, chunk, options.temperature ?? 1));
      const data = (await logProbs.data()) as Float32Array;
      logProbs.dispose();
      const width = Math.max(...chunk.map((continuation) => continuation.length));
      rows.forEach((row, index) => {
        results[row] = Array.from(data.subarray(index * width, index * width + (chunk[index] as number[]).length));
      });
    }
    return results;
  } finally {
    tf.dispose([prompt.hidden, ...prompt.present.flatMap((layer) => [layer.keys, layer.values])]);
  }
}

/**
 * A pass's fixed cost in padded token positions (its kernels' launch and the head's per-pass work), against which
 * `lengthChunks` weighs the padding a longer chunk carries.
 */
const PASS_COST_TOKENS = 64;

/**
 * Indexes of `lengths` cut into chunks of at most `batchSize` for the passes after the prompt: sorted by length, then
 * the contiguous cuts of least cost (rows × the chunk's longest + `PASS_COST_TOKENS` per chunk), so candidates of
 * similar length share a pass and short ones are not padded to the longest.
 */
export function lengthChunks(lengths: readonly number[], batchSize: number): number[][] {
  const order = lengths.map((_, index) => index).sort((a, b) => (lengths[a] as number) - (lengths[b] as number));
  const best = [0];
  const cut = [0];
  for (let end = 1; end <= order.length; end += 1) {
    best[end] = Number.POSITIVE_INFINITY;
    const longest = lengths[order[end - 1] as number] as number;
    for (let start = Math.max(0, end - batchSize); start < end; start += 1) {
      const cost = (best[start] as number) + (end - start) * longest + PASS_COST_TOKENS;
      if (cost < (best[end] as number)) {
        best[end] = cost;
        cut[end] = start;
      }
    }
  }
  const chunks: number[][] = [];
  for (let end = order.length; end > 0; end = cut[end] as number) chunks.unshift(order.slice(cut[end], end));
  return chunks;
}

/** Log-probs `[rows, width]` of one chunk's continuation tokens after the prompt's cached pass (padding: zeros). */
function scoreChunk(
  parts: DecoderParts,
  prefix: readonly number[],
  prompt: { hidden: tf.Tensor2D; present: LayerKeyValues[] },
  chunk: ReadonlyArray<readonly number[]>,
  temperature: number,
): tf.Tensor2D {
  const { config, padTokenId } = parts;
  const rows = chunk.length;
  const prefixLength = prefix.length;
  const width = Math.max(...chunk.map((continuation) => continuation.length));
  const flatIds = new Int32Array(rows * width).fill(padTokenId);
  chunk.forEach((continuation, row) => {
    flatIds.set(continuation, row * width);
  });
  const suffixIds = tf.tensor2d(flatIds, [rows, width], 'int32');
  // Query q of a row sees the whole prompt, then its own tokens up to q (keys past a row's end stay masked).
  const keyWidth = prefixLength + width;
  const mask = new Float32Array(rows * width * keyWidth).fill(-1e9);
  chunk.forEach((continuation, row) => {
    for (let query = 0; query < width; query += 1) {
      const offset = (row * width + query) * keyWidth;
      mask.fill(0, offset, offset + prefixLength);
      mask.fill(0, offset + prefixLength, offset + prefixLength + Math.min(query + 1, continuation.length));
    }
  });
  const positions = Array.from({ length: rows * width }, (_, index) => prefixLength + (index % width));
  const pass = transformerHidden(parts.weights, config, parts.lora, {
    inputIds: suffixIds,
    rotary: rotaryTables(tf.tensor2d(positions, [rows, width]), config),
    mask: tf.tensor(mask, [rows, 1, 1, width, keyWidth]),
    past: prompt.present.map((layer) => ({ keys: repeatRow(layer.keys, rows), values: repeatRow(layer.values, rows) })),
  });
  const hiddenSize = config.hiddenSize;
  // Token 0 of a continuation is predicted from the prompt's last state, token j from the continuation's j − 1.
  const boundary = repeatRow(
    tf.reshape(tf.slice(prompt.hidden, [prefixLength - 1, 0], [1, -1]), [1, 1, hiddenSize]),
    rows,
  );
  const suffixHidden = tf.reshape(pass.hidden, [rows, width, hiddenSize]);
  const queries = (
    width >= 2 ? tf.concat([boundary, tf.slice(suffixHidden, [0, 0, 0], [-1, width - 1, -1])], 1) : boundary
  ) as tf.Tensor3D;
  const fullRows = chunk.map((continuation) => [...prefix, ...continuation]);
  const copy = parts.weights.copyHead
    ? sharedPrefixCopyTerms(parts.weights.copyHead, {
        rows: fullRows,
        groupOfRow: chunk.map(() => 0),
        prefixOf: () => prefixLength,
        groups: 1,
        prefixWidth: prefixLength,
        suffixWidth: width,
        padTokenId,
        prefixHidden: prompt.hidden,
        suffixHidden: pass.hidden,
        groupQueries: undefined,
        rowQueries: queries,
      }).row
    : undefined;
  const ruleMask = ruleMaskForPositions(
    parts.logitsRules,
    fullRows,
    chunk.flatMap((continuation, row) =>
      Array.from({ length: width }, (_, column) =>
        column < continuation.length ? ([row, prefixLength - 1 + column] as const) : undefined,
      ),
    ),
    config.vocabSize,
  );
  const scores = scoreHiddenStates(
    parts,
    tf.reshape(queries, [-1, hiddenSize]) as tf.Tensor2D,
    tf.reshape(suffixIds, [-1]) as tf.Tensor1D,
    { temperature },
    copy,
    ruleMask,
  );
  return tf.reshape(scores.logProbs, [rows, width]) as tf.Tensor2D;
}
