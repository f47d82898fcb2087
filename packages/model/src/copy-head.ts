import * as tf from '@tensorflow/tfjs-core';
import type { CopyRowTerms } from './copy-mixture-scores';
import { linear, matMul } from './mat-mul';
import type { KeyValueWriter, LayerKeyValues } from './transformer-forward';

/**
 * Weights of the optional copy (pointer-generator) head, See et al. 2017, on the final normed hidden states.
 * Only present when the config has `copyHead` (HF config.json `rlver_copy_head`).
 */
export interface CopyHeadWeights {
  /** `[keyDim, hidden]`: query projection of the predicting position. */
  query: tf.Variable;
  /** `[keyDim, hidden]`: key projection of every earlier position. */
  key: tf.Variable;
  /** `[1, hidden]`: gate weight `w_g`. */
  gate: tf.Variable;
  /** `[1]`: gate bias `b`. */
  gateBias: tf.Variable;
}

/** Gate bias of a freshly added copy head: sigmoid(−2.944) ≈ 0.05, so a warm start keeps 95 % of the LM's mass. */
export const COPY_GATE_INITIAL_BIAS = Math.log(0.05 / 0.95);

/** Checkpoint tensor names of the copy head (not part of any Hugging Face architecture). */
export const COPY_HEAD_TENSORS = {
  query: 'rlver_copy_head.q_proj.weight',
  key: 'rlver_copy_head.k_proj.weight',
  gate: 'rlver_copy_head.gate.weight',
  gateBias: 'rlver_copy_head.gate.bias',
} as const;

/**
 * What the copy head attends to, for queries `[batch, queries]` over key positions `[batch, keys]`.
 *
 * Key position k stands for the token that came *after* it (`nextIds[k]`): its key is projected from the hidden
 * state that predicted that token. A query then finds an earlier place where the model was in the same state
 * (the same current token and context) and copies what followed there — the induction step a 4-layer model does
 * not learn on its own from a few million tokens.
 */
export interface CopyContext {
  /** `[batch, keys, keyDim]`: copy keys of every key position. */
  keys: tf.Tensor3D;
  /** int32 `[batch, keys]`: the token after each key position (any id where unknown: never allowed). */
  nextIds: tf.Tensor2D;
  /** float `[batch, queries, keys]`: 1 where the query may copy the token after that key position, else 0. */
  allowed: tf.Tensor3D;
}

/** Copy keys `[batch, length, keyDim]` of hidden states `[batch·length, hidden]`. */
export function copyKeys(head: CopyHeadWeights, hidden: tf.Tensor2D, batch: number): tf.Tensor3D {
  return tf.reshape(linear(hidden, head.key as tf.Tensor2D), [batch, -1, head.key.shape[0] as number]) as tf.Tensor3D;
}

/**
 * Copy attention and gate of query hidden states `[batch, queries, hidden]`: attention `[batch, queries, keys]`
 * (rows with no allowed key are all zero) and gate `g = sigmoid(w_g·h + b)` `[batch, queries, 1]` (0 for those
 * rows, so their distribution is the LM's alone).
 */
export function copyAttention(
  head: CopyHeadWeights,
  hidden: tf.Tensor3D,
  context: Pick<CopyContext, 'keys' | 'allowed'>,
): { attention: tf.Tensor3D; gate: tf.Tensor3D } {
  const [batch, queries, hiddenSize] = hidden.shape;
  const keyDim = head.query.shape[0] as number;
  const flat = tf.reshape(hidden, [batch * queries, hiddenSize]) as tf.Tensor2D;
  const query = tf.reshape(linear(flat, head.query as tf.Tensor2D), [batch, queries, keyDim]);
  const scores = tf.mul(matMul(query, context.keys, false, true), 1 / Math.sqrt(keyDim));
  const masked = tf.add(scores, tf.mul(tf.sub(1, context.allowed), -1e9));
  const attention = tf.mul(tf.softmax(masked), context.allowed) as tf.Tensor3D;
  const anyAllowed = tf.max(context.allowed, -1, true);
  const gateLogit = tf.reshape(linear(flat, head.gate as tf.Tensor2D, head.gateBias), [batch, queries, 1]);
  return { attention, gate: tf.mul(tf.sigmoid(gateLogit), anyAllowed) as tf.Tensor3D };
}

/**
 * Copy mass per vocabulary entry `[batch, queries, vocab]` by a scatter-add of the attention onto the next ids:
 * no `[batch, keys, vocab]` one-hot (no gradient needed). A decode step uses `copyMixtureNextLogProbs` instead.
 */
function scatterCopyMass(attention: tf.Tensor3D, nextIds: tf.Tensor2D, vocab: number): tf.Tensor3D {
  const [batch, queries, keys] = attention.shape;
  const rows = tf.reshape(
    tf.tile(tf.reshape(tf.range(0, batch * queries, 1, 'int32'), [batch * queries, 1]), [1, keys]),
    [-1, 1],
  );
  const ids = tf.reshape(tf.tile(tf.reshape(tf.cast(nextIds, 'int32'), [batch, 1, keys]), [1, queries, 1]), [-1, 1]);
  const indices = tf.concat([rows, ids], 1);
  const mass = tf.scatterND(indices, tf.reshape(attention, [-1]), [batch * queries, vocab]);
  return tf.reshape(mass, [batch, queries, vocab]) as tf.Tensor3D;
}

