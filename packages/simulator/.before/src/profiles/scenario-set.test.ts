import { readFileSync, statSync } from 'node:fs';
import { profileSchema } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { generateScenarios } from './generator/generate-scenario';
import { loadScenarioSet, scenarioSetPath } from './scenario-set';

const SETS = [
  { lang: 'zh', split: 'train', count: 500 },
  { lang: 'zh', split: 'test', count: 100 },
  { lang: 'en', split: 'train', count: 500 },
  { lang: 'en', split: 'test', count: 100 },
] as const;

describe('loadScenarioSet', () => {
  it.each(SETS)('should load $lang/$split: $count valid profiles with openers, < 2 MB', ({ lang, split, count }) => {
    const profiles = loadScenarioSet(lang, split);
    expect(profiles).toHaveLength(count);
    expect(statSync(scenarioSetPath(lang, split)).size).toBeLessThan(2 * 1024 * 1024);
    for (const profile of profiles) {
      expect(profileSchema.safeParse(profile).success).toBe(true);
      expect(profile.lang).toBe(lang);
      expect(profile.first_talk?.length).toBeGreaterThan(0);
    }
    expect(profiles[0]?.id).toBe(`${lang}-${split}-0001`);
  });

  it('should keep train and test ids and stories disjoint', () => {
    for (const lang of ['zh', 'en'] as const) {
      const train = loadScenarioSet(lang, 'train');
      const test = loadScenarioSet(lang, 'test');
      const trainScenes = new Set(train.map((profile) => profile.scene));
      expect(test.some((profile) => trainScenes.has(profile.scene))).toBe(false);
    }
  });

  it('should equal a fresh seeded generation (the committed files are not stale)', () => {
    const fresh = generateScenarios({ lang: 'en', count: 100, seed: 20250703 + 1, idPrefix: 'en-test' });
    const committed = readFileSync(scenarioSetPath('en', 'test'), 'utf8');
    expect(committed).toBe(`${fresh.map((profile) => JSON.stringify(profile)).join('\n')}\n`);
  });

  it('should reject an unknown split with a clear error', () => {
    expect(() => scenarioSetPath('zh', 'dev' as 'train')).toThrow(/unknown split "dev"; use train or test/);
  });
});
