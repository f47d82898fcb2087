import type { PersonalityType } from '@rlver/spec';
import type { Bilingual } from './bilingual';

/** Name parts. zh: surname + given name; en: first name + surname. */
export const NAMES = {
  zh: {
    surnames: [
      '王',
      '李',
      '张',
      '刘',
      '陈',
      '杨',
      '黄',
      '赵',
      '周',
      '吴',
      '徐',
      '孙',
      '马',
      '胡',
      '朱',
      '郭',
      '何',
      '林',
      '高',
      '罗',
      '郑',
      '梁',
      '谢',
      '宋',
      '唐',
      '许',
      '韩',
      '冯',
      '邓',
      '曹',
    ],
    female: [
      '晓雯',
      '思琪',
      '雨桐',
      '佳怡',
      '梦洁',
      '婷婷',
      '欣然',
      '静怡',
      '诗涵',
      '丽娜',
      '雅琴',
      '慧敏',
      '小晴',
      '秀兰',
      '春燕',
      '若曦',
      '可欣',
      '晨曦',
      '淑芬',
      '美玲',
    ],
    male: [
      '浩然',
      '子轩',
      '俊杰',
      '志强',
      '建华',
      '宇航',
      '博文',
      '明辉',
      '天宇',
      '立伟',
      '家豪',
      '文杰',
      '国栋',
      '振宇',
      '凯',
      '磊',
      '鹏',
      '涛',
      '晨阳',
      '海峰',
    ],
  },
  en: {
    surnames: [
      'Walker',
      'Bennett',
      'Hughes',
      'Carter',
      'Murphy',
      'Patel',
      'Nguyen',
      'Foster',
      'Russo',
      'Kim',
      'Okafor',
      'Silva',
      'Reyes',
      'Fischer',
      'Byrne',
      'Novak',
      'Ellis',
      'Grant',
      'Shaw',
      'Moreno',
    ],
    female: [
      'Emma',
      'Chloe',
      'Hannah',
      'Grace',
      'Maya',
      'Olivia',
      'Sofia',
      'Leah',
      'Nora',
      'Ruby',
      'Isla',
      'Priya',
      'Zoe',
      'Clara',
      'Megan',
      'Lucy',
      'Amara',
      'Elena',
      'Jess',
      'Tara',
    ],
    male: [
      'Liam',
      'Noah',
      'Ethan',
      'Lucas',
      'Owen',
      'Daniel',
      'Sam',
      'Ryan',
      'Marcus',
      'Leo',
      'Adam',
      'Jonah',
      'Tom',
      'Ravi',
      'Felix',
      'Omar',
      'Ben',
      'Hugo',
      'Caleb',
      'Max',
    ],
  },
} as const;

/** Occupations (never games or IT, as the reference generator requires), with an age range. */
export const JOBS: ReadonlyArray<{ text: Bilingual; minAge: number; maxAge: number }> = [
  { text: { zh: '小学语文老师', en: 'primary-school teacher' }, minAge: 24, maxAge: 55 },
  { text: { zh: '社区医院护士', en: 'nurse at a community clinic' }, minAge: 22, maxAge: 50 },
  { text: { zh: '外卖骑手', en: 'food-delivery rider' }, minAge: 20, maxAge: 45 },
  { text: { zh: '服装店店长', en: 'clothing-shop manager' }, minAge: 25, maxAge: 50 },
  { text: { zh: '大学二年级学生', en: 'second-year university student' }, minAge: 19, maxAge: 21 },
  { text: { zh: '高三学生', en: 'high-school senior' }, minAge: 17, maxAge: 18 },
  { text: { zh: '银行柜员', en: 'bank teller' }, minAge: 23, maxAge: 45 },
  { text: { zh: '室内设计师', en: 'interior designer' }, minAge: 24, maxAge: 48 },
  { text: { zh: '健身教练', en: 'personal trainer' }, minAge: 22, maxAge: 40 },
  { text: { zh: '餐厅厨师', en: 'restaurant cook' }, minAge: 21, maxAge: 55 },
  { text: { zh: '会计', en: 'accountant' }, minAge: 24, maxAge: 58 },
  { text: { zh: '房产中介', en: 'estate agent' }, minAge: 22, maxAge: 45 },
  { text: { zh: '自由摄影师', en: 'freelance photographer' }, minAge: 23, maxAge: 45 },
  { text: { zh: '药店店员', en: 'pharmacy assistant' }, minAge: 20, maxAge: 50 },
  { text: { zh: '幼儿园老师', en: 'kindergarten teacher' }, minAge: 21, maxAge: 45 },
  { text: { zh: '物流调度员', en: 'logistics dispatcher' }, minAge: 24, maxAge: 52 },
  { text: { zh: '律师助理', en: 'paralegal' }, minAge: 23, maxAge: 40 },
  { text: { zh: '花店老板', en: 'florist who runs her own shop' }, minAge: 26, maxAge: 55 },
  { text: { zh: '研究生', en: 'master’s student' }, minAge: 22, maxAge: 27 },
  { text: { zh: '公交车司机', en: 'bus driver' }, minAge: 28, maxAge: 58 },
  { text: { zh: '酒店前台', en: 'hotel receptionist' }, minAge: 20, maxAge: 35 },
  { text: { zh: '销售经理', en: 'sales manager' }, minAge: 28, maxAge: 50 },
  { text: { zh: '时尚博主', en: 'fashion blogger' }, minAge: 20, maxAge: 35 },
  { text: { zh: '退休工人', en: 'retired factory worker' }, minAge: 60, maxAge: 70 },
  { text: { zh: '全职妈妈', en: 'stay-at-home parent' }, minAge: 27, maxAge: 45 },
  { text: { zh: '行政专员', en: 'office administrator' }, minAge: 23, maxAge: 45 },
  { text: { zh: '记者', en: 'local news reporter' }, minAge: 23, maxAge: 50 },
  { text: { zh: '宠物美容师', en: 'dog groomer' }, minAge: 20, maxAge: 40 },
];

