import type { AlgorithmV1, TrainableLanguageModel } from '@rlver/spec';
import type { z } from 'zod';
import type { AlgorithmRunFields } from './optimisation-config';

/** An `AlgorithmV1` the trainer owns: it frees the optimizer state when the run ends. */
export interface TrainableAlgorithm extends AlgorithmV1 {
  dispose(): void;
}

/** What a descriptor's `create` gets: the models, the parsed algorithm block and the run-derived fields. */
export interface CreateAlgorithmOptions<Config> {
  policy: TrainableLanguageModel;
  /** The frozen starting policy; given exactly when `needsReferenceModel(config)` is true. */
  referencePolicy?: TrainableLanguageModel;
  config: Config;
  run: AlgorithmRunFields;
}

/**
 * Everything the trainer and the apps know about an algorithm, exported by its package as one object and found by
 * `id` in the trainer's registry (as TRL's trainers or verl's `adv_estimator` registry): no app or trainer code
 * branches on the algorithm.
 */
export interface AlgorithmDescriptor<Id extends string = string, Schema extends z.ZodType = z.ZodType> {
  /** `--algo` value and the `algo` discriminator of the train config, e.g. `grpo`. */
  readonly id: Id;
  /** One line for `--help`. */
  readonly summary: string;
  /**
   * The `algorithm` block of the train config: the shared optimisation fields (`optimisationConfigShape`) and the
   * algorithm's own, strict, with `.describe()` texts (the generated CLI flags and help come from it).
   */
  readonly configSchema: Schema;
  /** Whether the policy needs a value head (a critic). */
  readonly needsValueHead: boolean;
  /** Rollouts per prompt (the group size): the default, and the bounds the trainer checks. */
  readonly rolloutsPerPrompt: { readonly default: number; readonly min: number; readonly max?: number };
  /** Whether this config needs a frozen reference policy (a KL term). */
  needsReferenceModel(config: z.output<Schema>): boolean;
  /** Build the algorithm; config errors throw `InvalidConfigError` before anything is allocated. */
  create(options: CreateAlgorithmOptions<z.output<Schema>>): TrainableAlgorithm;
}
