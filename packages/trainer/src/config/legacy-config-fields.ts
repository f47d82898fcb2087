import { RENAMED_ALGORITHM_FIELDS } from '@rlver/rl-core';

/** Top-level fields of older config files and what replaced them. */
const REPLACED_BLOCKS: Readonly<Record<string, string>> = {
  ppo: 'the "ppo" block is now the "algorithm" block (with algo: ppo); renamed inside it',
  grpo: 'the "grpo" block is now the "algorithm" block (with algo: grpo); renamed inside it',
};

const renames = () =>
  Object.entries(RENAMED_ALGORITHM_FIELDS)
    .map(([old, now]) => `${old} → ${now}`)
    .join('; ');

/**
 * The first field of a raw config (file values and flags) that an older version of the config used, with a
 * message naming what to write instead; undefined when there is none.
 */
export function findLegacyField(values: Record<string, unknown>): { path: string; message: string } | undefined {
  for (const [block, replaced] of Object.entries(REPLACED_BLOCKS)) {
    if (values[block] !== undefined) return { path: block, message: `${replaced}: ${renames()}` };
  }
  const algorithm = values.algorithm;
  if (typeof algorithm !== 'object' || algorithm === null) return undefined;
  const old = Object.keys(algorithm).find((key) => key in RENAMED_ALGORITHM_FIELDS);
  if (old === undefined) return undefined;
  return { path: `algorithm.${old}`, message: `"${old}" was renamed; use ${RENAMED_ALGORITHM_FIELDS[old]}` };
}
