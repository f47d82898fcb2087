import type { ScoreSequencesOptions, SequenceScores } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { copyMixtureKeyScores, keyColumnLogits } from './copy-mixture-key-scores';
import { type CopyRowTerms, copyMixtureTokenScores } from './copy-mixture-scores';
import { copyMixtureTargetScores, targetOnlyScoringApplies } from './copy-mixture-target-scores';
import { type LogitsRules, ruleMaskForPositions } from './logits-rules';
import type { LoraState } from './lora';
import { linear } from './mat-mul';
import type { TransformerConfig } from './model-config';
import { sharedPrefixCopyTerms } from './shared-prefix-copy-terms';
import { tokenLogProbsAndEntropy } from './token-log-probs';
import {
  causalMask,
  type LayerKeyValues,
  languageModelHead,
  positionsFromMask,
  rotaryTables,
  transformerHidden,
} from './transformer-forward';
import type { TransformerWeights } from './transformer-weights';

/** Rows of a batch that start with the same `prefixLength` tokens (each row keeps at least one token after it). */
export interface PrefixGroup {
  rows: number[];
  prefixLength: number;
}

/**
 * Token rows of a right-padded batch (each mask row is ones then zeros, at least 2 tokens), else undefined:
 * such batches take the one-pass path.
 */
export function rightPaddedRows(inputIds: tf.Tensor2D, attentionMask: tf.Tensor2D): number[][] | undefined {
  const [batch, width] = inputIds.shape;
  const ids = inputIds.dataSync();
  const mask = attentionMask.dataSync();
  const rows: number[][] = [];
  for (let row = 0; row < batch; row += 1) {
    let length = 0;
    while (length < width && mask[row * width + length] === 1) length += 1;
    for (let column = length; column < width; column += 1) if (mask[row * width + column] !== 0) return undefined;
    if (length < 2) return undefined;
    rows.push(Array.from(ids.subarray(row * width, row * width + length)));
  }
  return rows;
}

/**
 * Whether the two-pass plan runs at most ¾ of the one-pass decoder positions (padding included: groups ×
 * longest prefix + rows × longest suffix, against rows × width).
 */
export function sharingPays(
  rows: ReadonlyArray<readonly number[]>,
  groups: readonly PrefixGroup[],
  width: number,
): boolean {
  if (groups.length === 0 || groups.length === rows.length) return false;
  const longestPrefix = Math.max(...groups.map((group) => group.prefixLength));
  const longestSuffix = Math.max(
    ...groups.flatMap((group) => group.rows.map((row) => (rows[row]?.length ?? 0) - group.prefixLength)),
  );
  return groups.length * longestPrefix + rows.length * longestSuffix <= 0.75 * rows.length * width;
}

function commonPrefixLength(left: readonly number[], right: readonly number[]): number {
  const limit = Math.min(left.length, right.length);
  let length = 0;
  while (length < limit && left[length] === right[length]) length += 1;
  return length;
}

/**
 * Group the rows of a batch by shared prefix so the decoder runs each prefix once. Rows are sorted by their
 * tokens, and the sorted order is cut into the contiguous groups of least cost (dynamic programming): a group
 * of n rows sharing p tokens costs p + n × its longest suffix, since the second pass pads every suffix. A
 * group's prefix stops one token short of its shortest row, so every row keeps a token to score from its own
 * pass. The branches of one dialogue turn (same context, different replies) become one group whose prefix is
 * the context, rather than one group per dialogue whose suffixes would be whole later turns.
 */
export function planPrefixGroups(rows: ReadonlyArray<readonly number[]>): PrefixGroup[] {
  const order = rows.map((_, index) => index).filter((index) => (rows[index]?.length ?? 0) >= 2);
  const tokensOf = (position: number) => rows[order[position] as number] as readonly number[];
  order.sort((a, b) => {
    const left = rows[a] as readonly number[];
    const right = rows[b] as readonly number[];
    const shared = commonPrefixLength(left, right);
    if (shared < left.length && shared < right.length) return (left[shared] as number) - (right[shared] as number);
    return left.length - right.length || a - b;
  });
  // shared[k]: tokens sorted rows k − 1 and k have in common (a run of sorted rows shares their minimum).
  const shared = order.map((_, position) =>
    position === 0 ? 0 : commonPrefixLength(tokensOf(position - 1), tokensOf(position)),
  );
  // best[k]: least cost of the first k sorted rows; cut[k]: where its last group starts; prefix[k]: that group's.
  const best = [0];
  const cut = [0];
  const prefix = [0];
  for (let end = 1; end <= order.length; end += 1) {
    best[end] = Number.POSITIVE_INFINITY;
    let groupPrefix = Number.POSITIVE_INFINITY;
    let longestRow = 0;
    for (let start = end - 1; start >= 0; start -= 1) {
      const length = tokensOf(start).length;
      groupPrefix = Math.min(groupPrefix, length - 1, start < end - 1 ? (shared[start + 1] as number) : length);
      longestRow = Math.max(longestRow, length);
      if (groupPrefix < 1) break;
      const cost = (best[start] as number) + groupPrefix + (end - start) * (longestRow - groupPrefix);
      if (cost < (best[end] as number)) {
        best[end] = cost;
        cut[end] = start;
        prefix[end] = groupPrefix;
      }
    }
  }
  const groups: PrefixGroup[] = [];
  for (let end = order.length; end > 0; end = cut[end] as number) {
    const start = cut[end] as number;
    groups.unshift({ rows: order.slice(start, end), prefixLength: prefix[end] as number });
  }
  return groups;
}

