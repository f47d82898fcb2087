import * as tf from '@tensorflow/tfjs-core';

/** Swap the last two axes. */
function transposeLast(x: tf.Tensor): tf.Tensor {
  const rank = x.rank;
  const permutation = Array.from({ length: rank }, (_, axis) => axis);
  permutation[rank - 2] = rank - 1;
  permutation[rank - 1] = rank - 2;
  return tf.transpose(x, permutation);
}

/**
 * `op(a) · op(b)` computed by a plain (untransposed) matmul: the wasm backend runs BatchMatMul with
 * `transposeA` / `transposeB` through a slow generic loop (10–30× slower than its XNNPACK path), so
 * operands are transposed explicitly. Of the two ways (`op(a)·op(b)`, or `(op(b)ᵀ·op(a)ᵀ)ᵀ`) it picks the
 * one that copies fewer elements. Native backends (tensorflow) take the transposed matmul directly.
 */
export function plainMatMul(a: tf.Tensor, b: tf.Tensor, transposeA: boolean, transposeB: boolean): tf.Tensor {
  if (tf.getBackend() === 'tensorflow') return tf.matMul(a, b, transposeA, transposeB);
  if (!transposeA && !transposeB) return untransposedMatMul(a, b);
  const rowsOut = a.shape[a.rank - (transposeA ? 1 : 2)] as number;
  const columnsOut = b.shape[b.rank - (transposeB ? 2 : 1)] as number;
  const batchSize = a.size / ((a.shape[a.rank - 1] as number) * (a.shape[a.rank - 2] as number));
  const direct = (transposeA ? a.size : 0) + (transposeB ? b.size : 0);
  const swapped = (transposeA ? 0 : a.size) + (transposeB ? 0 : b.size) + batchSize * rowsOut * columnsOut;
  if (direct <= swapped) {
    return untransposedMatMul(transposeA ? transposeLast(a) : a, transposeB ? transposeLast(b) : b);
  }
  // (op(a)·op(b))ᵀ = op(b)ᵀ·op(a)ᵀ, where op(b)ᵀ is b itself when transposeB, else bᵀ.
  return transposeLast(untransposedMatMul(transposeB ? b : transposeLast(b), transposeA ? a : transposeLast(a)));
}

/** Multiply-adds per batch item above which a batched product is split into 2-D products. */
const SPLIT_BATCH_MIN_WORK = 32_768;
const SPLIT_BATCH_MAX_ITEMS = 64;

/**
 * `a · b` without transposes. wasm runs only batch-1 products on XNNPACK; batched ones take a scalar
 * loop, so large enough batched products are split into one 2-D product per batch item.
 */
function untransposedMatMul(a: tf.Tensor, b: tf.Tensor): tf.Tensor {
  if (a.rank <= 2 || tf.getBackend() !== 'wasm') return tf.matMul(a, b);
  const rows = a.shape[a.rank - 2] as number;
  const inner = a.shape[a.rank - 1] as number;
  const columns = b.shape[b.rank - 1] as number;
  const items = a.size / (rows * inner);
  if (
    items === 1 ||
    items > SPLIT_BATCH_MAX_ITEMS ||
    rows * inner * columns < SPLIT_BATCH_MIN_WORK ||
    b.size !== items * inner * columns
  ) {
    return tf.matMul(a, b);
  }
  const leftItems = tf.unstack(tf.reshape(a, [items, rows, inner]));
  const rightItems = tf.unstack(tf.reshape(b, [items, inner, columns]));
  const products = leftItems.map((left, index) => tf.matMul(left, rightItems[index] as tf.Tensor));
  return tf.reshape(tf.stack(products), [...a.shape.slice(0, -1), columns]);
}

/**
 * Differentiable `op(a) · op(b)` (rank 2, or equal batch dimensions) whose forward and backward passes
 * both use `plainMatMul`.
 */
