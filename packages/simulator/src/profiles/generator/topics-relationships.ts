import type { TopicTemplate } from './topic-template';

/** Romance and marriage topics. */
export const RELATIONSHIP_TOPICS: readonly TopicTemplate[] = [
  {
    key: 'romance-ambiguous',
    category: { zh: '恋爱矛盾', en: 'romance' },
    question: {
      zh: '和{other}一直暧昧不清，要不要继续等下去',
      en: 'stuck in an undefined thing with {other}: keep waiting or walk away',
    },
    counterpart: { role: { zh: '暧昧对象', en: 'almost-partner' }, gender: 'any' },
    things: [
      { zh: '生日那晚的约会', en: 'the birthday dinner' },
      { zh: '一起去看海的计划', en: 'the weekend trip to the coast' },
      { zh: '那场演唱会之约', en: 'the concert night' },
    ],
    ages: [20, 34],
    cause: {
      zh: '{me}在朋友的聚会上认识了{other}，两人聊得很投机，之后几乎每天都发消息，却始终没有确定关系。',
      en: '{me} met {other} at a friend’s party; they clicked, texted almost every day, yet never defined anything.',
    },
    stages: [
      {
        zh: '{me}和{other}开始频繁约饭，{me}觉得两人越来越默契。',
        en: '{me} started having dinner with {other} every week and felt they were getting close.',
      },
      {
        zh: '{me}精心准备了{thing}，{other}却临时说有事，事后只回了一个表情。',
        en: '{me} planned {thing} carefully, but {other} cancelled at the last minute and replied with an emoji.',
      },
      {
        zh: '{me}发现{other}也和别人走得很近，试探着问了一句，对方笑着岔开了。',
        en: '{me} noticed {other} was close to someone else too, asked lightly, and got a laugh and a change of subject.',
      },
      {
        zh: '{other}又像什么都没发生一样约{me}出去，{me}答应了，回家后却睡不着。',
        en: '{me} agreed when {other} asked to meet again as if nothing had happened, then lay awake that night.',
      },
    ],
    conflict: {
      zh: '{me}想要一个明确的答复，{other}总说“顺其自然”。',
      en: '{me} wanted a clear answer; {other} kept saying “let’s see where it goes”.',
    },
    conflictCause: {
      zh: '{me}怕失去，又怕自己只是备选；{other}似乎享受这种不用负责的轻松。',
      en: '{me} feared losing {other} and feared being a back-up; {other} seemed to enjoy the lack of commitment.',
    },
    attempts: {
      zh: '{me}试过冷淡几天，也试过直接问，结果都是{other}几句好话就让一切回到原样。',
      en: '{me} tried going cold for a few days and tried asking outright; each time a few sweet words put things back as before.',
    },
    problem: { zh: '{me}不知道该继续等，还是该抽身。', en: '{me} does not know whether to keep waiting or step away.' },
    state: {
      zh: '{me}每天都会点开{other}的头像看很久，最近工作也老走神。',
      en: '{me} keeps opening {other}’s profile and has been distracted at work.',
    },
    openers: [
      { zh: '最近{other}的态度，我是越来越看不懂了。', en: 'I can’t work out {other} at all lately.' },
      {
        zh: '{thing}之后，我跟{other}就一直这么不清不楚的。',
        en: 'Ever since {thing}, things with {other} have been so unclear.',
      },
    ],
  },
  {
    key: 'romance-long-distance',
    category: { zh: '恋爱矛盾', en: 'romance' },
    question: {
      zh: '异地恋越来越累，还要不要坚持',
      en: 'a long-distance relationship that is wearing thin: hold on or not',
    },
    counterpart: { role: { zh: '恋人', en: 'partner' }, gender: 'any' },
    things: [
      { zh: '每晚的视频通话', en: 'the nightly video calls' },
      { zh: '周日早上的电话', en: 'the Sunday morning calls' },
      { zh: '睡前的语音', en: 'the goodnight voice messages' },
    ],
    ages: [21, 35],
    cause: {
      zh: '{me}和{other}在一起两年，去年{other}被调到另一个城市工作，两人开始异地。',
      en: '{me} and {other} had been together two years when {other} was transferred to another city last year.',
    },
    stages: [
      {
        zh: '刚分开时两人约好{thing}不能断，{me}每天都很期待。',
        en: '{me} and {other} promised never to miss {thing}, and {me} looked forward to it every day.',
      },
      {
        zh: '{other}工作越来越忙，通话常常十分钟就挂，{me}开始觉得被冷落。',
        en: '{me} began to feel neglected as {other} got busier and calls ended after ten minutes.',
      },
      {
        zh: '{me}攒了假期想去看{other}，{other}说要加班，让{me}别来了。',
        en: '{me} saved up leave to visit, but {other} said there was overtime and told {me} not to come.',
      },
      {
        zh: '两人为一件小事在电话里吵到半夜，之后三天谁都没联系谁。',
        en: '{me} and {other} argued until midnight over something small and then went three days without a word.',
      },
    ],
    conflict: {
      zh: '{me}觉得自己一直在付出，{other}却觉得{me}不体谅自己的压力。',
      en: '{me} felt like the only one making an effort; {other} felt {me} ignored the pressure at work.',
    },
    conflictCause: {
      zh: '距离让两人的生活节奏完全不同，谁都觉得自己更委屈。',
      en: 'Distance had put them on different rhythms, and each felt more hard done by.',
    },
    attempts: {
      zh: '{me}试过约定固定的聊天时间，也提过让{other}考虑调回来，都没有下文。',
      en: '{me} tried fixed call times and asked {other} to think about moving back; nothing came of it.',
    },
    problem: { zh: '{me}不知道这段感情还能不能撑下去。', en: '{me} does not know if the relationship can last.' },
    state: {
      zh: '{me}这几天手机一响就紧张，又不想先低头。',
      en: '{me} jumps every time the phone buzzes but does not want to give in first.',
    },
    openers: [
      {
        zh: '跟{other}又三天没说话了，异地真的好难。',
        en: 'Three days now without a word from {other}. Long distance is hard.',
      },
      { zh: '我跟{other}为了{thing}又吵起来了。', en: '{other} and I fought about {thing} again.' },
    ],
  },
  {
    key: 'romance-breakup',
    category: { zh: '失恋', en: 'breakup' },
    question: {
      zh: '被{other}突然分手，走不出来怎么办',
      en: 'dumped out of the blue by {other} and unable to move on',
    },
    counterpart: { role: { zh: '前任', en: 'ex' }, gender: 'any' },
    things: [
      { zh: '两人一起养的绿萝', en: 'the plant they raised together' },
      { zh: '还没退的演唱会门票', en: 'the concert tickets not yet refunded' },
      { zh: '冰箱上的合照', en: 'the photo on the fridge' },
    ],
    ages: [20, 40],
    cause: {
      zh: '{me}和{other}交往三年，上个月{other}发来一段长消息提了分手。',
      en: '{me} and {other} had been together three years until {other} ended it last month in a long text.',
    },
    stages: [
      {
        zh: '分手前{me}隐约觉得{other}变得冷淡，以为只是工作忙。',
        en: '{me} sensed {other} cooling off but put it down to work.',
      },
      {
        zh: '{other}在消息里说“我们不合适”，{me}打电话过去，对方没接。',
        en: '{me} called after the “we’re not right for each other” text, and {other} did not pick up.',
      },
      {
        zh: '{me}回去收拾东西时看到{thing}，在门口站了很久。',
        en: '{me} went back for belongings, saw {thing}, and stood in the doorway for a long time.',
      },
      {
        zh: '{me}听共同的朋友说{other}过得挺好，心里一下子空了。',
        en: '{me} heard from a mutual friend that {other} was doing fine and felt hollow.',
      },
    ],
    conflict: {
      zh: '{me}想要一个真正的理由，{other}始终不给。',
      en: '{me} wanted a real reason; {other} never gave one.',
    },
    conflictCause: {
      zh: '{other}不擅长面对冲突，{me}却习惯把事情问清楚。',
      en: '{other} avoids conflict, while {me} needs things spelled out.',
    },
    attempts: {
      zh: '{me}删了联系方式又加回来，也试过用工作填满时间，晚上还是会翻聊天记录。',
      en: '{me} deleted {other}’s number and added it back, tried drowning in work, and still scrolls old chats at night.',
    },
    problem: {
      zh: '{me}放不下，也不知道自己哪里做错了。',
      en: '{me} cannot let go and does not know what went wrong.',
    },
    state: {
      zh: '{me}最近吃不下饭，朋友约也不想出门。',
      en: '{me} has lost appetite and turns down friends’ invitations.',
    },
    openers: [
      {
        zh: '和{other}分开一个月了，我还是老想起以前。',
        en: 'It’s been a month since {other} and I split, and I keep thinking back.',
      },
      { zh: '今天又看到{thing}，一下子就绷不住了。', en: 'I saw {thing} today and just fell apart.' },
    ],
  },
  {
    key: 'marriage-chores',
    category: { zh: '婚姻家庭', en: 'marriage' },
    question: {
      zh: '家务和带娃总是一个人扛，和{other}怎么谈',
      en: 'carrying the housework and childcare alone: how to talk to {other}',
    },
    counterpart: { role: { zh: '爱人', en: 'spouse' }, gender: 'any' },
    things: [
      { zh: '孩子发烧的那个夜里', en: 'the night the child had a fever' },
      { zh: '搬家那一周', en: 'the week of the house move' },
      { zh: '孩子春游前一晚', en: 'the night before the school trip' },
    ],
    ages: [28, 45],
    cause: {
      zh: '{me}和{other}结婚五年，孩子出生后家务几乎都落在{me}身上。',
      en: '{me} and {other} have been married five years; since the baby, nearly all the chores fell to {me}.',
    },
    stages: [
      {
        zh: '{me}提过几次分工，{other}每次都答应，过两天又忘了。',
        en: '{me} raised sharing the chores several times; {other} agreed and forgot within days.',
      },
      {
        zh: '{thing}，{other}在打游戏，{me}一个人忙到凌晨。',
        en: 'During {thing}, {other} was on the sofa while {me} coped alone until the early hours.',
      },
      {
        zh: '{me}忍不住发了火，{other}说{me}小题大做。',
        en: '{me} finally snapped, and {other} called it an overreaction.',
      },
      {
        zh: '婆家人知道后反而劝{me}多包容，{me}觉得没人站在自己这边。',
        en: '{me} was told by the in-laws to be more understanding and felt nobody was on their side.',
      },
    ],
    conflict: {
      zh: '{me}要求公平分担，{other}觉得自己上班已经够累。',
      en: '{me} wants a fair split; {other} says work is tiring enough.',
    },
    conflictCause: {
      zh: '两人对“谁该做家务”的看法从来没真正谈过。',
      en: 'They never truly talked about who is expected to do what at home.',
    },
    attempts: {
      zh: '{me}做过家务表贴在冰箱上，也试过干脆不做，最后还是自己收拾。',
      en: '{me} stuck a chore chart on the fridge and tried going on strike, and ended up cleaning anyway.',
    },
    problem: { zh: '{me}很累，又不想一直吵。', en: '{me} is exhausted and tired of fighting.' },
    state: {
      zh: '{me}这周和{other}几乎没说话，家里气氛很僵。',
      en: '{me} has barely spoken to {other} this week; the house feels tense.',
    },
    openers: [
      {
        zh: '昨晚又是我一个人收拾到半夜，{other}早睡了。',
        en: 'I was tidying up alone until midnight again while {other} slept.',
      },
      {
        zh: '为了家务的事，我跟{other}又冷战了。',
        en: '{other} and I are giving each other the silent treatment over chores again.',
      },
    ],
  },
  {
    key: 'marriage-money-secret',
    category: { zh: '婚姻家庭', en: 'marriage' },
    question: {
      zh: '发现{other}瞒着自己借钱给亲戚，该怎么处理',
      en: 'finding out {other} secretly lent money to relatives: what now',
    },
    counterpart: { role: { zh: '爱人', en: 'spouse' }, gender: 'any' },
    things: [
      { zh: '买房的首付', en: 'the house deposit' },
      { zh: '孩子的学费', en: 'the children’s school fees' },
      { zh: '换车的钱', en: 'a new car' },
    ],
    ages: [28, 50],
    cause: {
      zh: '{me}和{other}一直在攒{thing}，最近{me}发现账户少了一大笔钱。',
      en: '{me} and {other} had been saving for {thing}, and {me} recently found a large sum missing.',
    },
    stages: [
      {
        zh: '{me}收到一条余额变动的银行短信，以为是银行弄错了，去查了流水。',
        en: '{me} got a bank text about the balance, thought it was an error, and checked the statement.',
      },
      {
        zh: '{me}问{other}，{other}支支吾吾，最后承认借给了自己的弟弟。',
        en: '{me} asked {other}, who hesitated and finally admitted lending it to a younger brother.',
      },
      {
        zh: '{me}气得摔了门，{other}说都是一家人，{me}太计较。',
        en: '{me} slammed the door; {other} said family is family and {me} was being petty.',
      },
      {
        zh: '借钱的弟弟发来消息说年底再还，语气很随意。',
        en: '{me} got a casual message from the brother-in-law saying he would pay back “by the end of the year”.',
      },
    ],
    conflict: {
      zh: '{me}在意的不只是钱，而是被瞒着；{other}觉得帮家人天经地义。',
      en: '{me} minds the secrecy more than the money; {other} thinks helping family goes without saying.',
    },
    conflictCause: {
      zh: '两人的原生家庭对金钱和亲情的看法完全不同。',
      en: 'They grew up with opposite views of money and family duty.',
    },
    attempts: {
      zh: '{me}提议以后大额开支要商量，{other}嘴上同意，却不肯写下来。',
      en: '{me} proposed agreeing on big spending; {other} agreed aloud but refused to put it in writing.',
    },
    problem: { zh: '{me}不知道还能不能相信{other}。', en: '{me} does not know whether to trust {other} again.' },
    state: {
      zh: '{me}这几天一看到{other}就想起这件事，心里堵得慌。',
      en: '{me} feels a knot in the stomach every time {other} walks in.',
    },
    openers: [
      { zh: '我发现{other}瞒着我动了我们攒的钱。', en: 'I found out {other} touched our savings behind my back.' },
      {
        zh: '{thing}那笔钱被{other}悄悄动了，我这几天都睡不好。',
        en: 'The money we saved for {thing} is gone, and {other} took it.',
      },
    ],
  },
];