/** Hobbies with a concrete detail (`{me}` = the persona's name). */
export const HOBBIES: readonly Bilingual[] = [
  {
    zh: '喜欢烘焙，周末常做戚风蛋糕分给邻居，失败了也会拍照记录。',
    en: 'Bakes on weekends and hands out sponge cakes to neighbours, photographing even the failures.',
  },
  {
    zh: '爱夜跑，每周跑三次江边步道，手机里存着每次的配速。',
    en: 'Runs along the river three evenings a week and logs every pace on the phone.',
  },
  { zh: '迷上了手冲咖啡，收集了十几种豆子。', en: 'Is into pour-over coffee and keeps a dozen kinds of beans.' },
  { zh: '周末去公园写生，画本已经攒了五本。', en: 'Sketches in the park on weekends and has filled five sketchbooks.' },
  {
    zh: '喜欢看悬疑小说，睡前一定要读几章。',
    en: 'Reads mystery novels and must get through a few chapters before bed.',
  },
  { zh: '养了两只猫，常给它们拍视频发到网上。', en: 'Has two cats and posts videos of them online.' },
  { zh: '爱打羽毛球，每周二和老同学约场。', en: 'Plays badminton with old classmates every Tuesday.' },
  {
    zh: '在阳台种多肉和番茄，每天早上都要看一眼。',
    en: 'Grows succulents and tomatoes on the balcony and checks them every morning.',
  },
  { zh: '喜欢逛旧货市场，淘老唱片和旧相机。', en: 'Hunts for old records and film cameras at flea markets.' },
  {
    zh: '学了两年吉他，能弹几首老歌。',
    en: 'Has been learning guitar for two years and can play a handful of old songs.',
  },
  { zh: '热衷追剧，看完会在论坛写长评。', en: 'Binge-watches series and writes long reviews on forums.' },
  { zh: '周末爬山，爱拍山顶的日出。', en: 'Hikes on weekends and photographs sunrises from the summit.' },
  { zh: '喜欢做手账，用贴纸记录每天的心情。', en: 'Keeps a bullet journal with stickers for each day’s mood.' },
  { zh: '爱钓鱼，能在水库边一坐一下午。', en: 'Fishes and can sit by the reservoir all afternoon.' },
  {
    zh: '跟着视频学跳舞，在客厅对着镜子练。',
    en: 'Learns dances from videos and practises in front of the living-room mirror.',
  },
  {
    zh: '喜欢研究菜谱，常复刻饭店里的招牌菜。',
    en: 'Studies recipes and recreates restaurant signature dishes at home.',
  },
  { zh: '练书法，每天临一页字帖。', en: 'Practises calligraphy, one page of a copybook a day.' },
  { zh: '爱拼乐高，书架上摆满了拼好的建筑。', en: 'Builds LEGO sets; the bookshelf is full of finished buildings.' },
  { zh: '周末去做志愿者，在流浪动物救助站帮忙。', en: 'Volunteers at an animal shelter on weekends.' },
  { zh: '喜欢骑行，去年骑完了环湖一圈。', en: 'Loves cycling and rode all the way round the lake last year.' },
  { zh: '爱听播客，通勤路上一集接一集。', en: 'Listens to podcasts back to back on the commute.' },
  { zh: '学做陶艺，家里摆着自己烧的歪杯子。', en: 'Takes pottery classes; lopsided home-made mugs fill the kitchen.' },
];

