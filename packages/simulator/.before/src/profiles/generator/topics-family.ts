import type { TopicTemplate } from './topic-template';

/** Family topics. */
export const FAMILY_TOPICS: readonly TopicTemplate[] = [
  {
    key: 'family-marriage-pressure',
    category: { zh: '家庭矛盾', en: 'family' },
    question: {
      zh: '被{other}逼婚，怎么守住自己的节奏',
      en: 'pressured by {other} to marry: how to keep one’s own pace',
    },
    counterpart: { role: { zh: '母亲', en: 'mother' }, gender: 'f' },
    things: [
      { zh: '春节的饭桌', en: 'the holiday dinner' },
      { zh: '表姐的婚礼', en: 'my cousin’s wedding' },
      { zh: '奶奶的寿宴', en: 'grandma’s birthday party' },
    ],
    ages: [26, 36],
    cause: {
      zh: '{me}快三十了还单身，{other}越来越着急。',
      en: '{me} is nearly thirty and single, and {other} grows more anxious by the month.',
    },
    stages: [
      {
        zh: '在{thing}上，亲戚们轮流问{me}什么时候结婚。',
        en: '{me} was asked by relative after relative at {thing} when the wedding would be.',
      },
      {
        zh: '{other}瞒着{me}安排了相亲，{me}到了才知道。',
        en: '{me} only found out on arrival that {other} had arranged a blind date.',
      },
      {
        zh: '{me}拒绝后，{other}哭着说自己在老家抬不起头。',
        en: '{me} refused and {other} cried about losing face back home.',
      },
      {
        zh: '{other}开始每天发相亲对象的资料，{me}不敢点开。',
        en: '{me} now gets a match profile from {other} every day and does not dare open them.',
      },
    ],
    conflict: {
      zh: '{me}想等对的人，{other}觉得“差不多就行”。',
      en: '{me} wants to wait for the right person; {other} thinks “good enough will do”.',
    },
    conflictCause: {
      zh: '两代人对婚姻的理解完全不同，{other}也怕{me}老了没人照顾。',
      en: 'Two generations see marriage differently, and {other} fears {me} will end up alone.',
    },
    attempts: {
      zh: '{me}试过讲道理、试过敷衍着答应，也试过少回家，都没让{other}停下来。',
      en: '{me} tried reasoning, half-hearted yeses and visiting less; none of it stopped {other}.',
    },
    problem: {
      zh: '{me}不想伤{other}的心，也不想被推着走。',
      en: '{me} does not want to hurt {other} or to be pushed.',
    },
    state: {
      zh: '{me}现在接{other}的电话前都要深呼吸。',
      en: '{me} takes a deep breath before answering calls from {other}.',
    },
    openers: [
      { zh: '我妈又给我安排相亲了，连问都没问我。', en: 'My mum set up another blind date without even asking me.' },
      { zh: '过完{thing}，我感觉自己像犯了什么错。', en: 'After {thing} I feel like I’ve committed a crime.' },
    ],
  },
  {
    key: 'family-teen-child',
    category: { zh: '亲子关系', en: 'parenting' },
    question: {
      zh: '青春期的孩子{other}不跟自己说话了，怎么办',
      en: 'a teenage child, {other}, has stopped talking to them',
    },
    counterpart: { role: { zh: '孩子', en: 'teenage child' }, gender: 'any' },
    things: [
      { zh: '期中考试成绩', en: 'the mid-term results' },
      { zh: '手机话费账单', en: 'the phone bill' },
      { zh: '学校寄来的通知', en: 'the letter from school' },
    ],
    ages: [38, 52],
    cause: {
      zh: '{other}上了初二后变得沉默，成绩也下滑了。',
      en: '{other} went quiet in Year 9 and the grades slipped.',
    },
    stages: [
      {
        zh: '{me}看到{thing}，忍不住说了{other}几句重话。',
        en: '{me} saw {thing} and said some harsh words to {other}.',
      },
      { zh: '{other}摔门进了房间，晚饭也没出来吃。', en: '{me} watched {other} slam the door and skip dinner.' },
      {
        zh: '{me}偷偷看了{other}的聊天记录，被发现后{other}说再也不信任{me}。',
        en: '{me} secretly read {other}’s chats, got caught, and heard “I’ll never trust you again”.',
      },
      {
        zh: '班主任打电话说{other}上课走神，{me}觉得自己很失败。',
        en: '{me} got a call from the form tutor about {other} zoning out in class and felt like a failure.',
      },
    ],
    conflict: { zh: '{me}想管，{other}想要空间。', en: '{me} wants to keep control; {other} wants space.' },
    conflictCause: {
      zh: '{me}小时候家里管得严，下意识用了同样的方式。',
      en: '{me} grew up with strict parents and repeats their ways without thinking.',
    },
    attempts: {
      zh: '{me}买过{other}想要的球鞋想缓和关系，{other}收下了，还是不说话。',
      en: '{me} bought the trainers {other} wanted to make peace; {other} took them and stayed silent.',
    },
    problem: { zh: '{me}不知道怎么重新打开{other}的心。', en: '{me} does not know how to reach {other} again.' },
    state: {
      zh: '{me}每晚在{other}门口站一会儿，又默默走开。',
      en: '{me} stands outside {other}’s door every night and walks away.',
    },
    openers: [
      { zh: '我家孩子已经一个星期没跟我说话了。', en: 'My kid hasn’t said a word to me in a week.' },
      { zh: '就因为{thing}，{other}现在把我当空气。', en: 'Since {thing}, {other} treats me like I’m not there.' },
    ],
  },
  {
    key: 'family-sibling-care',
    category: { zh: '家庭矛盾', en: 'family' },
    question: { zh: '照顾生病的父亲，和{other}分工不公', en: 'caring for a sick father while {other} does little' },
    counterpart: { role: { zh: '哥哥', en: 'brother' }, gender: 'm' },
    things: [
      { zh: '住院押金', en: 'the hospital deposit' },
      { zh: '康复治疗费', en: 'the rehab fees' },
      { zh: '护工费用', en: 'the carer’s bills' },
    ],
    ages: [30, 55],
    cause: {
      zh: '父亲中风住院，{me}住得近，几乎每天都去医院。',
      en: 'Their father had a stroke; {me} lives nearby and goes to the hospital almost daily.',
    },
    stages: [
      {
        zh: '{me}垫付了{thing}，{other}说手头紧，晚点再说。',
        en: '{me} covered {thing}; {other} said money was tight and would sort it later.',
      },
      {
        zh: '{me}请了两周假陪护，{other}只来过一次，待了半小时。',
        en: '{me} took two weeks off to care for father; {other} visited once for half an hour.',
      },
      {
        zh: '亲戚夸{other}孝顺，因为{other}在群里发了很多关心的话。',
        en: '{me} heard relatives call {other} devoted because of caring messages in the family chat.',
      },
      {
        zh: '{me}累得在医院走廊睡着，醒来发现父亲在喊人。',
        en: '{me} fell asleep in the hospital corridor and woke to father calling out.',
      },
    ],
    conflict: {
      zh: '{me}希望分担，{other}觉得自己出不了力就少说话。',
      en: '{me} wants the load shared; {other} thinks staying quiet is fine if they can’t help.',
    },
    conflictCause: {
      zh: '从小{me}就是“懂事的那个”，大家习惯了{me}顶上。',
      en: '{me} was always “the sensible one” and everyone expects {me} to step up.',
    },
    attempts: {
      zh: '{me}列了排班表发给{other}，对方回了个“好”，然后没按表来。',
      en: '{me} sent {other} a rota; the reply was “ok”, and then it was ignored.',
    },
    problem: { zh: '{me}快撑不住，又说不出口。', en: '{me} is close to breaking but cannot say it.' },
    state: {
      zh: '{me}这周又请了假，领导脸色已经不好看了。',
      en: '{me} took leave again this week and the boss is not pleased.',
    },
    openers: [
      {
        zh: '我爸住院快一个月了，基本都是我在跑。',
        en: 'Dad’s been in hospital nearly a month, and it’s basically all on me.',
      },
      {
        zh: '今天在医院走廊睡着了，醒来脑子都是懵的。',
        en: 'I fell asleep in the hospital corridor today and woke up in a daze.',
      },
    ],
  },
  {
    key: 'family-in-laws',
    category: { zh: '婆媳关系', en: 'in-laws' },
    question: {
      zh: '{other}总插手小家庭的事，怎么划清界限',
      en: 'a mother-in-law, {other}, keeps meddling: how to set boundaries',
    },
    counterpart: { role: { zh: '婆婆', en: 'mother-in-law' }, gender: 'f' },
    things: [
      { zh: '孩子的辅食', en: 'the baby food' },
      { zh: '孩子的作息安排', en: 'the baby’s bedtime routine' },
      { zh: '婴儿房的窗帘', en: 'the nursery curtains' },
    ],
    ages: [27, 42],
    cause: {
      zh: '{other}来帮忙带孩子后，家里的大小事都要按她的意思来。',
      en: 'Since {other} came to help with the baby, everything at home has to be done her way.',
    },
    stages: [
      {
        zh: '{me}准备的{thing}被{other}换掉，说“我们那时候都这么养”。',
        en: '{me} had {thing} replaced by {other}: “that’s how we raised ours”.',
      },
      {
        zh: '{other}不敲门就进卧室，{me}跟爱人提了，爱人让{me}忍忍。',
        en: '{me} complained that {other} walked into the bedroom unannounced and was told to put up with it.',
      },
      {
        zh: '{me}和{other}当着孩子的面争了几句，{other}转头就跟亲戚诉苦。',
        en: '{me} argued with {other} in front of the child, and {other} complained to the relatives straight after.',
      },
      {
        zh: '亲戚打电话来劝{me}“多体谅老人”，{me}挂了电话就哭了。',
        en: '{me} got a call telling them to “be kind to the elderly” and cried after hanging up.',
      },
    ],
    conflict: {
      zh: '{me}要自己的家规，{other}觉得帮忙就该听她的。',
      en: '{me} wants their own house rules; {other} believes helping earns the final say.',
    },
    conflictCause: {
      zh: '爱人夹在中间不表态，矛盾全落在{me}和{other}之间。',
      en: 'The spouse stays neutral, so everything lands between {me} and {other}.',
    },
    attempts: {
      zh: '{me}写过育儿注意事项贴在冰箱上，{other}看了一眼就撕了。',
      en: '{me} posted baby-care notes on the fridge; {other} glanced at them and tore them down.',
    },
    problem: {
      zh: '{me}离不开{other}的帮忙，又受不了她的控制。',
      en: '{me} needs {other}’s help but cannot stand the control.',
    },
    state: { zh: '{me}下班后宁愿在车里坐一会儿再上楼。', en: '{me} sits in the car after work before going upstairs.' },
    openers: [
      {
        zh: '婆婆又把我准备的{thing}换了，我真的要炸了。',
        en: 'My mother-in-law swapped out {thing} again. I’m about to explode.',
      },
      {
        zh: '下班在车里坐了半小时，不想上楼。',
        en: 'I sat in the car for half an hour after work. Didn’t want to go up.',
      },
    ],
  },
  {
    key: 'family-parent-divorce',
    category: { zh: '家庭变故', en: 'family change' },
    question: { zh: '父母闹离婚，夹在中间怎么办', en: 'parents divorcing and being caught in the middle' },
    counterpart: { role: { zh: '父亲', en: 'father' }, gender: 'm' },
    things: [
      { zh: '搬家的纸箱', en: 'moving boxes' },
      { zh: '收拾好的行李箱', en: 'packed suitcases' },
      { zh: '分好的家具', en: 'furniture split into two piles' },
    ],
    ages: [17, 30],
    cause: {
      zh: '{me}的父母吵了多年，今年{other}正式提出离婚。',
      en: '{me}’s parents had fought for years; this year {other} filed for divorce.',
    },
    stages: [
      {
        zh: '{me}放假回家，看到客厅堆满了{thing}。',
        en: '{me} came home for the holidays to a living room full of {thing}.',
      },
      {
        zh: '{other}私下让{me}劝劝妈妈签字，{me}不知道怎么回答。',
        en: '{me} was asked privately by {other} to talk mum into signing and froze.',
      },
      {
        zh: '母亲每天晚上打电话哭诉，{me}听完整夜睡不着。',
        en: '{me} lay awake every night after mum’s tearful phone calls.',
      },
      {
        zh: '两边都问{me}以后跟谁过年，{me}谁都不想选。',
        en: '{me} was asked by both sides where to spend the holidays and could not choose.',
      },
    ],
    conflict: {
      zh: '{me}被迫选边站，两边都觉得{me}偏心。',
      en: '{me} is forced to take sides, and each parent thinks {me} favours the other.',
    },
    conflictCause: {
      zh: '父母把多年的怨气都转到{me}身上。',
      en: 'Years of resentment between the parents now flow through {me}.',
    },
    attempts: {
      zh: '{me}试过两边传话，结果被两边都怪罪；也试过不接电话，更内疚了。',
      en: '{me} tried passing messages and got blamed by both; ignoring calls only brought guilt.',
    },
    problem: {
      zh: '{me}不知道怎么在不伤害任何人的情况下保护自己。',
      en: '{me} does not know how to protect themselves without hurting anyone.',
    },
    state: {
      zh: '{me}最近一看到家里来电就想把手机扣过去。',
      en: '{me} turns the phone face down whenever home calls.',
    },
    openers: [
      { zh: '我爸妈在闹离婚，两边都找我当传话筒。', en: 'My parents are divorcing and both use me as a messenger.' },
      {
        zh: '放假回家，看到一屋子{thing}，心一下就凉了。',
        en: 'Came home to a room full of {thing}. My heart just sank.',
      },
    ],
  },
];
