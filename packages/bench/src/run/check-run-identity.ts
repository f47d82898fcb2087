import { hashSeed, InvalidConfigError, type RunIdentity, type Trajectory } from '@rlver/spec';

/** Flag that sets each identity field, for the message. */
const FLAG_OF: Record<string, string> = {
  preset: '--preset',
  seed: '--seed',
  think: '--think',
  policyId: '--policy',
  simulatorId: '--simulator',
};

/** The first field in which two identities differ (dotted path) with both values, or undefined when equal. */
export function firstIdentityDifference(
  held: RunIdentity,
  current: RunIdentity,
): { field: string; held: unknown; current: unknown } | undefined {
  for (const field of ['preset', 'seed', 'think', 'policyId', 'simulatorId'] as const) {
    if (held[field] !== current[field]) return { field, held: held[field], current: current[field] };
  }
  const roles = [...new Set([...Object.keys(held.endpoints), ...Object.keys(current.endpoints)])].sort();
  for (const role of roles) {
    for (const part of ['baseURL', 'model'] as const) {
      const before = held.endpoints[role]?.[part] ?? null;
      const now = current.endpoints[role]?.[part] ?? null;
      if (before !== now) return { field: `endpoints.${role}.${part}`, held: before, current: now };
    }
  }
  return undefined;
}

/** What older result lines (written before identities were recorded) still tell about their run. */
function legacyDifference(trajectory: Trajectory, current: RunIdentity) {
  if (trajectory.policyId !== current.policyId) {
    return { field: 'policyId', held: trajectory.policyId, current: current.policyId };
  }
  if (trajectory.simulatorId !== current.simulatorId) {
    return { field: 'simulatorId', held: trajectory.simulatorId, current: current.simulatorId };
  }
  if (trajectory.preset !== current.preset)
    return { field: 'preset', held: trajectory.preset, current: current.preset };
  if (trajectory.seed !== hashSeed(current.seed, trajectory.profileId, trajectory.repeat ?? 0)) {
    return { field: 'seed', held: '(another base seed)', current: current.seed };
  }
  return undefined;
}

/**
 * Refuse to resume into results written by another run: any difference in preset, seed, think, policy,
 * simulator or endpoints (base URL and model) throws `InvalidConfigError` naming the first differing field, so
 * dialogues of two runs are never scored together.
 */
export function checkRunIdentity(held: readonly Trajectory[], current: RunIdentity, file: string): void {
  for (const trajectory of held) {
    const difference = trajectory.identity
      ? firstIdentityDifference(trajectory.identity, current)
      : legacyDifference(trajectory, current);
    if (!difference) continue;
    const flag =
      FLAG_OF[difference.field] ??
      (difference.field.startsWith('endpoints.') ? '--base-url / the model flags' : undefined);
    throw new InvalidConfigError({
      field: '--out',
      message: `${file} holds dialogues run with ${difference.field} ${JSON.stringify(difference.held)}, but this run has ${difference.field} ${JSON.stringify(difference.current)}${flag ? ` (${flag})` : ''}; results of different runs are never scored together. Use a fresh --out directory, or the same settings to resume.`,
    });
  }
}
