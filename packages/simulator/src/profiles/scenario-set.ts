import { join } from 'node:path';
import { InvalidConfigError, type Language, type Profile, packageRootOf } from '@rlver/spec';
import { loadProfiles } from './load-profiles';

/** Splits of the shipped scenario sets: 500 train and 100 test profiles per language. */
export type ScenarioSplit = 'train' | 'test';

/**
 * The package root: the nearest folder above this module that holds `scenarios/`. Works from `src/profiles/`
 * (sources, tests, tsx) and from `dist/` (the bundled build), which sit at different depths.
 */
export function simulatorPackageRoot(): string {
  return packageRootOf(import.meta.url, 'scenarios', '@rlver/simulator');
}

/** Path of a shipped scenario file, e.g. `<package>/scenarios/zh/test.jsonl`. */
export function scenarioSetPath(lang: Language, split: ScenarioSplit): string {
  if (lang !== 'zh' && lang !== 'en') {
    throw new InvalidConfigError({ field: 'lang', message: `unknown language "${String(lang)}"; use zh or en` });
  }
  if (split !== 'train' && split !== 'test') {
    throw new InvalidConfigError({ field: 'split', message: `unknown split "${String(split)}"; use train or test` });
  }
  return join(simulatorPackageRoot(), 'scenarios', lang, `${split}.jsonl`);
}

/**
 * Load a shipped, procedurally generated scenario set (made by `scripts/generate-scenarios.ts`, seeded).
 * Every profile has a `first_talk`, so the sets work with the `sage` preset.
 */
export function loadScenarioSet(lang: Language, split: ScenarioSplit): Profile[] {
  return loadProfiles(scenarioSetPath(lang, split), { requireFirstTalk: true }).profiles;
}