/** `log(exp(a) + exp(b))`, elementwise and stable. */
function logAddExp(a: tf.Tensor, b: tf.Tensor): tf.Tensor {
  const high = tf.maximum(a, b);
  return tf.add(high, tf.log(tf.add(tf.exp(tf.sub(a, high)), tf.exp(tf.sub(b, high)))));
}

/** Floor under the copy mass before its log: keeps log and its gradient finite where no copy mass falls. */
const TINY = 1e-30;

/**
 * The pointer-generator mixture as normalised log-probabilities `[batch, queries, vocab]`:
 * `log((1 − g)·softmax(lmLogits) + g·Σ_{k allowed, nextIds[k] = w} a_k)`. Consumers treat them as logits
 * (log-softmax of normalised log-probs is the identity). Call inside `tf.tidy`.
 */
export function copyMixtureLogProbs(
  head: CopyHeadWeights,
  hidden: tf.Tensor3D,
  lmLogits: tf.Tensor3D,
  context: CopyContext,
  options: { differentiable?: boolean } = {},
): tf.Tensor3D {
  const { attention, gate } = copyAttention(head, hidden, context);
  return copyMixtureFromTerms(lmLogits, gate, attention, context.nextIds, options);
}

/**
 * `copyMixtureLogProbs` from the head's terms: gate `[batch, queries, 1]`, attention `[batch, queries, keys]` and
 * the token each key copies, int32 `[batch, keys]`. Vocabulary-wide (`[batch, queries, vocab]`): generation and
 * full logits; scoring uses `copyMixtureTokenScores`. Call inside `tf.tidy`.
 */
export function copyMixtureFromTerms(
  lmLogits: tf.Tensor3D,
  gate: tf.Tensor3D,
  attention: tf.Tensor3D,
  nextIds: tf.Tensor2D,
  options: { differentiable?: boolean } = {},
): tf.Tensor3D {
  const vocab = lmLogits.shape[2];
  const copyMass =
    options.differentiable === false
      ? scatterCopyMass(attention, nextIds, vocab)
      : (matMul(attention, tf.cast(tf.oneHot(tf.cast(nextIds, 'int32'), vocab), 'float32')) as tf.Tensor3D);
  const generated = tf.add(tf.logSoftmax(lmLogits), tf.log(tf.sub(1, gate)));
  const copied = tf.log(tf.add(tf.mul(copyMass, gate), TINY));
  return logAddExp(generated, copied) as tf.Tensor3D;
}

/**
 * Log-probability of one target per row under the mixture, without a vocabulary-wide copy tensor (training):
 * `lmTargetLogProbs` = log softmax(lm)[target], `gate` and `copyMass` = Σ of the attention on positions whose
 * next token is the target, each `[rows]`.
 */
export function copyMixtureTargetLogProbs(
  lmTargetLogProbs: tf.Tensor,
  gate: tf.Tensor,
  copyMass: tf.Tensor,
): tf.Tensor {
  const generated = tf.add(lmTargetLogProbs, tf.log(tf.sub(1, gate)));
  return logAddExp(generated, tf.log(tf.add(tf.mul(copyMass, gate), TINY)));
}

/**
 * Copy context of a full-sequence pass (no cache): keys of every position, next ids `ids[k+1]`, and query t
 * allowed key k when k < t and the attention mask lets t see k. `mask` is the additive mask broadcastable to
 * `[batch, 1, 1, length, length]` (0 or −1e9).
 */
export function fullSequenceCopyContext(
  head: CopyHeadWeights,
  hidden: tf.Tensor2D,
  inputIds: tf.Tensor2D,
  mask: tf.Tensor,
  padTokenId: number,
): CopyContext {
  return cachedCopyContext(head, hidden, inputIds, mask, padTokenId, undefined).context;
}

/** This step's copy keys `[batch, 1, length, keyDim]` and token ids (float) `[batch, 1, length, 1]`. */
function stepCopyEntries(head: CopyHeadWeights, hidden: tf.Tensor2D, inputIds: tf.Tensor2D) {
  const [batch, length] = inputIds.shape;
  const keyDim = head.key.shape[0] as number;
  return {
    keys: tf.reshape(copyKeys(head, hidden, batch), [batch, 1, length, keyDim]) as tf.Tensor4D,
    ids: tf.reshape(tf.cast(inputIds, 'float32'), [batch, 1, length, 1]) as tf.Tensor4D,
  };
}

/**
 * The copy context over all key columns (`keys4`/`ids4` `[batch, 1, keyLength, ·]`) for `length` queries, the
 * first at column `firstQuery`: query t may copy after key k when k < firstQuery + t and the mask (broadcastable
 * to `[batch, 1, 1, length, keyLength]`) lets it see k.
 */
