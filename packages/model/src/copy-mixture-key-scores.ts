import * as tf from '@tensorflow/tfjs-core';
import type { CopyRowTerms, SequenceKeyIds } from './copy-mixture-scores';
import { logSoftmaxKernel } from './log-softmax-kernel';
import { matMul, plainMatMul } from './mat-mul';
import { savedTensors } from './saved-tensors';
import { embedTokens } from './transformer-forward';

/** Floor under the mixture before its log, as in `copyMixtureTokenScores`. */
const TINY = 1e-30;
/** Floor under 1 − g, so that a saturated gate (g = 1 in float32) keeps every log finite. */
const MIN_LM_SHARE = 1e-30;

/** The rule mask `[rows, vocab]` (a constant) at each key's id and at the target: `[rows, keys + 1]`. */
function ruleMaskAt(ruleMask: tf.Tensor2D, keyIds: tf.Tensor2D, targetColumn: tf.Tensor2D): tf.Tensor2D {
  const [rows, vocab] = ruleMask.shape;
  const rowStarts = tf.reshape(tf.mul(tf.range(0, rows, 1, 'int32'), tf.scalar(vocab, 'int32')), [rows, 1]);
  const columns = tf.add(tf.concat([tf.cast(keyIds, 'int32'), targetColumn], 1), rowStarts);
  return tf.reshape(tf.gather(tf.reshape(ruleMask, [-1]), tf.reshape(columns, [-1])), [rows, -1]) as tf.Tensor2D;
}

/**
 * Per row of logits z `[rows, vocab]`, three reductions of the LM alone at temperature T under the additive rule
 * mask m (0 or −1e9): log Σ exp z, log Σ exp v and Σ softmax(v)·log softmax(v), with v = z/T + m. Returns
 * `[rows, 3]`. One op with a hand-written gradient: softmax(z) and softmax(v) are the only `[rows, vocab]`
 * tensors kept for the backward pass.
 */
function languageModelReductions(logits: tf.Tensor2D, temperature: number, ruleMask?: tf.Tensor2D): tf.Tensor2D {
  const op = tf.customGrad((...inputs: Array<tf.Tensor | tf.GradSaveFunc>) => {
    const [z, save] = inputs as [tf.Tensor2D, tf.GradSaveFunc];
    const logLm = logSoftmaxKernel(z);
    const lm = tf.exp(logLm);
    // log Σ exp z = z_w − log softmax(z)_w at any column: the first.
    const logSumZ = tf.sub(tf.slice(z, [0, 0], [-1, 1]), tf.slice(logLm, [0, 0], [-1, 1]));
    const scaled = temperature === 1 ? z : tf.mul(z, 1 / temperature);
    const v = (ruleMask ? tf.add(scaled, ruleMask) : scaled) as tf.Tensor2D;
    const logSv = logSoftmaxKernel(v);
    const sv = tf.exp(logSv);
    // log Σ exp v = v_w − log softmax(v)_w at the arg-max of v, where both are largest (an allowed token).
    const logSumV = tf.sub(tf.max(v, -1, true), tf.max(logSv, -1, true));
    const negativeEntropyV = tf.sum(tf.mul(sv, logSv), -1, true);
    save([lm, sv, logSv, negativeEntropyV]);
    return {
      value: tf.concat([logSumZ, logSumV, negativeEntropyV], 1) as tf.Tensor2D,
      gradFunc: (dy: tf.Tensor | tf.Tensor[], saved: tf.Tensor[]) => {
        const [lmS, svS, logSvS, negativeEntropyS] = savedTensors(saved, 4, 'languageModelReductions');
        const [dLogSumZ, dLogSumV, dNegativeEntropy] = tf.split(dy as tf.Tensor, 3, 1) as [
          tf.Tensor,
          tf.Tensor,
          tf.Tensor,
        ];
        // ∂(log Σ exp v)/∂v = sv; ∂(Σ sv·log sv)/∂v = sv·(log sv − Σ sv·log sv); ∂v/∂z = 1/T.
        const perRow = tf.mul(tf.sub(dLogSumV, tf.mul(dNegativeEntropy, negativeEntropyS)), 1 / temperature);
        const spread = tf.mul(svS, tf.add(tf.mul(logSvS, tf.mul(dNegativeEntropy, 1 / temperature)), perRow));
        return tf.add(tf.mul(lmS, dLogSumZ), spread);
      },
    };
  });
  return op(logits) as tf.Tensor2D;
}

