import { InvalidConfigError, InvalidInputError } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { z } from 'zod';
import type { NamedFloatTensor } from './named-float-tensor';
import { variableFrom } from './variable-from';

/** AdamW settings (PyTorch `torch.optim.AdamW` semantics: decoupled weight decay). */
export const adamWConfigSchema = z
  .object({
    /** Step size; change it per step with `optimizer.learningRate = …` (schedules). */
    learningRate: z.number().nonnegative(),
    /** Moment decay rates β₁, β₂ (default 0.9, 0.999). */
    betas: z.tuple([z.number().min(0).lt(1), z.number().min(0).lt(1)]).default([0.9, 0.999]),
    /** Added to √v̂ (default 1e-8). */
    epsilon: z.number().positive().default(1e-8),
    /** Decoupled weight decay λ: p ← p·(1 − lr·λ) each step (default 0.01, as PyTorch). */
    weightDecay: z.number().nonnegative().default(0.01),
  })
  .strict();
export type AdamWConfigInput = z.input<typeof adamWConfigSchema>;

/** Serialisable optimizer state: step count and the moments of each named variable. */
export interface AdamWState {
  step: number;
  learningRate: number;
  /** `m/<name>` and `v/<name>` float32 tensors. */
  tensors: NamedFloatTensor[];
}

export interface AdamW {
  learningRate: number;
  readonly betas: readonly [number, number];
  readonly epsilon: number;
  readonly weightDecay: number;
  /** Updates applied so far. */
  readonly step: number;
  /**
   * One update. `gradients` maps variable names (as `tf.variableGrads` returns them) to gradients;
   * the optimizer does not dispose them.
   */
  applyGradients(gradients: Readonly<Record<string, tf.Tensor>>): void;
  /** Moments keyed by caller-chosen stable names (variable names differ between processes). */
  exportState(variables: ReadonlyMap<string, tf.Variable>): Promise<AdamWState>;
  /**
   * Restore moments, step and learning rate saved by `exportState` under the same names. A moment whose shape
   * differs from its variable's throws `InvalidInputError` naming `source` and the field.
   */
  importState(
    state: AdamWState,
    variables: ReadonlyMap<string, tf.Variable>,
    source?: string,
    options?: ImportStateOptions,
  ): void;
  dispose(): void;
}

interface Moments {
  m: tf.Variable;
  v: tf.Variable;
}

/** What `importState` checks beyond shapes. */
export interface ImportStateOptions {
  /** Throw when a variable of the map has no moments in the state (default false: it keeps zero moments). */
  requireAll?: boolean;
}

/**
 * Names for a fixed list of variables by their position (`"0"`, `"1"`, …): the keys of an algorithm's optimizer
 * state files, stable across processes where tfjs variable names are not.
 */
export function variablesByIndex(variables: readonly tf.Variable[]): Map<string, tf.Variable> {
  return new Map(variables.map((variable, index) => [String(index), variable]));
}

/**
 * The one AdamW of the project (PyTorch `torch.optim.AdamW` semantics), with a settable learning rate and
 * exportable state (moments start at zero). Weight decay defaults to 0.01 as in PyTorch; the RL algorithms pass
 * their own (`weightDecay` of their config).
 */
export function createAdamW(input: AdamWConfigInput): AdamW {
  const parsed = adamWConfigSchema.safeParse(input);
  if (!parsed.success) {
    throw new InvalidConfigError({ message: `AdamW config: ${parsed.error.message}`, cause: parsed.error });
  }
  const { betas, epsilon, weightDecay } = parsed.data;
  const moments = new Map<tf.Variable, Moments>();
  let step = 0;
  const registry = () => tf.engine().registeredVariables;
  const momentsOf = (variable: tf.Variable): Moments => {
    let entry = moments.get(variable);
    if (!entry) {
      entry = { m: variableFrom(tf.zerosLike(variable), false), v: variableFrom(tf.zerosLike(variable), false) };
      moments.set(variable, entry);
    }
    return entry;
  };
  const optimizer: AdamW = {
    learningRate: parsed.data.learningRate,
    betas,
    epsilon,
    weightDecay,
    get step() {
      return step;
    },
    applyGradients(gradients) {
      step += 1;
      const [beta1, beta2] = betas;
      const learningRate = optimizer.learningRate;
      const correction1 = 1 - beta1 ** step;
      const correction2 = 1 - beta2 ** step;
      for (const [name, gradient] of Object.entries(gradients)) {
        const variable = registry()[name];
        if (!variable) {
          throw new InvalidInputError({ message: `AdamW: no variable named "${name}" (disposed?).`, field: name });
        }
        const { m, v } = momentsOf(variable);
        tf.tidy(() => {
          const nextM = tf.add(tf.mul(m, beta1), tf.mul(gradient, 1 - beta1));
          const nextV = tf.add(tf.mul(v, beta2), tf.mul(tf.square(gradient), 1 - beta2));
          const update = tf.div(tf.div(nextM, correction1), tf.add(tf.sqrt(tf.div(nextV, correction2)), epsilon));
          const decayed = weightDecay > 0 ? tf.mul(variable, 1 - learningRate * weightDecay) : variable;
          m.assign(nextM);
          v.assign(nextV);
          variable.assign(tf.sub(decayed, tf.mul(update, learningRate)));
        });
      }
    },
    async exportState(variables) {
      const tensors: NamedFloatTensor[] = [];
      for (const [name, variable] of variables) {
        const entry = moments.get(variable);
        if (!entry) continue;
        tensors.push({ name: `m/${name}`, shape: [...entry.m.shape], data: (await entry.m.data()) as Float32Array });
        tensors.push({ name: `v/${name}`, shape: [...entry.v.shape], data: (await entry.v.data()) as Float32Array });
      }
      return { step, learningRate: optimizer.learningRate, tensors };
    },
    importState(state, variables, source = 'optimizer state', options = {}) {
      const byName = new Map(state.tensors.map((tensor) => [tensor.name, tensor]));
      for (const [name, variable] of variables) {
        const m = byName.get(`m/${name}`);
        const v = byName.get(`v/${name}`);
        if (!m || !v) {
          if (!options.requireAll) continue;
          throw new InvalidInputError({
            file: source,
            field: `m/${name}`,
            message: `optimizer state has no moments for variable "${name}" (${variable.name}); load a state saved for the same model`,
          });
        }
        const expected = variable.shape.join('x');
        if (m.shape.join('x') !== expected || v.shape.join('x') !== expected || m.data.length !== variable.size) {
          throw new InvalidInputError({
            file: source,
            field: `m/${name}`,
            message: `optimizer state has shape [${m.shape}] but variable "${name}" (${variable.name}) has [${variable.shape}]; load a state saved for the same model`,
          });
        }
        const entry = momentsOf(variable);
        entry.m.assign(tf.tensor(m.data, variable.shape));
        entry.v.assign(tf.tensor(v.data, variable.shape));
      }
      step = state.step;
      optimizer.learningRate = state.learningRate;
    },
    dispose() {
      for (const { m, v } of moments.values()) {
        m.dispose();
        v.dispose();
      }
      moments.clear();
    },
  };
  return optimizer;
}
