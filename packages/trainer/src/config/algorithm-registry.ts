import { grpoAlgorithm } from '@rlver/grpo';
import { ppoAlgorithm } from '@rlver/ppo';
import type { AlgorithmDescriptor } from '@rlver/rl-core';
import { rlooAlgorithm } from '@rlver/rloo';
import { InvalidConfigError } from '@rlver/spec';

/**
 * Every algorithm `rlver-train` can run. Adding one is its package plus one line here: the train config's
 * `algo` / `algorithm` union, the `--algo` choices, the generated `--algorithm.*` flags and the help follow.
 */
export const ALGORITHMS = [ppoAlgorithm, grpoAlgorithm, rlooAlgorithm] as const;

/** `ppo`, `grpo`, … */
export type AlgorithmId = (typeof ALGORITHMS)[number]['id'];

/** The descriptor registered under `id`; an unknown id throws `InvalidConfigError` listing the known ones. */
export function findAlgorithm(id: string): AlgorithmDescriptor {
  const descriptor = ALGORITHMS.find((candidate) => candidate.id === id);
  if (!descriptor) {
    throw new InvalidConfigError({
      field: 'algo',
      message: `unknown algorithm "${id}"; use one of: ${ALGORITHMS.map((known) => known.id).join(', ')}`,
    });
  }
  return descriptor as AlgorithmDescriptor;
}