/**
 * The LM logits at each key's id and at the target, `[rows, keys + 1]`, from the final hidden states `[rows,
 * hidden]` and the LM head `[vocab, hidden]` (no bias): per sequence, its queries × the head's rows of its key ids
 * (a batched product), and per row, its hidden state · the head's row of its target. Equal to the full logits
 * `hidden · headᵀ` at those columns up to float rounding; the head's gradient is the embedding lookup's
 * (`embedTokens`), so no `[rows, vocab]` tensor is gathered from or scattered into.
 */
export function keyColumnLogits(
  hidden: tf.Tensor2D,
  head: tf.Tensor2D,
  sequences: SequenceKeyIds,
  targets: tf.Tensor1D,
): tf.Tensor2D {
  const [rows, width] = hidden.shape;
  const [batch, keys] = sequences.keyIds.shape;
  const keyRows = embedTokens(head, tf.reshape(tf.cast(sequences.keyIds, 'int32'), [-1]) as tf.Tensor1D);
  const atKeys = matMul(
    tf.reshape(hidden, [batch, sequences.queries, width]),
    tf.reshape(keyRows, [batch, keys, width]),
    false,
    true,
  );
  const targetRows = embedTokens(head, tf.cast(targets, 'int32') as tf.Tensor1D);
  const atTarget = tf.sum(tf.mul(hidden, targetRows), -1, true);
  return tf.concat([tf.reshape(atKeys, [rows, keys]), atTarget], 1) as tf.Tensor2D;
}

/**
 * The same scores as `copyMixtureTokenScores` (log-prob of each target and the entropy of the pointer-generator
 * mixture at `temperature`, renormalised over the tokens `ruleMask` allows), without any vocabulary-wide copy
 * tensor. Off the set U of ids a row's keys copy, the mixture is the LM's alone, p_w = (1 − g)·lm_w, so
 *
 *   Z = Σ_w p_w^{1/T}·allowed_w = (1 − g)^{1/T}·Σ_all lm_w^{1/T}·allowed_w − Σ_U ((1 − g)·lm_w)^{1/T}·allowed_w
 *       + Σ_U p_w^{1/T}·allowed_w,
 *
 * and Σ_w q_w·log q_w (the entropy's other term) splits the same way. The vocabulary-wide part is three
 * reductions of the LM logits alone (`languageModelReductions`). The U part is `[rows, keys]` work: each key's
 * copy mass `Σ_k′ g·a_k′·[id_k′ = id_k]` is one batched product with the sequence's `[keys, keys]` id equality,
 * and each id is counted once, at its first key. Keys that the row may not attend to stay in U with no copy mass:
 * their two U terms cancel. The subtraction loses at most float rounding of the whole sum (the subtracted terms
 * are part of it). Tokens off U with lm_w below ~1e-30 differ from `copyMixtureTokenScores`, whose mixture has a
 * 1e-30 floor everywhere; their share of Z is below float precision.
 *
 * `columnLogits` `[rows, keys + 1]` are the LM logits at the keys' ids and the target (`keyColumnLogits`).
 * Returns `[rows, 2]`: column 0 the log-probs, column 1 the entropies (zeros unless `withEntropy`). Gradients are
 * hand-written for the vocabulary-wide reductions and for the `[rows, keys]` part (`perKeyScores`), with respect
 * to the logits, the column logits, the gate and the attention. Call inside `tf.tidy` / `tf.variableGrads`.
 */
