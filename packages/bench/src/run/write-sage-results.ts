import { trajectoryToSageRecord } from '@rlver/env';
import type { Profile, Trajectory } from '@rlver/spec';
import { writeFileAtomic } from './results-files';

/**
 * Write the SAGE-format export of a run (spec §7.3): one reference-format line per episode, run metadata
 * (`stopReason`, `episodeId`, …) after `history`. Derived from `results.jsonl`, so it is rewritten whole.
 */
export function writeSageResults(
  file: string,
  trajectories: readonly Trajectory[],
  profiles: readonly Profile[],
): void {
  const byId = new Map(profiles.map((profile) => [profile.id, profile]));
  const lines = trajectories.flatMap((trajectory) => {
    const profile = byId.get(trajectory.profileId);
    if (!profile) return [];
    const record = trajectoryToSageRecord(trajectory, profile, { extras: true });
    return [JSON.stringify(trajectory.repeat ? { ...record, repeat: trajectory.repeat } : record)];
  });
  writeFileAtomic(file, lines.length === 0 ? '' : `${lines.join('\n')}\n`);
}
