import * as tf from '@tensorflow/tfjs-core';
import { type CopyHeadWeights, copyKeys, copyRowTerms } from './copy-head';
import type { CopyRowTerms } from './copy-mixture-scores';

/** The two passes of a shared-prefix scoring, as the copy head needs them. */
export interface SharedPrefixPasses {
  /** Token rows (unpadded) and, per row, its group and the group's prefix length. */
  rows: ReadonlyArray<readonly number[]>;
  groupOfRow: readonly number[];
  prefixOf: (row: number) => number;
  /** Group count and the padded prefix / suffix widths of the two passes. */
  groups: number;
  prefixWidth: number;
  suffixWidth: number;
  padTokenId: number;
  /** Final hidden states of pass 1 `[groups·prefixWidth, hidden]` and pass 2 `[rows·suffixWidth, hidden]`. */
  prefixHidden: tf.Tensor2D;
  suffixHidden: tf.Tensor2D;
  /** Scored queries: each group's prefix positions but the last `[groups, prefixWidth − 1, hidden]` (absent when
   * prefixWidth < 2), and each row's own `[rows, suffixWidth, hidden]` (its prefix's last state, then its suffix). */
  groupQueries: tf.Tensor3D | undefined;
  rowQueries: tf.Tensor3D;
}

/** Rows `[count, ·]` of `tensor [groups, ·]`, row i a copy of group `groupOf[i]` (slices: no gather gradient). */
function repeatGroups(tensor: tf.Tensor3D, groupOf: readonly number[]): tf.Tensor3D {
  const slices = Array.from({ length: tensor.shape[0] }, (_, group) => tf.slice(tensor, [group, 0, 0], [1, -1, -1]));
  return tf.concat(
    groupOf.map((group) => slices[group] as tf.Tensor3D),
    0,
  ) as tf.Tensor3D;
}

/**
 * The copy head's terms (`copyRowTerms`) for both parts of a shared-prefix scoring, equal to those of the
 * one-pass forward at the same positions. A group's prefix queries see only its prefix (shared by its rows). A
 * row's queries see its group's prefix keys, then its own suffix keys: query q stands at absolute position
 * t = prefix − 1 + q and may copy after key k when k < t, where key k copies token k + 1 of the row (so the
 * prefix's last key copies the row's first suffix token). Call inside `tf.tidy` / `tf.variableGrads`.
 */
export function sharedPrefixCopyTerms(
  head: CopyHeadWeights,
  passes: SharedPrefixPasses,
): { group: CopyRowTerms | undefined; row: CopyRowTerms } {
  const { rows, groups, prefixWidth, suffixWidth, padTokenId } = passes;
  const prefixKeys = copyKeys(head, passes.prefixHidden, groups);
  const suffixKeys = copyKeys(head, passes.suffixHidden, rows.length);
  const prefixLengths = Array.from({ length: groups }, (_, group) => {
    const row = passes.groupOfRow.indexOf(group);
    return passes.prefixOf(row);
  });

  let group: CopyRowTerms | undefined;
  if (passes.groupQueries) {
    const queries = prefixWidth - 1;
    const nextIds = new Int32Array(groups * prefixWidth).fill(padTokenId);
    const allowed = new Float32Array(groups * queries * prefixWidth);
    prefixLengths.forEach((length, index) => {
      const tokens = rows[passes.groupOfRow.indexOf(index)] as readonly number[];
      for (let key = 0; key + 1 < length; key += 1) nextIds[index * prefixWidth + key] = tokens[key + 1] as number;
      for (let query = 0; query < queries; query += 1) {
        const offset = (index * queries + query) * prefixWidth;
        allowed.fill(1, offset, offset + Math.min(query, length));
      }
    });
    group = copyRowTerms(head, passes.groupQueries, {
      keys: prefixKeys,
      nextIds: tf.tensor2d(nextIds, [groups, prefixWidth], 'int32'),
      allowed: tf.tensor3d(allowed, [groups, queries, prefixWidth]),
    });
  }

  const keyWidth = prefixWidth + suffixWidth;
  const nextIds = new Int32Array(rows.length * keyWidth).fill(padTokenId);
  const allowed = new Float32Array(rows.length * suffixWidth * keyWidth);
  rows.forEach((tokens, row) => {
    const prefix = passes.prefixOf(row);
    const suffix = tokens.length - prefix;
    for (let key = 0; key < prefix; key += 1) nextIds[row * keyWidth + key] = tokens[key + 1] as number;
    for (let key = 0; key + 1 < suffix; key += 1) {
      nextIds[row * keyWidth + prefixWidth + key] = tokens[prefix + key + 1] as number;
    }
    for (let query = 0; query < suffixWidth; query += 1) {
      const offset = (row * suffixWidth + query) * keyWidth;
      allowed.fill(1, offset, offset + Math.min(prefix - 1 + query, prefix));
      allowed.fill(1, offset + prefixWidth, offset + prefixWidth + Math.max(0, Math.min(query - 1, suffix)));
    }
  });
  const row = copyRowTerms(head, passes.rowQueries, {
    keys: tf.concat([repeatGroups(prefixKeys, passes.groupOfRow), suffixKeys], 1) as tf.Tensor3D,
    nextIds: tf.tensor2d(nextIds, [rows.length, keyWidth], 'int32'),
    allowed: tf.tensor3d(allowed, [rows.length, suffixWidth, keyWidth]),
  });
  return { group, row };
}