/** The model parts `scoreWithSharedPrefixes` runs. */
export interface DecoderParts {
  weights: TransformerWeights;
  config: TransformerConfig;
  lora: LoraState | undefined;
  padTokenId: number;
  /** The policy's decoding rules: scores are of the renormalised distribution over allowed tokens. */
  logitsRules?: LogitsRules;
}

/**
 * Log-prob (and entropy, value) of `targets[i]` after hidden state `hidden[i]`: each a `[rows]` tensor.
 * With `copy` (a copy head's terms for these rows), the scores are those of the pointer-generator mixture.
 * `ruleMask` (additive `[rows, vocab]`, from `ruleMaskForPositions`) applies the policy's decoding rules: the
 * scores are then those of the renormalised distribution over the allowed tokens.
 */
export function scoreHiddenStates(
  parts: DecoderParts,
  hidden: tf.Tensor2D,
  targets: tf.Tensor1D,
  options: ScoreSequencesOptions,
  copy?: CopyRowTerms,
  ruleMask?: tf.Tensor2D,
): { logProbs: tf.Tensor1D; entropies?: tf.Tensor1D; values?: tf.Tensor1D; features?: tf.Tensor2D } {
  const logits = languageModelHead(hidden, parts.weights);
  const temperature = options.temperature ?? 1;
  const withEntropy = options.withEntropy ?? false;
  const scaled = (temperature === 1 ? logits : tf.div(logits, temperature)) as tf.Tensor2D;
  // Decoding rules: log-softmax over the allowed tokens (forbidden ones get RULE_MASK_VALUE, exp → 0).
  // With a copy head, the plain mixture's target log-probs need no vocabulary-wide copy tensor; a temperature,
  // rule mask or entropy renormalise over the vocabulary: per-sequence key ids (`copyRowTerms`'s rows) take the
  // per-key scorer (the LM's own reductions over the vocabulary, the copy terms per key), other rows the fused
  // vocabulary-wide scorer.
  const scores = copy
    ? targetOnlyScoringApplies({ temperature, withEntropy, ruleMask })
      ? copyMixtureTargetScores(logits, copy, targets)
      : copy.sequences
        ? copyMixtureKeyScores(
            logits,
            keyColumnLogits(
              hidden,
              (parts.weights.lmHead ?? parts.weights.embedTokens) as tf.Tensor2D,
              copy.sequences,
              targets,
            ),
            copy,
            copy.sequences,
            targets,
            { temperature, withEntropy, ruleMask },
          )
        : copyMixtureTokenScores(logits, copy, targets, { temperature, withEntropy, ruleMask })
    : tokenLogProbsAndEntropy(ruleMask ? (tf.add(scaled, ruleMask) as tf.Tensor2D) : scaled, targets, withEntropy);
  const [logProbs, entropies] = tf.split(scores, 2, 1) as [tf.Tensor, tf.Tensor];
  const result: { logProbs: tf.Tensor1D; entropies?: tf.Tensor1D; values?: tf.Tensor1D; features?: tf.Tensor2D } = {
    logProbs: tf.reshape(logProbs, [-1]) as tf.Tensor1D,
  };
  if (options.withFeatures) result.features = hidden;
  if (options.withEntropy) result.entropies = tf.reshape(entropies, [-1]) as tf.Tensor1D;
  const valueHead = parts.weights.valueHead;
  if (options.withValues && valueHead) {
    result.values = tf.reshape(linear(hidden, valueHead.weight as tf.Tensor2D, valueHead.bias), [-1]) as tf.Tensor1D;
  }
  return result;
}

