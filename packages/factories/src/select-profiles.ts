import { existsSync, readFileSync } from 'node:fs';
import { findProfile, loadProfiles, loadScenarioSet } from '@rlver/simulator';
import { InvalidConfigError, InvalidInputError, type Language, type Profile } from '@rlver/spec';

export interface SelectProfilesOptions {
  /** A profile JSONL file; else the shipped test set of `lang`. */
  file?: string;
  lang: Language;
  /** Only these ids, in this order. */
  ids?: readonly string[];
  /** Keep the first N. */
  limit?: number;
  /** The sage preset opens with `first_talk`, so every profile needs one. */
  requireFirstTalk: boolean;
}

/** Profiles of a run, with where they came from and loader warnings. Bad files and unknown ids throw (exit 2). */
export function selectProfiles(options: SelectProfilesOptions): {
  profiles: Profile[];
  source: string;
  warnings: string[];
} {
  let profiles: Profile[];
  let warnings: string[] = [];
  let source: string;
  if (options.file) {
    if (!existsSync(options.file)) {
      throw new InvalidInputError({
        file: options.file,
        message: 'not found; check --profiles (a JSONL file, one profile per line)',
      });
    }
    if (readFileSync(options.file, 'utf8').trim() === '') {
      throw new InvalidInputError({
        file: options.file,
        message:
          'is empty; --profiles needs one JSON profile per line (id, player, scene, main_cha, cha_group, task, first_talk)',
      });
    }
    ({ profiles, warnings } = loadProfiles(options.file, { requireFirstTalk: options.requireFirstTalk }));
    source = options.file;
  } else {
    profiles = loadScenarioSet(options.lang, 'test');
    source = `scenarios/${options.lang}/test.jsonl`;
  }
  if (options.ids && options.ids.length > 0) {
    profiles = options.ids.map((id) => {
      try {
        return findProfile(profiles, id);
      } catch (error) {
        throw new InvalidConfigError({
          field: '--ids',
          message: `--ids: ${(error as Error).message.replace(/^field "id": /, '')} in ${source}`,
          cause: error,
        });
      }
    });
  }
  if (options.limit !== undefined) profiles = profiles.slice(0, options.limit);
  return { profiles, source, warnings };
}