function copyContextOver(
  keys4: tf.Tensor4D,
  ids4: tf.Tensor4D,
  mask: tf.Tensor,
  padTokenId: number,
  length: number,
  firstQuery: number,
): CopyContext {
  const [batch, , keyLength, keyDim] = keys4.shape;
  const allIds = tf.reshape(ids4, [batch, keyLength]);
  const nextIds = tf.concat([tf.slice(allIds, [0, 1], [batch, keyLength - 1]), tf.fill([batch, 1], padTokenId)], 1);
  const strictlyEarlier = new Float32Array(length * keyLength);
  for (let query = 0; query < length; query += 1) {
    strictlyEarlier.fill(1, query * keyLength, query * keyLength + firstQuery + query);
  }
  // A mask of the full shape (a decode step's) needs no broadcast: two kernels fewer per step.
  const fullShape = [batch, 1, 1, length, keyLength];
  const full = mask.rank === 5 && mask.shape.every((size, axis) => size === fullShape[axis]);
  const broadcast = full ? mask : tf.add(mask, tf.zeros(fullShape));
  const visible = tf.cast(tf.equal(tf.reshape(broadcast, [batch, length, keyLength]), 0), 'float32');
  return {
    keys: tf.reshape(keys4, [batch, keyLength, keyDim]) as tf.Tensor3D,
    nextIds: tf.cast(nextIds, 'int32') as tf.Tensor2D,
    allowed: tf.mul(visible, tf.tensor3d(strictlyEarlier, [1, length, keyLength])) as tf.Tensor3D,
  };
}

/**
 * The copy context of a decode step whose copy cache lives in a preallocated `KeyValueCache` (entry `entry`,
 * after the layers): this step's copy keys and token ids are written at the cache's current column, and the
 * query sees the columns before it that `mask` leaves visible (unwritten columns are masked by the caller).
 */
export function copyContextInCache(
  head: CopyHeadWeights,
  hidden: tf.Tensor2D,
  inputIds: tf.Tensor2D,
  mask: tf.Tensor,
  padTokenId: number,
  cache: KeyValueWriter,
  entry: number,
): { context: CopyContext } {
  const column = cache.length;
  const step = stepCopyEntries(head, hidden, inputIds);
  const buffers = cache.write(entry, step.keys, step.ids);
  return { context: copyContextOver(buffers.keys, buffers.values, mask, padTokenId, inputIds.shape[1], column) };
}

/**
 * Copy context of a decode step after `past` (the copy cache: keys `[batch, 1, pastLength, keyDim]`, token ids as
 * float `[batch, 1, pastLength, 1]`), and the updated cache to return beside the layers' keys and values.
 * Query t of the step (key index pastLength + t) may copy after key k when k < pastLength + t and the mask
 * (broadcastable to `[batch, 1, 1, length, pastLength + length]`) lets it see k.
 */
export function cachedCopyContext(
  head: CopyHeadWeights,
  hidden: tf.Tensor2D,
  inputIds: tf.Tensor2D,
  mask: tf.Tensor,
  padTokenId: number,
  past: LayerKeyValues | undefined,
): { context: CopyContext; present: LayerKeyValues } {
  const step = stepCopyEntries(head, hidden, inputIds);
  const keys4 = past ? (tf.concat([past.keys, step.keys], 2) as tf.Tensor4D) : step.keys;
  const ids4 = past ? (tf.concat([past.values, step.ids], 2) as tf.Tensor4D) : step.ids;
  const pastLength = past ? (past.keys.shape[2] as number) : 0;
  return {
    context: copyContextOver(keys4, ids4, mask, padTokenId, inputIds.shape[1], pastLength),
    present: { keys: keys4, values: ids4 },
  };
}

/**
 * The copy head's terms for the fused scorer (`copyMixtureTokenScores`) of query hidden states
 * `[batch, queries, hidden]` over `context`: gate `[batch·queries, 1]`, attention `[batch·queries, keys]` and the
 * id each key copies, per query row (`context.nextIds` repeated over the queries). Call inside `tf.tidy`.
 */
export function copyRowTerms(head: CopyHeadWeights, hidden: tf.Tensor3D, context: CopyContext): CopyRowTerms {
  const [batch, queries] = hidden.shape;
  const keys = context.nextIds.shape[1];
  const { attention, gate } = copyAttention(head, hidden, context);
  const keyIds = tf.tile(tf.reshape(tf.cast(context.nextIds, 'int32'), [batch, 1, keys]), [1, queries, 1]);
  return {
    gate: tf.reshape(gate, [batch * queries, 1]) as tf.Tensor2D,
    attention: tf.reshape(attention, [batch * queries, keys]) as tf.Tensor2D,
    keyIds: tf.reshape(keyIds, [batch * queries, keys]) as tf.Tensor2D,
    sequences: { keyIds: tf.cast(context.nextIds, 'int32') as tf.Tensor2D, queries },
  };
}
