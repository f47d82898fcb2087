import type { Trajectory } from './trajectory';

export interface AlgorithmUpdateOptions {
  /**
   * What to train on, with token records: the step's finished dialogues, or (turn-level credit) one single-turn
   * trajectory per credited turn whose reward is its return. Errored ones are skipped by the algorithm.
   */
  trajectories: Trajectory[];
  /**
   * The step's finished dialogues when `trajectories` are turn samples split from them; dialogue metrics
   * (`rollout/reward_mean`, success, failure, turns) are computed over these. Default: `trajectories`.
   */
  dialogues?: Trajectory[];
  /** 0-based optimisation step. */
  step: number;
  signal?: AbortSignal;
}

export interface AlgorithmUpdateResult {
  /** Metrics with stable `<group>/<snake_case>` keys, e.g. `ppo/clip_fraction`. */
  metrics: Record<string, number>;
  /** True when the update was skipped (non-finite loss, no usable samples). */
  skipped: boolean;
  warnings: string[];
}

/**
 * Swap point: an RL algorithm that improves a trainable policy from finished dialogues.
 * Implementations: `createPPOAlgorithm` (@rlver/ppo), `createGRPOAlgorithm` (@rlver/grpo), `createRLOOAlgorithm`
 * (@rlver/rloo); the trainer finds them through their `AlgorithmDescriptor` (@rlver/rl-core).
 */
export interface AlgorithmV1 {
  readonly specificationVersion: 'v1';
  /** `ppo`, `grpo`, `rloo`, … */
  readonly algorithmId: string;
  doUpdate(options: AlgorithmUpdateOptions): Promise<AlgorithmUpdateResult>;
  /** Save optimizer and algorithm state (critic, KL controller, …) into a directory. */
  saveState(directory: string): Promise<void>;
  /** Restore what `saveState` wrote. */
  loadState(directory: string): Promise<void>;
}
