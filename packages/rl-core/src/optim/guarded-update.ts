import { clipByGlobalNorm, ensureGradientsRegistered, globalNorm } from '@rlver/optim';
import * as tf from '@tensorflow/tfjs-core';
import { NonFiniteUpdateError } from '../errors/non-finite-update-error';

/**
 * The optimizer a guarded updater drives (`createAdamW` of `@rlver/optim`). Gradients are keyed by variable name, as `tf.variableGrads` returns them.
 */
export interface GradientOptimizer {
  applyGradients(gradients: Readonly<Record<string, tf.Tensor>>): void;
}

/** What a micro-batch loss function returns: the loss and optional scalars to sum over micro-batches. */
export interface LossComputation {
  loss: tf.Scalar;
  metrics?: Record<string, tf.Scalar>;
}

export interface GuardedStepResult {
  /** True when the update was not applied (non-finite loss or gradient norm). */
  skipped: boolean;
  /** Sum of the micro-batch losses. */
  loss: number;
  /** Global gradient norm before clipping. */
  gradNorm: number;
  /** Micro-batch metrics, summed. */
  metrics: Record<string, number>;
}

export interface GuardedUpdater {
  /**
   * One optimizer step from the summed gradients of the micro-batch losses: `tf.variableGrads` per micro-batch →
   * accumulate → clip by global norm → apply. A non-finite loss or norm skips the step; `maxConsecutiveSkips`
   * skips in a row throw `NonFiniteUpdateError`.
   */
  step(microBatchLosses: ReadonlyArray<() => LossComputation>): Promise<GuardedStepResult>;
  /** Skips since the last applied update (checkpointed with the algorithm state). */
  consecutiveSkips: number;
}

export function createGuardedUpdater(options: {
  variables: readonly tf.Variable[];
  optimizer: GradientOptimizer;
  /** null = no clipping. */
  maxGradNorm: number | null;
  maxConsecutiveSkips: number;
}): GuardedUpdater {
  const updater: GuardedUpdater = {
    consecutiveSkips: 0,
    async step(microBatchLosses) {
      await ensureGradientsRegistered();
      const names = options.variables.map((variable) => variable.name);
      let accumulated: Record<string, tf.Tensor> = {};
      let loss = 0;
      const metrics: Record<string, number> = {};
      for (const computeLoss of microBatchLosses) {
        const metricTensors: Record<string, tf.Scalar> = {};
        const { value, grads } = tf.variableGrads(() => {
          const result = computeLoss();
          for (const [key, tensor] of Object.entries(result.metrics ?? {})) metricTensors[key] = tf.keep(tensor);
          return result.loss;
        }, options.variables as tf.Variable[]);
        const previous = accumulated;
        accumulated = tf.tidy(() => {
          const next: Record<string, tf.Tensor> = {};
          for (const name of names) {
            const gradient = grads[name];
            const sum = previous[name];
            if (gradient && sum) next[name] = tf.add(sum, gradient);
            else if (gradient ?? sum) next[name] = tf.clone((gradient ?? sum) as tf.Tensor);
          }
          return next;
        });
        loss += (await value.data())[0] as number;
        for (const [key, tensor] of Object.entries(metricTensors)) {
          metrics[key] = (metrics[key] ?? 0) + ((await tensor.data())[0] as number);
        }
        tf.dispose([value, previous, grads as Record<string, tf.Tensor>, metricTensors]);
      }
      const gradientNames = Object.keys(accumulated);
      const gradients = gradientNames.map((name) => accumulated[name] as tf.Tensor);
      const normTensor = globalNorm(gradients);
      const gradNorm = (await normTensor.data())[0] as number;
      const skipped = !Number.isFinite(loss) || !Number.isFinite(gradNorm) || gradients.length === 0;
      if (skipped) {
        tf.dispose([normTensor, gradients]);
        updater.consecutiveSkips += 1;
        if (updater.consecutiveSkips >= options.maxConsecutiveSkips) {
          throw new NonFiniteUpdateError({ consecutiveSkips: updater.consecutiveSkips, loss, gradNorm });
        }
        return { skipped, loss, gradNorm, metrics };
      }
      const clipped =
        options.maxGradNorm === null ? gradients : clipByGlobalNorm(gradients, options.maxGradNorm, normTensor);
      options.optimizer.applyGradients(
        Object.fromEntries(gradientNames.map((name, index) => [name, clipped[index] as tf.Tensor])),
      );
      tf.dispose([normTensor, gradients, clipped]);
      updater.consecutiveSkips = 0;
      return { skipped, loss, gradNorm, metrics };
    },
  };
  return updater;
}
