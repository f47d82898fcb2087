import { classifyIntention, createRng, INTENTIONS, personalityTypeOf, profileSchema } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { generateScenario, generateScenarios, pickIntention, pickPersonality } from './generate-scenario';
import { TRAITS_BY_TYPE } from './personality-tables';
import { TOPICS } from './topics';

describe('generateScenarios', () => {
  it('should be deterministic for a seed and differ across seeds', () => {
    const first = generateScenarios({ lang: 'zh', count: 20, seed: 7, idPrefix: 'zh' });
    const again = generateScenarios({ lang: 'zh', count: 20, seed: 7, idPrefix: 'zh' });
    const other = generateScenarios({ lang: 'zh', count: 20, seed: 8, idPrefix: 'zh' });
    expect(again).toEqual(first);
    expect(other.map((profile) => profile.scene)).not.toEqual(first.map((profile) => profile.scene));
  });

  it.each(['zh', 'en'] as const)('should make 600 valid, mostly distinct %s scenarios covering every topic', (lang) => {
    const profiles = generateScenarios({ lang, count: 600, seed: 1, idPrefix: lang });
    for (const profile of profiles) expect(profileSchema.safeParse(profile).success).toBe(true);
    expect(new Set(profiles.map((profile) => profile.scene)).size).toBe(600);
    const shapes = new Set(
      profiles.map(
        (profile) => `${profile.topic}|${profile.intention}|${profile.main_cha}|${[...profile.cha_group].sort()}`,
      ),
    );
    expect(shapes.size).toBeGreaterThan(570);
    const categories = new Set(profiles.map((profile) => profile.topic?.split('-')[0]));
    expect(categories.size).toBeGreaterThanOrEqual(12);
    expect(new Set(profiles.map((profile) => profile.player)).size).toBeGreaterThan(590);
  });
});

describe('generateScenario', () => {
  it.each(['zh', 'en'] as const)('should follow the reference layout in %s', (lang) => {
    for (const topic of TOPICS) {
      const profile = generateScenario({ lang, id: 'x', rng: createRng(3), topicKey: topic.key });
      const intention = profile.intention;
      expect(intention).toBeDefined();
      const tail = lang === 'zh' ? `\n####隐藏主题:\n***${profile.task}` : `\n#### Hidden theme:\n***${profile.task}`;
      expect(profile.scene.endsWith(tail)).toBe(true);
      expect(profile.task).toBe(INTENTIONS[intention!].task[lang]);
      expect(classifyIntention(profile.task)).toBe(intention);
      expect(profile.scene).not.toMatch(/\{\w+\}/);
      expect(profile.player).not.toMatch(/\{\w+\}/);
      expect(profile.first_talk).not.toMatch(/\{\w+\}/);
      const stages = profile.scene.match(lang === 'zh' ? /第.阶段（/g : /Stage \d \(/g) ?? [];
      expect(stages).toHaveLength(4);
      expect(profile.player).toMatch(lang === 'zh' ? /姓名：.+\n\* 年龄：\d+岁/ : /Name: .+\n\* Age: \d+/);
      expect(profile.player.match(/^\d\. /gm)).toHaveLength(3);
      expect(profile.topic).toMatch(/^[^-]+-.+/);
      const opener = profile.first_talk ?? '';
      if (lang === 'zh') {
        expect(opener.length).toBeGreaterThanOrEqual(13);
        expect(opener.length).toBeLessThanOrEqual(60);
      }
      expect(opener).not.toContain(profile.task);
    }
  });

  it('should pick 3 distinct traits of the chosen type', () => {
    const rng = createRng(11);
    for (let index = 0; index < 200; index += 1) {
      const { type, traits } = pickPersonality(rng);
      expect(new Set(traits).size).toBe(3);
      for (const trait of traits) expect(TRAITS_BY_TYPE[type]).toContain(trait);
    }
    const profile = generateScenario({ lang: 'zh', id: 'y', rng: createRng(5) });
    expect(personalityTypeOf(profile.main_cha)).toBeDefined();
  });

  it('should choose rational vs emotional intentions about half the time each, all 8 keys', () => {
    const rng = createRng(99);
    const keys = Array.from({ length: 4000 }, () => pickIntention(rng));
    const rational = keys.filter((key) => key.startsWith('r')).length / keys.length;
    expect(rational).toBeGreaterThan(0.46);
    expect(rational).toBeLessThan(0.54);
    expect(new Set(keys).size).toBe(8);
  });
});
