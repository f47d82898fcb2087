import { loadProfiles, loadScenarioSet } from '@rlver/simulator';
import { createRng, type Language, type Profile } from '@rlver/spec';
import { ServeError } from '../errors/serve-error';

/** Where episodes find their simulated users: inline profiles, ids, or a draw by seed. */
export interface ScenarioSource {
  /** The profile with this id (in `--profiles`, else in the shipped sets of both languages); 400 when unknown. */
  byId(id: string): Profile;
  /** A profile drawn by seed: from `--profiles`, else from the shipped training set of `lang`. */
  draw(lang: Language, seed: number): Profile;
  /** Where draws come from, for logs. */
  readonly description: string;
}

/**
 * Build the scenario source. `profilesFile` (a profile JSONL file, checked now so a bad file fails at startup)
 * replaces the shipped sets for draws and is searched first for ids.
 */
export function createScenarioSource(options: { profilesFile?: string } = {}): ScenarioSource {
  const custom = options.profilesFile ? loadProfiles(options.profilesFile).profiles : undefined;
  const shipped = new Map<Language, { train: Profile[]; all: Map<string, Profile> }>();
  const shippedSet = (lang: Language) => {
    let entry = shipped.get(lang);
    if (!entry) {
      const train = loadScenarioSet(lang, 'train');
      const all = new Map([...train, ...loadScenarioSet(lang, 'test')].map((profile) => [profile.id, profile]));
      entry = { train, all };
      shipped.set(lang, entry);
    }
    return entry;
  };
  const customById = new Map((custom ?? []).map((profile) => [profile.id, profile]));

  return {
    description: options.profilesFile ?? 'shipped scenario sets (train split for draws)',
    byId(id) {
      const found = customById.get(id) ?? shippedSet('zh').all.get(id) ?? shippedSet('en').all.get(id);
      if (found) return found;
      const examples = [...(custom ?? shippedSet('zh').train)].slice(0, 2).map((profile) => `"${profile.id}"`);
      throw new ServeError({
        code: 'invalid_request',
        field: 'scenario_id',
        message: `field "scenario_id": no scenario "${id}"${options.profilesFile ? ` in ${options.profilesFile} or` : ' in'} the shipped sets; use a known id (e.g. ${examples.join(', ')}) or send the profile inline`,
      });
    },
    draw(lang, seed) {
      const pool = custom ?? shippedSet(lang).train;
      return pool[createRng(seed).int(pool.length)] as Profile;
    },
  };
}
