import type { Language, Rng } from '@rlver/spec';

/**
 * High-entropy story material that a model can only reproduce by copying it from the dialogue: made-up names
 * and clauses drawn from a small grammar with large word lists (≈ 10⁶ clauses per language). Quote templates
 * repeat such words back, and a model that learns to copy them, rather than to recall memorised story text,
 * can take up the words of a user whose story it never saw (the held-out scenarios).
 */

const ZH_SURNAMES = [
  ...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤',
];
const ZH_GIVEN = [
  ...'伟芳娜秀敏静丽强磊军洋勇艳杰娟涛明超兰霞平刚桂英华玉萍红鹏飞琳晨宇浩然子轩雨欣怡佳琪梦瑶思涵婷嘉俊博文宁颖凯悦心诗晓瑞昊天一鸣航可亮志鑫雪峰婉清辰逸安舒晴岚彤薇皓睿泽楠',
];
const EN_ONSETS = [
  'B',
  'C',
  'D',
  'F',
  'G',
  'H',
  'J',
  'K',
  'L',
  'M',
  'N',
  'P',
  'R',
  'S',
  'T',
  'V',
  'W',
  'Z',
  'Br',
  'Cl',
  'Fr',
  'Gr',
  'St',
  'Tr',
  'Sh',
  'Ch',
];
const EN_NUCLEI = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ie', 'oa', 'y'];
const EN_CODAS = ['', 'n', 'l', 'r', 'th', 'ck', 'ra', 'la', 'na', 'son', 'ley', 'den', 'mer', 'ton', 'sa', 'ri'];

/** A made-up personal name: a Chinese surname with one or two given characters, or an English-like name. */
export function randomPersonName(rng: Rng, lang: Language): string {
  if (lang === 'zh') {
    const given = rng.next() < 0.6 ? rng.pick(ZH_GIVEN) + rng.pick(ZH_GIVEN) : rng.pick(ZH_GIVEN);
    return rng.pick(ZH_SURNAMES) + given;
  }
  const syllables = rng.next() < 0.5 ? 1 : 2;
  let name = '';
  for (let index = 0; index < syllables; index += 1) name += rng.pick(EN_ONSETS).toLowerCase() + rng.pick(EN_NUCLEI);
  name += rng.pick(EN_CODAS);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

const ZH_TIMES = [
  '昨天',
  '上周五',
  '今天早上',
  '前天晚上',
  '刚才',
  '这个月',
  '上个周末',
  '周一开会时',
  '中午吃饭时',
  '半夜',
  '上次聚会上',
  '国庆前',
];
const ZH_VERBS = [
  '弄丢了',
  '退回了',
  '删掉了',
  '拿走了',
  '改掉了',
  '忘了',
  '推迟了',
  '取消了',
  '摔坏了',
  '否定了',
  '翻出了',
  '扔掉了',

  '当众提起了',
  '偷偷看了',
  '没还',
  '搞砸了',
  '嘲笑了',
  '抢走了',
  '拒绝了',
];
const ZH_OWNERS = ['我的', '我们的', '我妈的', '公司的', '我存的', '我熬夜写的', '我特意准备的', '我们说好的'];
const ZH_NOUNS = [
  '报告',
  '合同',
  '计划',
  '生日礼物',
  '房租',
  '体检结果',
  '旅行',
  '钥匙',
  '笔记本',
  '方案',
  '照片',
  '日记',
  '自行车',
  '简历',
  '奖金',
  '蛋糕',
  '请假条',
  '面试机会',
  '演讲稿',
  '毕业设计',
  '婚礼',
  '存款',
  '猫粮',
  '车票',
  '实验数据',
  '项目',
  '设计图',
  '聊天记录',
  '年终总结',
  '复习资料',
];

const EN_TIMES = [
  'yesterday',
  'last Friday',
  'this morning',
  'the night before',
  'an hour ago',
  'this month',
  'over the weekend',
  'at Monday’s meeting',
  'during lunch',
  'at midnight',
  'at the party',
  'before the holidays',
];
const EN_VERBS = [
  'lost',
  'sent back',
  'deleted',
  'took',
  'rewrote',
  'forgot',
  'postponed',
  'cancelled',
  'broke',
  'rejected',
  'dug up',
  'threw away',
  'gave away',
  'mocked',
  'read',
  'never returned',
  'ruined',
  'laughed at',
  'grabbed',
  'ignored',
];
const EN_OWNERS = [
  'my',
  'our',
  'my mom’s',
  'the team’s',
  'my carefully saved',
  'my late-night',
  'my handmade',
  'our agreed',
];
const EN_NOUNS = [
  'report',
  'contract',
  'plan',
  'birthday gift',
  'rent money',
  'test results',
  'trip',
  'keys',
  'notebook',
  'proposal',
  'photos',
  'diary',
  'bike',
  'résumé',
  'bonus',
  'cake',
  'leave request',
  'interview slot',
  'speech',
  'thesis',
  'wedding plans',
  'savings',
  'cat food',
  'train ticket',
  'lab data',
  'project',
  'drawings',
  'messages',
  'year-end review',
  'study notes',
];

/** A clause of a story in a made-up scene: who did what to whose thing, and when. */
export function randomStoryClause(rng: Rng, lang: Language, name: string): string {
  if (lang === 'zh') {
    return `${rng.pick(ZH_TIMES)}${name}${rng.pick(ZH_VERBS)}${rng.pick(ZH_OWNERS)}${rng.pick(ZH_NOUNS)}`;
  }
  return `${name} ${rng.pick(EN_VERBS)} ${rng.pick(EN_OWNERS)} ${rng.pick(EN_NOUNS)} ${rng.pick(EN_TIMES)}`;
}

/** `clause` as a sentence of a user's message. */
export function asSentence(clause: string, lang: Language): string {
  return lang === 'zh' ? `${clause}。` : `${clause.charAt(0).toUpperCase()}${clause.slice(1)}.`;
}
