import type { TopicTemplate } from './topic-template';

/** Friendship and social topics. */
export const SOCIAL_TOPICS: readonly TopicTemplate[] = [
  {
    key: 'friend-betrayal',
    category: { zh: '友情危机', en: 'friendship' },
    question: {
      zh: '好友{other}把自己的秘密说了出去，还要不要做朋友',
      en: 'best friend {other} spilled a secret: stay friends or not',
    },
    counterpart: { role: { zh: '好友', en: 'best friend' }, gender: 'any' },
    things: [
      { zh: '体检结果', en: 'the health scare' },
      { zh: '家里的债务', en: 'the family debt' },
      { zh: '暗恋的人', en: 'the secret crush' },
    ],
    cause: {
      zh: '{me}和{other}认识十年，{me}只把{thing}告诉过{other}。',
      en: '{me} has known {other} ten years and told only {other} about {thing}.',
    },
    stages: [
      {
        zh: '{me}在一次深夜聊天里跟{other}说了{thing}，再三叮嘱别说出去。',
        en: '{me} confided {thing} to {other} late one night and begged for silence.',
      },
      {
        zh: '聚会上另一个朋友随口提起这事，{me}愣在原地。',
        en: '{me} froze when another friend casually mentioned it at a party.',
      },
      {
        zh: '{me}质问{other}，{other}说“我以为大家都知道了”。',
        en: '{me} confronted {other} and heard “I thought everyone knew”.',
      },
      {
        zh: '{other}发来长长的道歉，{me}看了几遍，一直没回。',
        en: '{me} read {other}’s long apology several times and never replied.',
      },
    ],
    conflict: {
      zh: '{me}舍不得十年的感情，又咽不下被出卖的感觉。',
      en: '{me} cannot throw away ten years, nor swallow the betrayal.',
    },
    conflictCause: {
      zh: '{other}嘴快不设防，{me}把信任看得极重。',
      en: '{other} is careless with words; {me} takes trust very seriously.',
    },
    attempts: {
      zh: '{me}试过当没发生，可一见到{other}就想起那天。',
      en: '{me} tried acting as if nothing happened, but seeing {other} brings it all back.',
    },
    problem: { zh: '{me}不知道该原谅还是该疏远。', en: '{me} does not know whether to forgive or drift apart.' },
    state: {
      zh: '{me}把{other}的聊天置顶取消了，却一直没删。',
      en: '{me} unpinned {other}’s chat but has not deleted it.',
    },
    openers: [
      {
        zh: '我只跟{other}说过的事，现在大家都知道了。',
        en: 'Something I only ever told {other} — now everyone knows.',
      },
      {
        zh: '{other}发来道歉，我看了好几遍还是没回。',
        en: '{other} sent an apology. I’ve read it five times and haven’t replied.',
      },
    ],
  },
  {
    key: 'friend-drifting',
    category: { zh: '友情危机', en: 'friendship' },
    question: {
      zh: '和老朋友{other}渐行渐远，要不要主动挽回',
      en: 'drifting apart from old friend {other}: reach out or let go',
    },
    counterpart: { role: { zh: '老朋友', en: 'old friend' }, gender: 'any' },
    things: [
      { zh: '生日祝福', en: 'the birthday message' },
      { zh: '升职的祝贺', en: 'the congratulations on the new job' },
      { zh: '新年贺卡', en: 'the holiday card' },
    ],
    cause: {
      zh: '{me}和{other}从高中起形影不离，工作后联系越来越少。',
      en: '{me} and {other} were inseparable at school; since starting work they barely talk.',
    },
    stages: [
      { zh: '{me}约了{other}三次，每次都被改期。', en: '{me} invited {other} three times and each plan got moved.' },
      {
        zh: '{me}发的{thing}，{other}隔了两天才回一个“谢谢”。',
        en: '{me} sent {thing}, and {other} answered “thanks” two days later.',
      },
      {
        zh: '{me}刷到{other}和新同事的合照，笑得很开心。',
        en: '{me} saw {other} laughing in photos with new colleagues.',
      },
      {
        zh: '{me}打了一长段话想问问，最后又删掉了。',
        en: '{me} typed a long message asking what happened, then deleted it.',
      },
    ],
    conflict: {
      zh: '{me}觉得只有自己在维系这段友谊。',
      en: '{me} feels like the only one keeping the friendship alive.',
    },
    conflictCause: {
      zh: '两人的生活圈已经不同，却都没说破。',
      en: 'Their lives have moved apart and neither has said so.',
    },
    attempts: {
      zh: '{me}试过送小礼物、试过少联系看对方会不会找自己，都没等来回应。',
      en: '{me} tried small gifts and tried going quiet to see if {other} would notice; nothing.',
    },
    problem: {
      zh: '{me}不知道是该主动问清楚，还是接受变化。',
      en: '{me} does not know whether to ask directly or accept the change.',
    },
    state: { zh: '{me}每次看到{other}的动态都会停留很久。', en: '{me} lingers on every post {other} makes.' },
    openers: [
      {
        zh: '我跟{other}好像越来越远了，约了三次都没约成。',
        en: 'I feel {other} and I are drifting apart. Three plans, all cancelled.',
      },
      { zh: '刚刷到{other}的合照，心里挺不是滋味的。', en: 'Just saw {other}’s photos with new friends. It stung.' },
    ],
  },
  {
    key: 'friend-money-loan',
    category: { zh: '友情危机', en: 'friendship' },
    question: {
      zh: '借钱给朋友{other}一直不还，怎么开口要',
      en: 'a friend, {other}, never paid back a loan: how to ask',
    },
    counterpart: { role: { zh: '朋友', en: 'friend' }, gender: 'any' },
    things: [
      { zh: '两万块钱', en: 'two thousand' },
      { zh: '五万块钱', en: 'five thousand' },
      { zh: '我攒着报课的钱', en: 'the money I had saved for a course' },
    ],
    cause: {
      zh: '去年{other}说家里急用，向{me}借了{thing}，说半年就还。',
      en: 'Last year {other} borrowed {thing} for a “family emergency”, promising it back in six months.',
    },
    stages: [
      {
        zh: '半年到了，{me}委婉提了一句，{other}说再等等。',
        en: '{me} hinted when the six months were up and was told to wait a bit.',
      },
      {
        zh: '{me}看到{other}出国旅游的照片，心里很不是滋味。',
        en: '{me} saw {other}’s holiday photos from abroad and felt sick.',
      },
      {
        zh: '{me}再问时，{other}说{me}“为了点钱伤感情”。',
        en: '{me} asked again and was told “you’d ruin our friendship over money”.',
      },
      {
        zh: '共同的朋友听说后劝{me}算了，{me}更憋屈了。',
        en: '{me} was advised by mutual friends to drop it, which made it worse.',
      },
    ],
    conflict: {
      zh: '{me}要的是钱，更是尊重；{other}把催债当成翻脸。',
      en: '{me} wants the money and some respect; {other} treats asking as an attack.',
    },
    conflictCause: {
      zh: '{me}碍于面子没写借条，{other}也吃准了这一点。',
      en: '{me} never got it in writing out of politeness, and {other} knows it.',
    },
    attempts: {
      zh: '{me}试过开玩笑地提、试过发消息，{other}要么已读不回，要么转移话题。',
      en: '{me} tried joking about it and texting; {other} leaves messages on read or changes the subject.',
    },
    problem: { zh: '{me}不知道怎样既要回钱又不闹得太难看。', en: '{me} wants the money back without an ugly scene.' },
    state: {
      zh: '{me}这个月房租都紧张，想到这事就胸口发闷。',
      en: '{me} is short on rent this month and feels tight-chested thinking about it.',
    },
    openers: [
      {
        zh: '借给{other}的钱一年了还没还，我都不知道怎么开口。',
        en: '{other} still hasn’t paid me back after a year. I don’t know how to bring it up.',
      },
      {
        zh: '刚看到{other}出国玩的照片，我这个月房租都紧张。',
        en: 'Just saw {other}’s holiday photos. I can barely make rent.',
      },
    ],
  },
  {
    key: 'neighbour-noise',
    category: { zh: '邻里纠纷', en: 'neighbours' },
    question: {
      zh: '楼上{other}天天吵闹，沟通无果怎么办',
      en: 'an upstairs neighbour, {other}, is noisy every night and talking failed',
    },
    counterpart: { role: { zh: '楼上邻居', en: 'upstairs neighbour' }, gender: 'any' },
    things: [
      { zh: '半夜拖椅子的声音', en: 'the chairs scraping at midnight' },
      { zh: '咚咚的音乐声', en: 'the thumping music' },
      { zh: '凌晨一点的洗衣机声', en: 'the washing machine at 1 a.m.' },
    ],
    cause: {
      zh: '半年前{other}搬到楼上，从此{me}几乎没睡过整觉。',
      en: 'Since {other} moved in upstairs six months ago, {me} has hardly slept through.',
    },
    stages: [
      {
        zh: '{me}被{thing}吵醒，礼貌地上楼敲门，{other}说会注意。',
        en: '{me} was woken by {thing}, knocked politely, and {other} promised to be careful.',
      },
      {
        zh: '安静了三天又恢复原样，{me}在门上贴了纸条。',
        en: '{me} left a note after three quiet days gave way to the same noise.',
      },
      {
        zh: '{other}在业主群里说{me}“神经过敏”，还有人附和。',
        en: '{me} was called “hypersensitive” by {other} in the residents’ chat, and others agreed.',
      },
      {
        zh: '{me}白天上班频频出错，被领导提醒了两次。',
        en: '{me} started making mistakes at work and was warned twice.',
      },
    ],
    conflict: {
      zh: '{me}只想睡个好觉，{other}觉得在自己家想干嘛就干嘛。',
      en: '{me} just wants sleep; {other} thinks one can do anything in one’s own home.',
    },
    conflictCause: { zh: '楼板隔音差，两家作息完全相反。', en: 'Thin floors and opposite daily rhythms.' },
    attempts: {
      zh: '{me}找过物业、买过耳塞，物业只回“已转达”。',
      en: '{me} called the building manager and bought earplugs; the manager only said “passed on”.',
    },
    problem: { zh: '{me}不想闹大，又实在忍不下去。', en: '{me} does not want a feud but cannot take it any more.' },
    state: { zh: '{me}昨晚又是三点才睡着。', en: '{me} fell asleep at three again last night.' },
    openers: [
      {
        zh: '楼上又吵到半夜，我已经一周没睡好了。',
        en: 'Upstairs was loud till past midnight again. A week of no sleep.',
      },
      {
        zh: '我在业主群里被楼上说成神经过敏。',
        en: 'My upstairs neighbour called me hypersensitive in the residents’ chat.',
      },
    ],
  },
  {
    key: 'social-online-rumour',
    category: { zh: '网络困扰', en: 'online life' },
    question: { zh: '被{other}在网上造谣，怎么面对', en: 'rumours spread online by {other}: how to cope' },
    counterpart: { role: { zh: '网友', en: 'online acquaintance' }, gender: 'any' },
    things: [
      { zh: '被截图的评论', en: 'a screenshot of a comment' },
      { zh: '剪辑过的视频', en: 'a clipped video' },
      { zh: '改过的聊天记录', en: 'an edited chat log' },
    ],
    cause: {
      zh: '{me}在一次网上讨论里和{other}起了争执，之后{other}开始四处说{me}的坏话。',
      en: '{me} argued with {other} in an online discussion, and {other} then started spreading stories.',
    },
    stages: [
      {
        zh: '{other}发了{thing}，断章取义地说{me}歧视别人。',
        en: '{me} found {other} had posted {thing}, twisted to make {me} look bigoted.',
      },
      {
        zh: '{me}收到了几十条骂人的私信，有人还翻出了{me}的照片。',
        en: '{me} received dozens of abusive messages; someone dug up photos of {me}.',
      },
      { zh: '{me}发了澄清，反而被说“心虚”。', en: '{me} posted a clarification and was told it sounded guilty.' },
      {
        zh: '{me}把账号设成了私密，但还是忍不住去搜自己的名字。',
        en: '{me} set the account to private but still searches their own name.',
      },
    ],
    conflict: {
      zh: '{me}想讨个清白，越解释越乱。',
      en: '{me} wants their name cleared, but every explanation makes it worse.',
    },
    conflictCause: {
      zh: '网上的人只看标题，{other}又很会带节奏。',
      en: 'People online read headlines only, and {other} knows how to stir a crowd.',
    },
    attempts: {
      zh: '{me}举报过、也联系过平台，只收到自动回复。',
      en: '{me} reported the posts and contacted the platform, getting only auto-replies.',
    },
    problem: {
      zh: '{me}不知道该继续回应还是彻底不看。',
      en: '{me} does not know whether to keep responding or stop looking.',
    },
    state: { zh: '{me}最近一听到手机提示音就心慌。', en: '{me} flinches at every notification sound.' },
    openers: [
      {
        zh: '我在网上被人造谣了，私信都被骂爆了。',
        en: 'Someone’s spreading lies about me online. My inbox is full of abuse.',
      },
      { zh: '就因为一条{thing}，我现在都不敢上网。', en: 'Because of {thing}, I’m scared to go online.' },
    ],
  },
];
