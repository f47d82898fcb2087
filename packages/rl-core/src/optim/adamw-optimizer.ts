import { InvalidInputError } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';

/** A named float array: the serialisable form of one state tensor. */
export interface NamedArray {
  name: string;
  shape: number[];
  values: Float32Array;
}

/** Optimizer state for checkpoints: the step count and the moment estimates, in variable order. */
export interface OptimizerState {
  stepCount: number;
  tensors: NamedArray[];
}

export interface AdamWOptions {
  learningRate: number;
  beta1?: number;
  beta2?: number;
  epsilon?: number;
  /** Decoupled weight decay (Loshchilov & Hutter); 0 = plain Adam. */
  weightDecay?: number;
}

/**
 * Adam with decoupled weight decay over a fixed list of variables, with a settable learning rate (for warm-up)
 * and a serialisable state. Owns its moment variables; call `dispose` when done.
 */
export interface AdamWOptimizer {
  learningRate: number;
  readonly stepCount: number;
  /** Apply gradients keyed by variable name (the map `tf.variableGrads` returns); missing names are skipped. */
  applyGradients(gradients: Readonly<Record<string, tf.Tensor | null>>): void;
  getState(): Promise<OptimizerState>;
  /** Restore a state from `getState`; shapes must match the variables. */
  setState(state: OptimizerState): void;
  dispose(): void;
}

export function createAdamWOptimizer(variables: readonly tf.Variable[], options: AdamWOptions): AdamWOptimizer {
  const beta1 = options.beta1 ?? 0.9;
  const beta2 = options.beta2 ?? 0.999;
  const epsilon = options.epsilon ?? 1e-8;
  const weightDecay = options.weightDecay ?? 0;
  const firstMoments = variables.map((variable) => tf.variable(tf.zerosLike(variable), false));
  const secondMoments = variables.map((variable) => tf.variable(tf.zerosLike(variable), false));
  let stepCount = 0;
  const optimizer: AdamWOptimizer = {
    learningRate: options.learningRate,
    get stepCount() {
      return stepCount;
    },
    applyGradients(gradients) {
      stepCount += 1;
      const learningRate = optimizer.learningRate;
      const firstCorrection = 1 - beta1 ** stepCount;
      const secondCorrection = 1 - beta2 ** stepCount;
      tf.tidy(() => {
        variables.forEach((variable, index) => {
          const gradient = gradients[variable.name];
          if (!gradient) return;
          const first = firstMoments[index] as tf.Variable;
          const second = secondMoments[index] as tf.Variable;
          first.assign(tf.add(tf.mul(first, beta1), tf.mul(gradient, 1 - beta1)));
          second.assign(tf.add(tf.mul(second, beta2), tf.mul(tf.square(gradient), 1 - beta2)));
          const step = tf.div(
            tf.div(first, firstCorrection),
            tf.add(tf.sqrt(tf.div(second, secondCorrection)), epsilon),
          );
          const decayed = weightDecay > 0 ? tf.mul(variable, 1 - learningRate * weightDecay) : variable;
          variable.assign(tf.sub(decayed, tf.mul(step, learningRate)));
        });
      });
    },
    async getState() {
      const tensors: NamedArray[] = [];
      for (const [kind, moments] of [
        ['m', firstMoments],
        ['v', secondMoments],
      ] as const) {
        for (const [index, moment] of moments.entries()) {
          tensors.push({
            name: `${kind}/${index}`,
            shape: [...moment.shape],
            values: (await moment.data()) as Float32Array,
          });
        }
      }
      return { stepCount, tensors };
    },
    setState(state) {
      const byName = new Map(state.tensors.map((tensor) => [tensor.name, tensor]));
      for (const [kind, moments] of [
        ['m', firstMoments],
        ['v', secondMoments],
      ] as const) {
        moments.forEach((moment, index) => {
          const saved = byName.get(`${kind}/${index}`);
          if (!saved || saved.shape.join('x') !== moment.shape.join('x')) {
            throw new InvalidInputError({
              field: `${kind}/${index}`,
              message: `optimizer state has shape [${saved?.shape ?? 'missing'}] but variable "${variables[index]?.name}" has [${moment.shape}]; load a state saved for the same model`,
            });
          }
          tf.tidy(() => moment.assign(tf.tensor(saved.values, saved.shape, 'float32')));
        });
      }
      stepCount = state.stepCount;
    },
    dispose() {
      tf.dispose([...firstMoments, ...secondMoments]);
    },
  };
  return optimizer;
}