export function copyMixtureKeyScores(
  lmLogits: tf.Tensor2D,
  columnLogits: tf.Tensor2D,
  copy: CopyRowTerms,
  sequences: SequenceKeyIds,
  targets: tf.Tensor1D,
  options: { temperature?: number; withEntropy: boolean; ruleMask?: tf.Tensor2D },
): tf.Tensor2D {
  const rows = lmLogits.shape[0];
  const keys = copy.attention.shape[1];
  const [batch, sequenceKeys] = sequences.keyIds.shape;
  const { queries } = sequences;
  if (batch * queries !== rows || sequenceKeys !== keys || columnLogits.shape[1] !== keys + 1) {
    throw new Error(
      `copyMixtureKeyScores: ${rows} rows × ${keys} keys do not match ${batch} sequences × ${queries} queries × ${sequenceKeys} keys.`,
    );
  }
  const temperature = options.temperature ?? 1;

  // Constants (no gradient): each key's id equality within its sequence, and whether it is its id's first key.
  const sequenceIds = tf.cast(sequences.keyIds, 'int32');
  const sameId = tf.cast(
    tf.equal(tf.reshape(sequenceIds, [batch, keys, 1]), tf.reshape(sequenceIds, [batch, 1, keys])),
    'float32',
  ) as tf.Tensor3D;
  const strictlyEarlier = new Float32Array(keys * keys);
  for (let key = 1; key < keys; key += 1) strictlyEarlier.fill(1, key * keys, key * keys + key);
  const earlierCopies = tf.sum(tf.mul(sameId, tf.tensor3d(strictlyEarlier, [1, keys, keys])), -1);
  const firstOfId = tf.reshape(
    tf.tile(tf.reshape(tf.cast(tf.equal(earlierCopies, 0), 'float32'), [batch, 1, keys]), [1, queries, 1]),
    [rows, keys],
  );
  const targetColumn = tf.reshape(tf.cast(targets, 'int32'), [rows, 1]);
  const copiesTarget = tf.cast(tf.equal(tf.cast(copy.keyIds, 'int32'), targetColumn), 'float32');
  const maskAt = options.ruleMask ? ruleMaskAt(options.ruleMask, copy.keyIds, targetColumn as tf.Tensor2D) : undefined;
  const reductions = languageModelReductions(lmLogits, temperature, options.ruleMask);
  return perKeyScores(reductions, columnLogits, copy.gate, copy.attention, {
    batch,
    queries,
    temperature,
    withEntropy: options.withEntropy,
    sameId,
    firstOfId,
    copiesTarget,
    maskAt,
  });
}

interface PerKeyConstants {
  batch: number;
  queries: number;
  temperature: number;
  withEntropy: boolean;
  /** `[sequences, keys, keys]`: 1 where two keys copy the same id. */
  sameId: tf.Tensor3D;
  /** `[rows, keys]`: 1 at the first key of each id. */
  firstOfId: tf.Tensor;
  /** `[rows, keys]`: 1 where the key copies the row's target. */
  copiesTarget: tf.Tensor;
  /** `[rows, keys + 1]`: the rule mask at the keys' ids and the target. */
  maskAt?: tf.Tensor2D;
}

/**
 * The `[rows, keys]` part of `copyMixtureKeyScores` as one op with a hand-written gradient (autodiff of these
 * small ops dispatched about 400 kernels, mostly broadcast reductions): from the LM's reductions `[rows, 3]`
 * (log Σ exp z, log Σ exp v, Σ sv·log sv), the LM logits at the keys' ids and the target `[rows, keys + 1]`, the
 * gate `[rows, 1]` and the attention `[rows, keys]` to `[rows, 2]` (log-prob, entropy).
 *
 * With s = max(1 − g, MIN_LM_SHARE), λ = log s / T, the log-LM ℓ = z_col − log Σ exp z at each column, the gated
 * copy mass c, p = s·e^ℓ + c + TINY, log q = log p / T + mask (mixture) and λ + ℓ/T + mask (LM alone),
 * log A = λ + log Σ exp v − log Σ exp z / T (the LM alone over the vocabulary) and a shift M:
 *   Z′ = e^{log A − M} − Σ_k f_k·e^{log q_LM,k − M} + Σ_k f_k·e^{log q_mix,k − M},
 *   log-prob = log q_mix,target − M − log Z′,
 *   S′ = e^{log A − M}·(log A + Σ sv·log sv − M) − Σ_k f_k·e^{log q_LM,k − M}·(log q_LM,k − M) + (the same, mix),
 *   entropy = log Z′ − S′/Z′.
 */
