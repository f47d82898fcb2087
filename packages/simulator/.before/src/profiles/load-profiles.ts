import {
  classifyIntention,
  InvalidInputError,
  type Profile,
  parseJsonl,
  personalityTypeOf,
  profileSchema,
  readJsonlFile,
} from '@rlver/spec';

/** Options of {@link loadProfiles} and {@link parseProfiles}. */
export interface LoadProfilesOptions {
  /** Every profile must have a non-empty `first_talk` (the `sage` preset opens with it). Default false. */
  requireFirstTalk?: boolean;
}

/** Profiles of one file, in file order, with non-fatal findings. */
export interface LoadedProfiles {
  profiles: Profile[];
  /** One line per finding, e.g. `profiles.jsonl line 3 (id "a1"): unknown task "…"`. */
  warnings: string[];
}

/**
 * Parse profile JSONL text in the reference format (spec §2.2). Bad JSON or a missing field throws
 * `InvalidInputError` naming file, line and field; duplicate ids and (with `requireFirstTalk`) a missing
 * `first_talk` throw too. Unknown `main_cha`, a `cha_group` without 3 traits or an unknown `task` only warn.
 */
export function parseProfiles(text: string, options: LoadProfilesOptions & { file?: string } = {}): LoadedProfiles {
  const file = options.file ?? '<profiles>';
  const { records } = parseJsonl(text, profileSchema, { file });
  return checkProfiles(records, file, options);
}

/** Read and check a profile JSONL file (see {@link parseProfiles}). A missing file names the path. */
export function loadProfiles(file: string, options: LoadProfilesOptions = {}): LoadedProfiles {
  const { records } = readJsonlFile(file, profileSchema);
  return checkProfiles(records, file, options);
}

/** Find a profile by id; an unknown id throws an error that lists a few known ids. */
export function findProfile(profiles: readonly Profile[], id: string): Profile {
  const profile = profiles.find((candidate) => candidate.id === id);
  if (profile) return profile;
  const known = profiles.slice(0, 3).map((candidate) => `"${candidate.id}"`);
  const more = profiles.length > 3 ? `, … (${profiles.length} in all)` : '';
  throw new InvalidInputError({
    field: 'id',
    message: `no profile with id "${id}"; check the id (known ids: ${known.join(', ') || 'none'}${more})`,
  });
}

function checkProfiles(
  records: ReadonlyArray<{ line: number; value: Profile }>,
  file: string,
  options: LoadProfilesOptions,
): LoadedProfiles {
  const warnings: string[] = [];
  const firstLineOfId = new Map<string, number>();
  for (const { line, value: profile } of records) {
    const earlier = firstLineOfId.get(profile.id);
    if (earlier !== undefined) {
      throw new InvalidInputError({
        file,
        line,
        field: 'id',
        message: `duplicate id "${profile.id}" (first seen on line ${earlier}); ids must be unique`,
      });
    }
    firstLineOfId.set(profile.id, line);
    if (options.requireFirstTalk && (profile.first_talk ?? '').trim() === '') {
      throw new InvalidInputError({
        file,
        line,
        field: 'first_talk',
        message: `profile "${profile.id}" has no first_talk, which the sage preset opens with; add one or use a preset that generates the opener (rlver-train)`,
      });
    }
    const where = `${file} line ${line} (id "${profile.id}")`;
    if (personalityTypeOf(profile.main_cha) === undefined) {
      warnings.push(`${where}: unknown main_cha "${profile.main_cha}" (expected 负面型, 被动型 or 回避型)`);
    }
    if (profile.cha_group.length !== 3) {
      warnings.push(`${where}: cha_group has ${profile.cha_group.length} traits (expected 3)`);
    }
    if (classifyIntention(profile.task) === undefined) {
      warnings.push(`${where}: unknown task "${profile.task}" (not one of the 8 hidden intentions, spec §2.5)`);
    }
  }
  return { profiles: records.map((record) => record.value), warnings };
}