/** Speaking manner per type (proactive or passive, spec §2.5). */
export const SPEAKING_MANNER: Readonly<Record<PersonalityType, readonly Bilingual[]>> = {
  negative: [
    {
      zh: '说话主动，抱怨多，喜欢让对方顺着自己的思路走。',
      en: 'Proactive, complains a lot and wants the listener to follow their line of thought.',
    },
    { zh: '爱抢话，一不顺心就会反问对方。', en: 'Talks over people and turns questions back on them when annoyed.' },
  ],
  passive: [
    {
      zh: '比较被动，一般等对方问起才说，很少主动提问。',
      en: 'Rather passive: speaks when asked and seldom asks questions.',
    },
    {
      zh: '习惯顺着别人的话说，不太会主动换话题。',
      en: 'Goes along with the other person’s lead and rarely changes the topic.',
    },
  ],
  avoidant: [
    {
      zh: '说话含糊，遇到敏感问题会岔开，不喜欢被追问。',
      en: 'Vague; sidesteps sensitive questions and dislikes being pressed.',
    },
    {
      zh: '回话简短，要对方耐心等才慢慢说出实情。',
      en: 'Answers briefly and reveals the real story only if the listener is patient.',
    },
  ],
};

/** How the persona reacts at high, medium and low emotion, per type (scene section 2). */
export const REACTIONS: Readonly<Record<PersonalityType, Readonly<Record<'high' | 'medium' | 'low', Bilingual>>>> = {
  negative: {
    high: {
      zh: '语气缓和下来，愿意承认自己也有不够好的地方，会多讲些细节。',
      en: 'Softens, admits their own part and shares more detail.',
    },
    medium: { zh: '不耐烦，句子短，时不时冒出抱怨。', en: 'Impatient, short sentences, complaints slipping out.' },
    low: {
      zh: '冷嘲热讽，觉得对方不懂自己，很快就想结束对话。',
      en: 'Sarcastic, feels misunderstood and wants to end the talk quickly.',
    },
  },
  passive: {
    high: {
      zh: '放松下来，说话多了，会主动讲出藏在心里的想法。',
      en: 'Relaxes, talks more and volunteers thoughts kept inside.',
    },
    medium: {
      zh: '有问才答，语气平淡，心里还在犹豫要不要多说。',
      en: 'Answers only what is asked, flat tone, unsure whether to say more.',
    },
    low: {
      zh: '变得沉默，回一两个字，心里觉得说了也没用。',
      en: 'Goes quiet, replies with a word or two, feels talking is pointless.',
    },
  },
  avoidant: {
    high: {
      zh: '卸下防备，会提到一直回避的那部分细节。',
      en: 'Lowers their guard and mentions the part they have been avoiding.',
    },
    medium: { zh: '含糊其辞，说一半留一半。', en: 'Vague, telling half and keeping half back.' },
    low: {
      zh: '找借口岔开话题，想尽快离开这次谈话。',
      en: 'Makes excuses, changes the subject and wants to leave the conversation.',
    },
  },
};

/** Extra line of scene section 3 per type: what this kind of person especially likes or dislikes. */
export const TYPE_REPLY_PREFERENCES: Readonly<Record<PersonalityType, { raise: Bilingual; lower: Bilingual }>> = {
  negative: {
    raise: {
      zh: '对方站在自己这边、说到点子上时，情绪会明显上来。',
      en: 'Lifts clearly when the listener is on their side and to the point.',
    },
    lower: {
      zh: '被说教、被指出问题时会立刻反感，情绪掉得很快。',
      en: 'Lecturing or pointing out their faults annoys them at once; the mood drops fast.',
    },
  },
  passive: {
    raise: { zh: '温和、耐心的倾听让{me}安心。', en: 'Gentle, patient listening puts {me} at ease.' },
    lower: {
      zh: '对方太急、一下子给一堆结论时，{me}会退缩。',
      en: '{me} shrinks back when the listener rushes to a pile of conclusions.',
    },
  },
  avoidant: {
    raise: { zh: '不追问、给足空间时，{me}才愿意多说。', en: '{me} opens up only when given space and not pressed.' },
    lower: {
      zh: '连续追问细节会让{me}觉得被审问，想躲开。',
      en: 'Being quizzed for details feels like an interrogation to {me}, who wants to retreat.',
    },
  },
};