function perKeyScores(
  reductions: tf.Tensor2D,
  columnLogits: tf.Tensor2D,
  gate: tf.Tensor2D,
  attention: tf.Tensor2D,
  constants: PerKeyConstants,
): tf.Tensor2D {
  const { batch, queries, temperature, withEntropy, sameId, firstOfId, copiesTarget, maskAt } = constants;
  const [rows, keys] = attention.shape;
  const inverseT = 1 / temperature;
  const keysOf = (x: tf.Tensor) => tf.slice(x, [0, 0], [rows, keys]);
  const targetOf = (x: tf.Tensor) => tf.slice(x, [0, keys], [rows, 1]);
  const withMask = (x: tf.Tensor) => (maskAt ? tf.add(x, maskAt) : x);
  const copyMassAtKeys = (gated: tf.Tensor, equality: tf.Tensor) =>
    tf.reshape(plainMatMul(tf.reshape(gated, [batch, queries, keys]), equality, false, false), [rows, keys]);
  const op = tf.customGrad((...inputs: Array<tf.Tensor | tf.GradSaveFunc>) => {
    const [reduced, columns, g, a, save] = inputs as [
      tf.Tensor2D,
      tf.Tensor2D,
      tf.Tensor2D,
      tf.Tensor2D,
      tf.GradSaveFunc,
    ];
    const [logSumZ, logSumV, negativeEntropyV] = tf.split(reduced, 3, 1) as [tf.Tensor, tf.Tensor, tf.Tensor];
    const logLm = tf.sub(columns, logSumZ);
    const gated = tf.mul(a, g);
    const copyMass = tf.concat([copyMassAtKeys(gated, sameId), tf.sum(tf.mul(gated, copiesTarget), -1, true)], 1);
    const oneMinusG = tf.sub(1, g);
    const share = tf.maximum(oneMinusG, MIN_LM_SHARE);
    const lambda = tf.mul(tf.log(share), inverseT);
    const lm = tf.exp(logLm);
    const mixture = tf.add(tf.add(tf.mul(share, lm), copyMass), TINY);
    const logQMix = withMask(tf.mul(tf.log(mixture), inverseT));
    const logQLm = keysOf(withMask(tf.add(tf.mul(logLm, inverseT), lambda)));
    const logAll = tf.add(lambda, tf.sub(logSumV, tf.mul(logSumZ, inverseT)));
    const shift = tf.maximum(logAll, tf.max(keysOf(logQMix), -1, true));
    const weightAll = tf.exp(tf.sub(logAll, shift));
    const centredMix = tf.sub(keysOf(logQMix), shift);
    const centredLm = tf.sub(logQLm, shift);
    const weightMix = tf.mul(tf.exp(centredMix), firstOfId);
    const weightLm = tf.mul(tf.exp(centredLm), firstOfId);
    const total = tf.add(tf.sub(weightAll, tf.sum(weightLm, -1, true)), tf.sum(weightMix, -1, true));
    const logTotal = tf.log(total);
    const logProbs = tf.sub(tf.sub(targetOf(logQMix), shift), logTotal);
    const centredAll = tf.sub(tf.add(logAll, negativeEntropyV), shift);
    const weighted = withEntropy
      ? tf.add(
          tf.sub(tf.mul(weightAll, centredAll), tf.sum(tf.mul(weightLm, centredLm), -1, true)),
          tf.sum(tf.mul(weightMix, centredMix), -1, true),
        )
      : tf.zerosLike(total);
    const entropy = withEntropy ? tf.sub(logTotal, tf.div(weighted, total)) : tf.zerosLike(total);
    save([
      sameId,
      copiesTarget,
      g,
      a,
      oneMinusG,
      share,
      lm,
      mixture,
      weightAll,
      weightMix,
      weightLm,
      centredAll,
      centredMix,
      centredLm,
      total,
      weighted,
    ]);
    return {
      value: tf.concat([logProbs, entropy], 1) as tf.Tensor2D,
      gradFunc: (dy: tf.Tensor | tf.Tensor[], saved: tf.Tensor[]) => {
        const [
          sameIdS,
          copiesTargetS,
          gS,
          aS,
          oneMinusGS,
          shareS,
          lmS,
          mixtureS,
          wAll,
          wMix,
          wLm,
          cAll,
          cMix,
          cLm,
          totalS,
          weightedS,
        ] = savedTensors(saved, 16, 'perKeyScores');
        const [dLogProb, dEntropy] = tf.split(dy as tf.Tensor, 2, 1) as [tf.Tensor, tf.Tensor];
        // log-prob = … − log Z′; entropy = log Z′ − S′/Z′.
        const dTotal = withEntropy
          ? tf.div(tf.add(tf.sub(dEntropy, dLogProb), tf.mul(dEntropy, tf.div(weightedS, totalS))), totalS)
          : tf.neg(tf.div(dLogProb, totalS));
        const dWeighted = withEntropy ? tf.neg(tf.div(dEntropy, totalS)) : undefined;
        // A term w = e^{x − M} in Z′ and w·(x − M) in S′: ∂/∂x = w·(∂Z′ + ∂S′·(1 + x − M)). M cancels.
        const termGradient = (weight: tf.Tensor, centred: tf.Tensor) =>
          dWeighted ? tf.mul(weight, tf.add(dTotal, tf.mul(dWeighted, tf.add(centred, 1)))) : tf.mul(weight, dTotal);
        const dLogAll = termGradient(wAll, cAll);
        const dNegativeEntropyV = dWeighted ? tf.mul(dWeighted, wAll) : tf.zerosLike(wAll);
        const dLogQLm = tf.neg(termGradient(wLm, cLm));
        const dLogQMix = tf.concat([termGradient(wMix, cMix), dLogProb], 1);
        // log q_mix = log p / T (+ mask); log q_LM = λ + ℓ/T (+ mask); log A = λ + log Σ exp v − log Σ exp z / T.
        const dMixture = tf.div(dLogQMix, tf.mul(mixtureS, temperature));
        const dLambda = tf.add(tf.sum(dLogQLm, -1, true), dLogAll);
        // p = s·e^ℓ + c + TINY.
        const dLogLm = tf.add(
          tf.mul(tf.mul(dMixture, lmS), shareS),
          tf.concat([tf.mul(dLogQLm, inverseT), tf.zerosLike(dLogProb)], 1),
        );
        const dShare = tf.add(tf.sum(tf.mul(dMixture, lmS), -1, true), tf.div(dLambda, tf.mul(shareS, temperature)));
        const dColumns = dLogLm;
        const dLogSumZ = tf.neg(tf.add(tf.sum(dLogLm, -1, true), tf.mul(dLogAll, inverseT)));
        const dReduced = tf.concat([dLogSumZ, dLogAll, dNegativeEntropyV], 1);
        // c = (g·a)·sameId at the keys, Σ g·a·[id = target] at the target.
        const dGated = tf.add(copyMassAtKeys(keysOf(dMixture), sameIdS), tf.mul(targetOf(dMixture), copiesTargetS));
        const dGateFromShare = tf.neg(tf.mul(dShare, tf.cast(tf.greater(oneMinusGS, MIN_LM_SHARE), 'float32')));
        const dGate = tf.add(tf.sum(tf.mul(dGated, aS), -1, true), dGateFromShare);
        return [dReduced, dColumns, dGate, tf.mul(dGated, gS)];
      },
    };
  });
  return op(reductions, columnLogits, gate, attention) as tf.Tensor2D;
}
