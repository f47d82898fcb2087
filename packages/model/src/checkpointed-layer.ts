import * as tf from '@tensorflow/tfjs-core';

/** What this file needs of tfjs-core's engine beyond its typed surface (stable across tfjs 3 and 4). */
interface EngineInternals {
  state: { activeTape: unknown[] | null; gradientDepth: number };
  isTapeOn(): boolean;
  gradients(
    f: () => tf.Tensor,
    xs: tf.Tensor[],
    dy?: tf.Tensor,
    allowNoGradients?: boolean,
  ): { value: tf.Tensor; grads: tf.Tensor[] };
}

const engine = () => tf.engine() as unknown as EngineInternals;

/** Whether ops now are recorded for a backward pass (inside `tf.variableGrads`, not inside a custom gradient). */
export function recordingGradients(): boolean {
  return engine().isTapeOn();
}

/**
 * `run(x, kept)` as one op that saves only its input `x` and the `kept` tensors for the backward pass, and
 * recomputes the rest there (gradient checkpointing, one decoder layer at a time).
 *
 * Why: tfjs's tape keeps every op's saved inputs, and every intermediate gradient, until the whole backward pass
 * ends, so a step's peak is all layers' activations plus all their gradients. Checkpointed, the outer tape holds one
 * node per layer (its input `[rows, hidden]`), and each layer's activations and gradients live only while that
 * layer's backward runs. Cost: the layer's forward runs twice.
 *
 * `trainable` are the variables `run` uses that may need gradients (LoRA adapters, or the layer's weights in full
 * fine-tuning): they are the op's inputs beside `x`, so the outer tape routes their gradients. The backward runs
 * `run` again under a tape of its own; tfjs-core's engine then starts a fresh tape, which would drop the outer one,
 * so the outer tape is put back after it (the one engine internal this relies on, checked by the tests).
 */
export function checkpointed(
  run: (x: tf.Tensor2D, kept: readonly tf.Tensor[]) => tf.Tensor2D,
  x: tf.Tensor2D,
  kept: readonly tf.Tensor[],
  trainable: readonly tf.Variable[],
): tf.Tensor2D {
  const op = tf.customGrad((...inputs: Array<tf.Tensor | tf.GradSaveFunc>) => {
    const save = inputs[inputs.length - 1] as tf.GradSaveFunc;
    const input = inputs[0] as tf.Tensor2D;
    save([input, ...kept]);
    return {
      value: run(input, kept),
      gradFunc: (dy: tf.Tensor | tf.Tensor[], saved: tf.Tensor[]) => {
        const [savedInput, ...savedKept] = saved as [tf.Tensor2D, ...tf.Tensor[]];
        const outer = engine();
        const outerTape = outer.state.activeTape;
        try {
          const { value, grads } = outer.gradients(
            () => run(savedInput, savedKept),
            [savedInput, ...trainable],
            dy as tf.Tensor,
            true,
          );
          value.dispose();
          // An input the layer does not use (none today) gets a zero gradient rather than a hole.
          return grads.map(
            (gradient, index) =>
              gradient ?? tf.zerosLike(index === 0 ? savedInput : (trainable[index - 1] as tf.Tensor)),
          );
        } finally {
          outer.state.activeTape = outerTape;
        }
      },
    };
  });
  return op(x, ...trainable) as tf.Tensor2D;
}
