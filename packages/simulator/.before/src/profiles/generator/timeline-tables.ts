import type { Bilingual } from './bilingual';

/** Four dated stage labels, oldest first (scene section 1). */
export const TIMELINES: ReadonlyArray<readonly [Bilingual, Bilingual, Bilingual, Bilingual]> = [
  [
    { zh: '半年前', en: 'six months ago' },
    { zh: '四个月前', en: 'four months ago' },
    { zh: '两个月前', en: 'two months ago' },
    { zh: '最近一周', en: 'this past week' },
  ],
  [
    { zh: '三个月前', en: 'three months ago' },
    { zh: '两个月前', en: 'two months ago' },
    { zh: '三周前', en: 'three weeks ago' },
    { zh: '这几天', en: 'the last few days' },
  ],
  [
    { zh: '去年秋天', en: 'last autumn' },
    { zh: '今年年初', en: 'early this year' },
    { zh: '上个月', en: 'last month' },
    { zh: '昨天', en: 'yesterday' },
  ],
  [
    { zh: '两个月前', en: 'two months ago' },
    { zh: '一个月前', en: 'a month ago' },
    { zh: '两周前', en: 'two weeks ago' },
    { zh: '前天', en: 'the day before yesterday' },
  ],
  [
    { zh: '一年前', en: 'a year ago' },
    { zh: '半年前', en: 'six months ago' },
    { zh: '三个月前', en: 'three months ago' },
    { zh: '上周', en: 'last week' },
  ],
];

/** Ordinal stage names. */
export const STAGE_NAMES: readonly Bilingual[] = [
  { zh: '第一阶段', en: 'Stage 1' },
  { zh: '第二阶段', en: 'Stage 2' },
  { zh: '第三阶段', en: 'Stage 3' },
  { zh: '第四阶段', en: 'Stage 4' },
];

/** Positive qualities, so every persona shows good sides as well as flaws (spec §2.5). */
export const VIRTUES: readonly Bilingual[] = [
  {
    zh: '不过{me}很讲义气，朋友有难处总会第一个出现。',
    en: 'Still, {me} is loyal and is the first to show up when a friend is in trouble.',
  },
  { zh: '但{me}做事认真，答应的事一定做到。', en: 'But {me} is conscientious and always keeps a promise.' },
  { zh: '{me}心软，看到流浪猫都会停下来喂一喂。', en: '{me} has a soft heart and stops to feed stray cats.' },
  { zh: '{me}动手能力强，家里坏了什么都自己修。', en: '{me} is handy and fixes whatever breaks at home.' },
  { zh: '{me}很会照顾人，记得身边每个人的生日。', en: '{me} looks after people and remembers everyone’s birthday.' },
  { zh: '{me}对家人很孝顺，每周都会打电话回家。', en: '{me} is devoted to family and calls home every week.' },
];
