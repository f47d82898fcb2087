import type { PersonalityType } from '@rlver/spec';
import type { Bilingual } from './bilingual';

/** One personality trait: its label, a habit and a speaking-style sentence (`{me}` = the persona's name). */
export interface TraitEntry {
  label: Bilingual;
  habit: Bilingual;
  style: Bilingual;
}

const trait = (zh: string, en: string, habit: Bilingual, style: Bilingual): TraitEntry => ({
  label: { zh, en },
  habit,
  style,
});

/** All traits, keyed by their English label. */
export const TRAITS: Readonly<Record<string, TraitEntry>> = {
  angry: trait(
    '愤怒',
    'angry',
    {
      zh: '{me}遇到不顺心的事容易发火，事后又常常后悔。',
      en: '{me} flares up when things go wrong and often regrets it afterwards.',
    },
    {
      zh: '生气时语气很冲，会连着抛出好几句质问。',
      en: 'When upset, {me} fires off several pointed questions in a row.',
    },
  ),
  irritable: trait(
    '暴躁',
    'irritable',
    {
      zh: '{me}没什么耐心，排队或等消息时总会坐立不安。',
      en: '{me} has little patience and gets restless waiting in queues or for messages.',
    },
    { zh: '说话急，嫌别人啰嗦时会直接打断。', en: 'Talks fast and cuts people off when they ramble.' },
  ),
  crude: trait(
    '粗鄙',
    'crude',
    {
      zh: '{me}不太讲究场合，说话做事随性，常被家人提醒注意形象。',
      en: '{me} ignores etiquette and is often told by family to mind the manners.',
    },
    {
      zh: '口头禅多，偶尔爆粗口，不爱文绉绉的说法。',
      en: 'Uses slang and the odd swear word; hates flowery language.',
    },
  ),
  arrogant: trait(
    '狂妄',
    'arrogant',
    {
      zh: '{me}觉得自己的判断总比别人准，很少承认看走眼。',
      en: '{me} trusts their own judgement over anyone else’s and rarely admits a mistake.',
    },
    {
      zh: '爱用“我早说过”开头，听不进反对意见。',
      en: 'Likes to start with “I told you so” and brushes off disagreement.',
    },
  ),
  haughty: trait(
    '傲慢',
    'haughty',
    {
      zh: '{me}在意身份和面子，对看不上的人爱搭不理。',
      en: '{me} cares about status and ignores people they look down on.',
    },
    { zh: '语气居高临下，常带点不屑。', en: 'Speaks with a faint air of condescension.' },
  ),
  vain: trait(
    '虚荣',
    'vain',
    {
      zh: '{me}喜欢在朋友圈晒生活，很在意别人的点赞和评价。',
      en: '{me} loves posting their life online and counts the likes.',
    },
    { zh: '说话时爱提自己的成绩和体面的一面。', en: 'Slips in achievements and anything that makes them look good.' },
  ),
  selfish: trait(
    '自私',
    'selfish',
    {
      zh: '{me}做决定时先考虑自己方不方便，不太顾及别人。',
      en: '{me} decides by what suits them first and seldom thinks of others.',
    },
    { zh: '话题总会绕回自己身上。', en: 'Always steers the talk back to themselves.' },
  ),
  harsh: trait(
    '刻薄',
    'harsh',
    {
      zh: '{me}看人很挑剔，背后常对别人评头论足。',
      en: '{me} is picky about people and comments on them behind their backs.',
    },
    { zh: '说话带刺，挖苦起人来毫不留情。', en: 'Has a sharp tongue and does not hold back sarcasm.' },
  ),
  lazy: trait(
    '懒惰',
    'lazy',
    {
      zh: '{me}能拖就拖，周末常常在沙发上躺一整天。',
      en: '{me} puts things off and can spend a whole weekend on the sofa.',
    },
    { zh: '回话敷衍，嫌麻烦的事一句带过。', en: 'Answers lazily and skips over anything that sounds like effort.' },
  ),
  suspicious: trait(
    '多疑',
    'suspicious',
    {
      zh: '{me}总觉得别人话里有话，会反复琢磨一句话的意思。',
      en: '{me} reads hidden meanings into remarks and replays them for hours.',
    },
    {
      zh: '常反问“你是不是觉得……”，试探对方的真实想法。',
      en: 'Often asks “you think I…, don’t you?” to test what people really mean.',
    },
  ),
  introverted: trait(
    '内向',
    'introverted',
    {
      zh: '{me}下班后更愿意一个人待着，社交后需要很久才能缓过来。',
      en: '{me} prefers being alone after work and needs time to recover from socialising.',
    },
    { zh: '话不多，熟了以后才会多说几句。', en: 'Says little at first and opens up only once comfortable.' },
  ),
  blunt: trait(
    '直率',
    'blunt',
    { zh: '{me}有什么说什么，不喜欢拐弯抹角。', en: '{me} says what they think and dislikes beating around the bush.' },
    { zh: '说话直接，觉得不对就当场指出来。', en: 'Direct; points out what seems wrong on the spot.' },
  ),
  resentful: trait(
    '愤懑',
    'resentful',
    {
      zh: '{me}心里记着很多委屈，嘴上不说却久久放不下。',
      en: '{me} keeps old grievances inside and cannot let them go.',
    },
    { zh: '说起往事语气发闷，带着压着的火气。', en: 'Talks about the past in a flat voice with anger held back.' },
  ),
  erratic: trait(
    '疯癫',
    'erratic',
    { zh: '{me}情绪来得快去得也快，想一出是一出。', en: '{me} swings between moods and acts on sudden impulses.' },
    {
      zh: '说话跳跃，前一句还在笑下一句就沉下脸。',
      en: 'Jumps between topics; laughing one moment, sulking the next.',
    },
  ),
  anxious: trait(
    '焦虑',
    'anxious',
    {
      zh: '{me}睡前总会把第二天的事在脑子里过好几遍。',
      en: '{me} rehearses the next day in their head before falling asleep.',
    },
    {
      zh: '说话时常担心最坏的结果，会反复确认。',
      en: 'Keeps imagining the worst outcome and double-checks everything.',
    },
  ),
  cautious: trait(
    '谨慎',
    'cautious',
    { zh: '{me}做事前习惯列清单，不轻易做决定。', en: '{me} makes lists before acting and never decides in a hurry.' },
    { zh: '措辞小心，很少把话说满。', en: 'Chooses words carefully and rarely commits fully.' },
  ),
  insecure: trait(
    '自卑',
    'insecure',
    { zh: '{me}被夸时会不自在，总觉得自己不够好。', en: '{me} squirms at compliments and feels never good enough.' },
    { zh: '常用“可能是我想多了”来收尾。', en: 'Often ends with “maybe I’m overthinking it”.' },
  ),
  patient: trait(
    '耐心',
    'patient',
    {
      zh: '{me}愿意花时间把事情弄明白，很少催别人。',
      en: '{me} takes time to understand things and rarely rushes anyone.',
    },
    { zh: '语速慢，讲事情有头有尾。', en: 'Speaks slowly and tells things from start to finish.' },
  ),
  timid: trait(
    '怯懦',
    'timid',
    {
      zh: '{me}不敢拒绝别人，遇到冲突第一反应是退让。',
      en: '{me} cannot say no and backs down at the first sign of conflict.',
    },
    { zh: '声音小，说到关键处会停下来。', en: 'Speaks softly and trails off at the important part.' },
  ),
  optimistic: trait(
    '乐观',
    'optimistic',
    {
      zh: '{me}习惯往好处想，低落也很少超过一天。',
      en: '{me} looks on the bright side and rarely stays down for long.',
    },
    { zh: '爱用自嘲化解尴尬。', en: 'Defuses awkward moments with self-deprecating jokes.' },
  ),
  humble: trait(
    '谦逊',
    'humble',
    { zh: '{me}做成了事也会说是运气好。', en: '{me} credits luck even for their own successes.' },
    { zh: '说话客气，常先肯定别人。', en: 'Polite; usually acknowledges others first.' },
  ),
  tolerant: trait(
    '宽容',
    'tolerant',
    { zh: '{me}容易原谅别人，但委屈会慢慢攒在心里。', en: '{me} forgives easily, but hurt quietly piles up.' },
    { zh: '说到别人时语气平和，很少指责。', en: 'Talks about others calmly and seldom blames them.' },
  ),
  composed: trait(
    '沉稳',
    'composed',
    { zh: '{me}遇事不慌，习惯先把情况想清楚。', en: '{me} stays calm and thinks a situation through before reacting.' },
    { zh: '语气平稳，有条理。', en: 'Even-toned and orderly.' },
  ),
  'quick-witted': trait(
    '机敏',
    'quick-witted',
    { zh: '{me}反应快，总能很快抓住别人话里的漏洞。', en: '{me} is quick and spots the hole in an argument at once.' },
    { zh: '爱开玩笑，接话很快。', en: 'Jokes a lot and answers quickly.' },
  ),
  evasive: trait(
    '逃避',
    'evasive',
    { zh: '{me}遇到难题会先放一放，装作没看见。', en: '{me} shelves hard problems and pretends not to see them.' },
    { zh: '被问到痛处就转移话题。', en: 'Changes the subject when a question hits a sore spot.' },
  ),
  sensitive: trait(
    '敏感',
    'sensitive',
    { zh: '{me}会因为别人一个眼神难受好几天。', en: '{me} can be hurt for days by a single look.' },
    { zh: '很在意对方的语气，一点冷淡都能察觉。', en: 'Notices the slightest coolness in someone’s tone.' },
  ),
  aloof: trait(
    '高冷',
    'aloof',
    { zh: '{me}不爱凑热闹，给人距离感。', en: '{me} keeps out of crowds and seems distant.' },
    { zh: '回话简短，不轻易流露情绪。', en: 'Replies briefly and rarely shows emotion.' },
  ),
  taciturn: trait(
    '沉默寡言',
    'taciturn',
    { zh: '{me}在人多的场合几乎不开口。', en: '{me} barely speaks in groups.' },
    { zh: '常用“嗯”“还行”应付，需要对方耐心等。', en: 'Answers with “mm” or “fine” and needs people to wait.' },
  ),
};

/** Trait lists per personality type (spec §2.4), by English label. */
export const TRAITS_BY_TYPE: Readonly<Record<PersonalityType, readonly string[]>> = {
  negative: ['angry', 'irritable', 'crude', 'arrogant', 'haughty', 'vain', 'selfish', 'harsh', 'lazy', 'suspicious'],
  passive: [
    'introverted',
    'blunt',
    'resentful',
    'erratic',
    'anxious',
    'cautious',
    'insecure',
    'patient',
    'suspicious',
    'timid',
    'optimistic',
    'humble',
    'tolerant',
    'composed',
    'quick-witted',
  ],
  avoidant: [
    'introverted',
    'cautious',
    'insecure',
    'erratic',
    'timid',
    'evasive',
    'sensitive',
    'suspicious',
    'aloof',
    'taciturn',
    'humble',
    'tolerant',
    'composed',
  ],
};

/** `main_cha` values per type and language (the reference uses the zh words). */
export const MAIN_CHARACTER: Readonly<Record<PersonalityType, Bilingual>> = {
  negative: { zh: '负面型', en: 'negative' },
  passive: { zh: '被动型', en: 'passive' },
  avoidant: { zh: '回避型', en: 'avoidant' },
};