function padded(rows: ReadonlyArray<readonly number[]>, width: number, fill: number): number[] {
  const flat = new Array<number>(rows.length * width).fill(fill);
  rows.forEach((row, index) => {
    row.forEach((value, column) => {
      flat[index * width + column] = value;
    });
  });
  return flat;
}

/**
 * `scoreSequences` for right-padded `rows` (token ids, unpadded) in two decoder passes: each group's
 * prefix once, then every row's suffix attending to its group's cached keys and values. Identical to the
 * one-pass scores up to float rounding, gradients included (the prefix's keys and values are shared
 * tensors, so their gradients add up over the group). Scores are `[rows, width - 1]`; positions past a
 * row's end are 0. Call inside `tf.tidy` / `tf.variableGrads`.
 */
export function scoreWithSharedPrefixes(
  parts: DecoderParts,
  rows: ReadonlyArray<readonly number[]>,
  groups: readonly PrefixGroup[],
  width: number,
  options: ScoreSequencesOptions,
): SequenceScores {
  const { config } = parts;
  const { padTokenId } = parts;
  const groupOfRow = new Array<number>(rows.length).fill(-1);
  groups.forEach((group, groupIndex) => {
    for (const row of group.rows) groupOfRow[row] = groupIndex;
  });
  if (groupOfRow.some((group) => group < 0)) throw new Error('every row of a shared-prefix batch needs a group');
  const prefixOf = (row: number) => (groups[groupOfRow[row] as number] as PrefixGroup).prefixLength;

  // ── Pass 1: each group's prefix, [groups, prefixWidth] ────────────────────
  const prefixes = groups.map((group) =>
    (rows[group.rows[0] as number] as readonly number[]).slice(0, group.prefixLength),
  );
  const prefixWidth = Math.max(...prefixes.map((prefix) => prefix.length));
  const prefixIds = tf.tensor2d(padded(prefixes, prefixWidth, padTokenId), [groups.length, prefixWidth], 'int32');
  const prefixMask = tf.tensor2d(
    padded(
      prefixes.map((prefix) => prefix.map(() => 1)),
      prefixWidth,
      0,
    ),
    [groups.length, prefixWidth],
    'int32',
  );
  const prefixPass = transformerHidden(parts.weights, config, parts.lora, {
    inputIds: prefixIds,
    rotary: rotaryTables(positionsFromMask(prefixMask), config),
    mask: causalMask(prefixMask),
  });
  const prefixHidden = tf.reshape(prefixPass.hidden, [groups.length, prefixWidth, -1]) as tf.Tensor3D;

  // ── Pass 2: every row's suffix after its group's keys and values ──────────
  const suffixes = rows.map((row, index) => row.slice(prefixOf(index)));
  const suffixWidth = Math.max(...suffixes.map((suffix) => suffix.length));
  const suffixIds = tf.tensor2d(padded(suffixes, suffixWidth, padTokenId), [rows.length, suffixWidth], 'int32');
  const positions = rows.map((_, index) =>
    Array.from({ length: suffixWidth }, (_, column) => prefixOf(index) + column),
  );
  const keyWidth = prefixWidth + suffixWidth;
  const mask = new Float32Array(rows.length * suffixWidth * keyWidth).fill(-1e9);
  suffixes.forEach((suffix, index) => {
    for (let query = 0; query < suffixWidth; query += 1) {
      const offset = (index * suffixWidth + query) * keyWidth;
      mask.fill(0, offset, offset + prefixOf(index));
      mask.fill(0, offset + prefixWidth, offset + prefixWidth + Math.min(query + 1, suffix.length));
    }
  });
  const perRow = (tensor: tf.Tensor4D) => {
    const groupSlices = groups.map((_, group) => tf.slice(tensor, [group, 0, 0, 0], [1, -1, -1, -1]));
    return tf.concat(
      groupOfRow.map((group) => groupSlices[group] as tf.Tensor4D),
      0,
    ) as tf.Tensor4D;
  };
  const past: LayerKeyValues[] = prefixPass.present.map((layer) => ({
    keys: perRow(layer.keys),
    values: perRow(layer.values),
  }));
  const suffixPass = transformerHidden(parts.weights, config, parts.lora, {
    inputIds: suffixIds,
    rotary: rotaryTables(tf.tensor2d(positions.flat(), [rows.length, suffixWidth]), config),
    mask: tf.tensor(mask, [rows.length, 1, 1, suffixWidth, keyWidth]),
    past,
  });
  const suffixHidden = tf.reshape(suffixPass.hidden, [rows.length, suffixWidth, -1]) as tf.Tensor3D;

  // ── Scores: positions inside a prefix once per group, the rest per row ────
  const hiddenSize = config.hiddenSize;
  const groupQueries =
    prefixWidth >= 2 ? (tf.slice(prefixHidden, [0, 0, 0], [-1, prefixWidth - 1, -1]) as tf.Tensor3D) : undefined;
  // A row's first suffix token is predicted from the last hidden state of its group's prefix.
  const boundary = tf.concat(
    rows.map((_, index) => tf.slice(prefixHidden, [groupOfRow[index] as number, prefixOf(index) - 1, 0], [1, 1, -1])),
    0,
  );
  const rowHidden = (
    suffixWidth >= 2 ? tf.concat([boundary, tf.slice(suffixHidden, [0, 0, 0], [-1, suffixWidth - 1, -1])], 1) : boundary
  ) as tf.Tensor3D;
  const copy = parts.weights.copyHead
    ? sharedPrefixCopyTerms(parts.weights.copyHead, {
        rows,
        groupOfRow,
        prefixOf,
        groups: groups.length,
        prefixWidth,
        suffixWidth,
        padTokenId,
        prefixHidden: prefixPass.hidden,
        suffixHidden: suffixPass.hidden,
        groupQueries,
        rowQueries: rowHidden,
      })
    : undefined;
  const groupScores = groupQueries
    ? scoreHiddenStates(
        parts,
        tf.reshape(groupQueries, [-1, hiddenSize]) as tf.Tensor2D,
        tf.reshape(tf.slice(prefixIds, [0, 1], [-1, -1]), [-1]) as tf.Tensor1D,
        options,
        copy?.group,
        ruleMaskForPositions(
          parts.logitsRules,
          rows,
          groups.flatMap((group) =>
            Array.from({ length: prefixWidth - 1 }, (_, column) =>
              column + 1 < group.prefixLength ? ([group.rows[0] as number, column] as const) : undefined,
            ),
          ),
          config.vocabSize,
        ),
      )
    : undefined;
  const rowScores = scoreHiddenStates(
    parts,
    tf.reshape(rowHidden, [-1, hiddenSize]) as tf.Tensor2D,
    tf.reshape(suffixIds, [-1]) as tf.Tensor1D,
    options,
    copy?.row,
    ruleMaskForPositions(
      parts.logitsRules,
      rows,
      suffixes.flatMap((suffix, index) =>
        Array.from({ length: suffixWidth }, (_, column) =>
          column < suffix.length ? ([index, prefixOf(index) - 1 + column] as const) : undefined,
        ),
      ),
      config.vocabSize,
    ),
  );

  // Per row: its group's prefix positions, its own positions, zeros up to the batch width (any trailing dims).
  const assemble = <T extends tf.Tensor>(groupPart: tf.Tensor | undefined, rowPart: tf.Tensor): T => {
    const trailing = rowPart.shape.slice(1);
    const groupMatrix = groupPart ? tf.reshape(groupPart, [groups.length, prefixWidth - 1, ...trailing]) : undefined;
    const rowMatrix = tf.reshape(rowPart, [rows.length, suffixWidth, ...trailing]);
    const starts = (first: number, second: number) => [first, second, ...trailing.map(() => 0)];
    const sizes = (count: number) => [1, count, ...trailing.map(() => -1)];
    const assembled = rows.map((_, index) => {
      const prefixPositions = prefixOf(index) - 1;
      const suffixPositions = (suffixes[index] as number[]).length;
      const pieces: tf.Tensor[] = [];
      if (prefixPositions > 0 && groupMatrix) {
        pieces.push(tf.slice(groupMatrix, starts(groupOfRow[index] as number, 0), sizes(prefixPositions)));
      }
      pieces.push(tf.slice(rowMatrix, starts(index, 0), sizes(suffixPositions)));
      const rest = width - 1 - prefixPositions - suffixPositions;
      if (rest > 0) pieces.push(tf.zeros([1, rest, ...trailing]));
      return pieces.length === 1 ? (pieces[0] as tf.Tensor) : tf.concat(pieces, 1);
    });
    return tf.concat(assembled, 0) as T;
  };
  const result: SequenceScores = { logProbs: assemble<tf.Tensor2D>(groupScores?.logProbs, rowScores.logProbs) };
  if (rowScores.entropies) result.entropies = assemble<tf.Tensor2D>(groupScores?.entropies, rowScores.entropies);
  if (rowScores.values) result.values = assemble<tf.Tensor2D>(groupScores?.values, rowScores.values);
  if (rowScores.features) result.features = assemble<tf.Tensor3D>(groupScores?.features, rowScores.features);
  return result;
}