export function matMul(a: tf.Tensor, b: tf.Tensor, transposeA = false, transposeB = false): tf.Tensor {
  if (tf.getBackend() === 'tensorflow') return tf.matMul(a, b, transposeA, transposeB);
  const product = tf.customGrad((...inputs: Array<tf.Tensor | tf.GradSaveFunc>) => {
    const [left, right, save] = inputs as [tf.Tensor, tf.Tensor, tf.GradSaveFunc];
    // Saved tensors outlive the caller's tf.tidy until the backward pass (closures would not).
    save([left, right]);
    return {
      value: plainMatMul(left, right, transposeA, transposeB),
      gradFunc: (dy: tf.Tensor | tf.Tensor[], saved: tf.Tensor[]) => {
        const [savedA, savedB] = saved as [tf.Tensor, tf.Tensor];
        const upstream = dy as tf.Tensor;
        const gradientA = transposeA
          ? plainMatMul(savedB, upstream, transposeB, true)
          : plainMatMul(upstream, savedB, false, !transposeB);
        const gradientB = transposeB
          ? plainMatMul(upstream, savedA, true, transposeA)
          : plainMatMul(savedA, upstream, !transposeA, false);
        return [gradientA, gradientB];
      },
    };
  });
  return product(a, b);
}

/**
 * `x · Wᵀ (+ bias)` for a weight in Hugging Face `[out, in]` layout; x is `[rows, in]`. One op with a
 * hand-written gradient: dx = dy·W, dW = dyᵀ·x, and the bias gradient as `1ᵀ·dy` (a matmul; wasm's
 * column sum transposes first and is slower).
 */
export function linear(x: tf.Tensor2D, weight: tf.Tensor2D, bias?: tf.Tensor): tf.Tensor2D {
  if (tf.getBackend() === 'tensorflow') {
    const product = tf.matMul(x, weight, false, true) as tf.Tensor2D;
    return bias ? (tf.add(product, bias) as tf.Tensor2D) : product;
  }
  if (weight instanceof tf.Variable && !weight.trainable) {
    const product = frozenLinear(x, weight);
    return bias ? (tf.add(product, bias) as tf.Tensor2D) : product;
  }
  const forward = tf.customGrad((...inputs: Array<tf.Tensor | tf.GradSaveFunc>) => {
    const save = inputs[inputs.length - 1] as tf.GradSaveFunc;
    const [input, matrix] = inputs as [tf.Tensor2D, tf.Tensor2D];
    save([input, matrix]);
    const product = plainMatMul(input, matrix, false, true);
    return {
      value: (bias ? tf.add(product, inputs[2] as tf.Tensor) : product) as tf.Tensor2D,
      gradFunc: (dy: tf.Tensor | tf.Tensor[], saved: tf.Tensor[]) => {
        const [savedInput, savedMatrix] = saved as [tf.Tensor2D, tf.Tensor2D];
        const upstream = dy as tf.Tensor2D;
        const gradients = [
          plainMatMul(upstream, savedMatrix, false, false),
          plainMatMul(upstream, savedInput, true, false),
        ];
        if (bias) {
          const ones = tf.ones([1, upstream.shape[0]]);
          gradients.push(tf.reshape(tf.matMul(ones, upstream), bias.shape));
        }
        return gradients;
      },
    };
  });
  return (bias ? forward(x, weight, bias) : forward(x, weight)) as tf.Tensor2D;
}

/**
 * `x · Wᵀ` for a frozen weight (a variable with `trainable` false, such as the base weights under LoRA):
 * the gradient is dx = dy·W alone, so the backward pass skips dW = dyᵀ·x, a matmul as large as the
 * forward one (tfjs's tape drops unneeded gradients only after a custom gradient has computed them all).
 */
function frozenLinear(x: tf.Tensor2D, weight: tf.Variable): tf.Tensor2D {
  const forward = tf.customGrad((...inputs: Array<tf.Tensor | tf.GradSaveFunc>) => {
    const [input] = inputs as [tf.Tensor2D];
    return {
      value: plainMatMul(input, weight, false, true) as tf.Tensor2D,
      // A variable outlives the caller's tf.tidy, so the closure may hold it until the backward pass.
      gradFunc: (dy: tf.Tensor | tf.Tensor[]) => [plainMatMul(dy as tf.Tensor2D, weight, false, false)],
    };
  });
  return forward(x) as tf.Tensor2D;
}
