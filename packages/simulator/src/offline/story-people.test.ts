import { describe, expect, it } from 'vitest';
import type { StoryIndex } from './story-index';
import { storyPeopleNamed } from './story-people';

const story = (selfName: string, otherNames: string[]): StoryIndex => ({
  selfName,
  otherNames,
  keywords: [],
  toldWords: [],
  stages: [],
});

describe('storyPeopleNamed', () => {
  it('finds the user and the people of their story named in full', () => {
    const zh = story('王小云', ['梁浩然', '高小晴']);
    expect(storyPeopleNamed('你列了排班表发给梁浩然，这一步其实很对。', zh, 'zh')).toEqual(['梁浩然']);
    expect(storyPeopleNamed('王小云，你已经做得很好了；和高小晴约个时间吧。', zh, 'zh')).toEqual(['王小云', '高小晴']);
    expect(storyPeopleNamed('You could tell Max how the lights keep you awake.', story('Sam', ['Max']), 'en')).toEqual([
      'Max',
    ]);
  });

  it('does not read indexed words that only look like names, nor a given name alone', () => {
    const zh = story('张晓宇', ['段关系', '于学习', '曾尝试']);
    expect(storyPeopleNamed('这段关系对于学习也有影响，你曾尝试过沟通。', zh, 'zh')).toEqual([]);
    expect(storyPeopleNamed('晓宇最近怎么样？', zh, 'zh')).toEqual([]);
    expect(storyPeopleNamed('Maxine said so.', story('Sam', ['Max']), 'en')).toEqual([]);
  });
});
