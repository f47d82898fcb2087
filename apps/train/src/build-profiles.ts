import { selectProfiles } from '@rlver/factories';
import { loadProfiles, loadScenarioSet } from '@rlver/simulator';
import type { Language, Profile } from '@rlver/spec';
import type { TrainConfig } from '@rlver/trainer';

const languagesOf = (config: TrainConfig): Language[] => (config.lang === 'both' ? ['zh', 'en'] : [config.lang]);

/** Training profiles: the user's file, else the shipped train set(s). */
export function trainProfilesOf(config: TrainConfig): Profile[] {
  if (config.trainProfiles) return loadProfiles(config.trainProfiles).profiles;
  return languagesOf(config).flatMap((lang) => loadScenarioSet(lang, 'train'));
}

/** Held-out profiles: the user's file, else the shipped test set(s), `evalLimit` per language. */
export function evalProfilesOf(config: TrainConfig): Profile[] {
  if (config.evalProfiles) {
    return selectProfiles({ file: config.evalProfiles, lang: 'zh', limit: config.evalLimit, requireFirstTalk: true })
      .profiles;
  }
  return languagesOf(config).flatMap(
    (lang) => selectProfiles({ lang, limit: config.evalLimit, requireFirstTalk: true }).profiles,
  );
}
