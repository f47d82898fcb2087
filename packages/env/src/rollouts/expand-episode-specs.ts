import { InvalidConfigError, type Profile } from '@rlver/spec';
import type { EpisodeSpec } from './run-rollouts';

/** The episode list of a rollout run: `episodes`, or `profiles` with `seeds`, expanded into groups. */
export function expandEpisodeSpecs(options: {
  episodes?: EpisodeSpec[];
  profiles?: Profile[];
  seeds?: number[] | number;
  groupSize?: number;
}): EpisodeSpec[] {
  if (options.episodes && options.profiles) {
    throw new InvalidConfigError({
      field: 'episodes',
      message: 'give either episodes or profiles (+ seeds), not both',
    });
  }
  let base: EpisodeSpec[];
  if (options.episodes) {
    base = options.episodes;
  } else {
    const profiles = options.profiles ?? [];
    const seeds = options.seeds ?? 0;
    if (Array.isArray(seeds) && seeds.length !== profiles.length) {
      throw new InvalidConfigError({
        field: 'seeds',
        message: `seeds has ${seeds.length} entries for ${profiles.length} profiles; give one seed per profile or a single base seed`,
      });
    }
    base = profiles.map((profile, index) => ({
      profile,
      seed: Array.isArray(seeds) ? (seeds[index] as number) : seeds + index,
    }));
  }
  const groupSize = options.groupSize ?? 1;
  if (!Number.isInteger(groupSize) || groupSize < 1) {
    throw new InvalidConfigError({
      field: 'groupSize',
      message: `groupSize is ${groupSize}; set it to an integer ≥ 1`,
    });
  }
  if (groupSize === 1) return base;
  return base.flatMap((spec) => {
    const groupId = spec.groupId ?? `${spec.profile.id}#${spec.seed}`;
    return Array.from({ length: groupSize }, (_, member) => ({ ...spec, groupId, episodeId: `${groupId}/${member}` }));
  });
}
