import type { Language } from '@rlver/spec';
import type { StoryIndex } from './story-index';

/**
 * Common zh surnames. The story index's other names are read by a surname-like first character, which also takes words
 * such as "段关系" (of "一段关系") or "于学习" (of "对于学习"); a name here must start with one of these and be said in
 * full, so no ordinary phrase reads as a person.
 */
const ZH_SURNAMES = new Set(
  '王李张刘陈杨赵黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯许邓曹彭曾肖田董袁潘蔡蒋余杜叶苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤'.split(
    '',
  ),
);
/** First characters that read as words far more often than as surnames ("曾经", "于是", "段落", "程度"). */
const ZH_WORD_STARTS = new Set('曾于段程万向方任'.split(''));

/** Whether an indexed name reads as a person's full name (zh: a surname and one or two characters). */
function isPersonName(name: string, lang: Language): boolean {
  if (lang === 'en') return /^[A-Z][a-z]+$/.test(name);
  const first = name[0] ?? '';
  return name.length >= 2 && name.length <= 3 && ZH_SURNAMES.has(first) && !ZH_WORD_STARTS.has(first);
}

/**
 * The people of this user's story the reply names in full: the user's own name and the other people the story names.
 * A reply written for another person's story names them only by chance, so a reply that does is about this story,
 * however little of the last message it takes up (a later-turn reply that advises on "梁浩然" after the user's "嗯，
 * 可是……").
 */
export function storyPeopleNamed(reply: string, story: StoryIndex, lang: Language): string[] {
  return [story.selfName, ...story.otherNames]
    .filter((name) => isPersonName(name, lang))
    .filter((name) => (lang === 'zh' ? reply.includes(name) : new RegExp(`\\b${name}\\b`).test(reply)));
}
