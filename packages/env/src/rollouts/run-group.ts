import type { Profile, Trajectory } from '@rlver/spec';
import { type RunRolloutsOptions, runRollouts } from './run-rollouts';

export interface RunGroupOptions extends Omit<RunRolloutsOptions, 'episodes' | 'profiles' | 'seeds' | 'groupSize'> {
  profile: Profile;
  /** Group size n (the train config's `groupSize`). */
  size: number;
  /** Simulator seed shared by the group (common random numbers). */
  seed: number;
  groupId?: string;
}

/**
 * Run one GRPO group: n rollouts of one profile sharing the opening message and the simulator state after it
 * (one `doStart`, then `structuredClone`; no extra simulator call). Returns the n trajectories in member order,
 * interrupted ones included.
 */
export async function runGroup(options: RunGroupOptions): Promise<Trajectory[]> {
  const { profile, size, seed, groupId, ...rest } = options;
  const id = groupId ?? `${profile.id}#${seed}`;
  const episodeIds = Array.from({ length: size }, (_, member) => `${id}/${member}`);
  const result = await runRollouts({
    ...rest,
    episodes: episodeIds.map((episodeId) => ({ profile, seed, groupId: id, episodeId })),
    concurrency: options.concurrency ?? size,
  });
  const byId = new Map(
    [...result.trajectories, ...result.interrupted].map((trajectory) => [trajectory.episodeId, trajectory]),
  );
  return episodeIds
    .map((episodeId) => byId.get(episodeId))
    .filter((trajectory): trajectory is Trajectory => trajectory !== undefined);
}
