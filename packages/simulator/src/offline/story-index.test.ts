import { describe, expect, it } from 'vitest';
import { buildStoryIndex } from './story-index';
import { enProfile, zhProfile } from './test/synthetic-profiles';

describe('buildStoryIndex', () => {
  it('should find names, event words and first-person stages in a zh scene', () => {
    const story = buildStoryIndex(zhProfile('e2'), 'zh');
    expect(story.selfName).toBe('陈思远');
    expect(story.otherNames).toContain('赵立伟');
    expect(story.keywords).toEqual(expect.arrayContaining(['别墅', '方案']));
    expect(story.keywords).not.toContain('感觉');
    expect(story.stages).toHaveLength(4);
    expect(story.stages[0]).toMatch(/^我熬夜画完了别墅的设计图/);
    expect(story.stages.join('')).not.toContain('陈思远');
    expect(story.toldWords).toEqual(expect.arrayContaining(['熬夜', '庆功']));
    expect(story.toldWords).not.toContain('别墅');
  });

  it('should retell en stages as "I …" and find the other person', () => {
    const story = buildStoryIndex(enProfile('r2'), 'en');
    expect(story.selfName).toBe('Nora');
    expect(story.otherNames).toContain('Clara');
    expect(story.keywords).toEqual(expect.arrayContaining(['cottage']));
    expect(story.stages[0]).toMatch(/^I repainted the cottage kitchen/);
    expect(story.stages[1]).toMatch(/^I found out Clara/);
  });
});
