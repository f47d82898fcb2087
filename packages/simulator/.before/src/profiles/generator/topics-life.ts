import type { TopicTemplate } from './topic-template';

/** Health, money and everyday-life topics. */
export const LIFE_TOPICS: readonly TopicTemplate[] = [
  {
    key: 'health-diagnosis',
    category: { zh: '健康焦虑', en: 'health' },
    question: { zh: '查出慢性病，觉得生活被打乱了', en: 'a chronic-illness diagnosis that upended daily life' },
    counterpart: { role: { zh: '主治医生', en: 'consultant' }, gender: 'any' },
    things: [
      { zh: '化验单', en: 'the blood test results' },
      { zh: '诊断书', en: 'the diagnosis letter' },
      { zh: '检查报告', en: 'the lab report' },
    ],
    ages: [25, 65],
    cause: {
      zh: '{me}体检时查出血糖偏高，{other}确诊为糖尿病。',
      en: '{me} had high blood sugar at a check-up, and {other} diagnosed diabetes.',
    },
    stages: [
      {
        zh: '{me}拿到{thing}，在医院走廊坐了很久。',
        en: '{me} got {thing} and sat in the hospital corridor for a long time.',
      },
      {
        zh: '{other}说要严格控制饮食，{me}看着清单觉得以后什么都不能吃了。',
        en: '{me} read the strict diet list from {other} and felt nothing good was allowed any more.',
      },
      {
        zh: '聚餐时朋友劝酒，{me}推辞后被说“扫兴”。',
        en: '{me} turned down a drink at a dinner and was called a killjoy.',
      },
      {
        zh: '{me}偷偷吃了块蛋糕，之后整晚都在自责。',
        en: '{me} secretly ate a slice of cake and spent the night blaming themselves.',
      },
    ],
    conflict: {
      zh: '{me}想过正常日子，病却让每件小事都变得麻烦。',
      en: '{me} wants a normal life, but the illness complicates everything.',
    },
    conflictCause: {
      zh: '{me}一直觉得自己身体很好，这个诊断动摇了对自己的看法。',
      en: '{me} always felt healthy; the diagnosis shook that picture.',
    },
    attempts: {
      zh: '{me}下载了记录饮食的软件，坚持了一周就放弃了。',
      en: '{me} downloaded a food-tracking app and gave up after a week.',
    },
    problem: { zh: '{me}不知道怎么和这个病长期相处。', en: '{me} does not know how to live with it long term.' },
    state: { zh: '{me}最近一到饭点就烦躁。', en: '{me} gets irritable at every mealtime.' },
    openers: [
      {
        zh: '前几天查出了糖尿病，我到现在还有点懵。',
        en: 'I was diagnosed with diabetes last week. I’m still reeling.',
      },
      {
        zh: '看着{thing}，我就觉得以后的日子都不一样了。',
        en: 'Looking at {thing}, I feel life will never be the same.',
      },
    ],
  },
  {
    key: 'health-insomnia-anxiety',
    category: { zh: '情绪困扰', en: 'mental wellbeing' },
    question: { zh: '长期失眠焦虑，不知道怎么缓解', en: 'long-term insomnia and worry with no relief' },
    counterpart: { role: { zh: '心理咨询师', en: 'counsellor' }, gender: 'any' },
    things: [
      { zh: '褪黑素', en: 'melatonin' },
      { zh: '助眠音频', en: 'sleep podcasts' },
      { zh: '加重被子', en: 'a weighted blanket' },
    ],
    cause: {
      zh: '从换了新岗位开始，{me}每天晚上都要两三个小时才能睡着。',
      en: 'Since a change of role, {me} takes two or three hours to fall asleep every night.',
    },
    stages: [
      {
        zh: '{me}一开始以为是压力大，周末补觉就好。',
        en: '{me} thought it was stress and that weekend lie-ins would fix it.',
      },
      { zh: '{me}试了{thing}，效果越来越差。', en: '{me} tried {thing}, which helped less and less.' },
      {
        zh: '{me}去见了{other}，聊了一次就没再去，觉得说不出口。',
        en: '{me} saw {other} once and never went back, finding it hard to talk.',
      },
      {
        zh: '{me}在开车时差点睡着，吓出一身冷汗。',
        en: '{me} nearly nodded off at the wheel and broke out in a cold sweat.',
      },
    ],
    conflict: {
      zh: '{me}越想睡越睡不着，白天又撑着装没事。',
      en: 'The harder {me} tries to sleep the worse it gets, and by day {me} pretends to be fine.',
    },
    conflictCause: {
      zh: '{me}习惯把担心都压在心里，到夜里一股脑冒出来。',
      en: '{me} bottles up worries and they all surface at night.',
    },
    attempts: {
      zh: '{me}戒了咖啡、睡前不看手机，都坚持不了几天。',
      en: '{me} gave up coffee and screens at night, but never for more than a few days.',
    },
    problem: { zh: '{me}快被拖垮了。', en: '{me} is being worn down.' },
    state: { zh: '{me}现在一到晚上就开始紧张。', en: '{me} starts dreading bedtime in the early evening.' },
    openers: [
      { zh: '我又一夜没睡着，盯着天花板到天亮。', en: 'Another night awake, staring at the ceiling till dawn.' },
      { zh: '失眠快两个月了，今天开车差点睡着。', en: 'Two months of insomnia. I nearly fell asleep driving today.' },
    ],
  },
  {
    key: 'money-debt',
    category: { zh: '经济压力', en: 'money' },
    question: { zh: '信用卡越欠越多，不敢告诉{other}', en: 'growing credit-card debt hidden from {other}' },
    counterpart: { role: { zh: '伴侣', en: 'partner' }, gender: 'any' },
    things: [
      { zh: '催款电话', en: 'the collection call' },
      { zh: '银行的电话', en: 'a call from the bank' },
      { zh: '信用卡中心的电话', en: 'a call from the card company' },
    ],
    ages: [22, 45],
    cause: {
      zh: '{me}为了维持体面，用信用卡买了很多东西，慢慢还不上了。',
      en: '{me} kept up appearances on credit cards and slowly fell behind.',
    },
    stages: [
      {
        zh: '{me}开始用一张卡还另一张，觉得下个月就能补上。',
        en: '{me} started paying one card with another, sure next month would fix it.',
      },
      { zh: '{me}收到了{thing}，赶紧躲到楼道里接。', en: '{me} got {thing} and hurried into the stairwell to answer.' },
      {
        zh: '{other}问起家里的开销，{me}随口编了个理由。',
        en: '{me} made up an excuse when {other} asked about household spending.',
      },
      {
        zh: '账单到期日就在下周，{me}算来算去都差一大截。',
        en: '{me} ran the numbers again with the due date next week and came up far short.',
      },
    ],
    conflict: { zh: '{me}怕说出来会失去{other}的信任。', en: '{me} fears losing {other}’s trust by confessing.' },
    conflictCause: {
      zh: '{me}一直用花钱来证明自己过得不错。',
      en: '{me} has always used spending to prove life is going well.',
    },
    attempts: {
      zh: '{me}卸载了购物软件，也接了兼职，但窟窿太大。',
      en: '{me} deleted shopping apps and took a side job, but the hole is too deep.',
    },
    problem: { zh: '{me}不知道怎么开口，也不知道怎么还。', en: '{me} does not know how to confess or how to repay.' },
    state: { zh: '{me}每次手机响都怕是催款。', en: '{me} fears every call is a debt collector.' },
    openers: [
      {
        zh: '卡上的账越欠越多，我一直瞒着{other}。',
        en: 'My card debt keeps growing and I’ve hidden it from {other}.',
      },
      { zh: '今天又接到{thing}，躲在楼道里不敢出声。', en: 'Got {thing} again today. I hid in the stairwell.' },
    ],
  },
  {
    key: 'money-startup',
    category: { zh: '人生抉择', en: 'life choices' },
    question: {
      zh: '和{other}合伙开店亏了，要不要继续撑',
      en: 'a shop opened with {other} is losing money: keep going or close',
    },
    counterpart: { role: { zh: '合伙人', en: 'business partner' }, gender: 'any' },
    things: [
      { zh: '每月的房租', en: 'the monthly rent' },
      { zh: '进货的货款', en: 'the supplier invoice' },
      { zh: '员工工资', en: 'the staff wages' },
    ],
    ages: [25, 50],
    cause: {
      zh: '{me}拿出全部积蓄和{other}合开了一家奶茶店，半年来一直亏。',
      en: '{me} put all savings into a bubble-tea shop with {other}; it has lost money for six months.',
    },
    stages: [
      {
        zh: '开业第一个月排长队，{me}以为选对了路。',
        en: '{me} saw queues in the first month and thought it was the right call.',
      },
      {
        zh: '对面开了家连锁店，{me}的店一下冷清了，{thing}都成了负担。',
        en: '{me} watched a chain open across the street; suddenly {thing} was a burden.',
      },
      {
        zh: '{me}想降价促销，{other}坚持不降，两人吵了一架。',
        en: '{me} wanted discounts, {other} refused, and they fought.',
      },
      {
        zh: '{other}提出撤资，要{me}把股份买下来。',
        en: '{me} was told by {other} they wanted out and expected to be bought out.',
      },
    ],
    conflict: { zh: '{me}不甘心放弃，{other}想及时止损。', en: '{me} will not give up; {other} wants to cut losses.' },
    conflictCause: { zh: '两人当初没把风险和退出说清楚。', en: 'They never agreed on risks or an exit at the start.' },
    attempts: {
      zh: '{me}做过外卖平台、也发过传单，营业额只涨了一点。',
      en: '{me} joined delivery apps and handed out flyers; sales barely moved.',
    },
    problem: { zh: '{me}不知道是该接手还是关门。', en: '{me} does not know whether to take over or close.' },
    state: { zh: '{me}每晚关店后都坐在店里算账到很晚。', en: '{me} stays after closing every night doing sums.' },
    openers: [
      {
        zh: '开店半年一直亏，{other}现在要撤资了。',
        en: 'Six months of losses, and now {other} wants out of the shop.',
      },
      {
        zh: '今天店里一整天没几个人，{thing}又快到期了。',
        en: 'Hardly anyone came in today, and {thing} is due again.',
      },
    ],
  },
  {
    key: 'life-pet-loss',
    category: { zh: '生活变故', en: 'loss' },
    question: { zh: '养了多年的狗去世了，走不出来', en: 'grieving a dog of many years' },
    counterpart: { role: { zh: '宠物医生', en: 'vet' }, gender: 'any' },
    things: [
      { zh: '狗绳', en: 'the lead by the door' },
      { zh: '空了的狗窝', en: 'the empty dog bed' },
      { zh: '手机里的视频', en: 'the videos on the phone' },
    ],
    cause: { zh: '{me}养了十二年的狗上周因病去世了。', en: '{me}’s dog of twelve years died of illness last week.' },
    stages: [
      { zh: '狗狗开始不吃东西，{me}以为只是天热。', en: '{me} thought the dog’s lost appetite was just the heat.' },
      {
        zh: '{other}说发现得太晚了，{me}在诊室里哭了。',
        en: '{me} cried in the surgery when {other} said it was found too late.',
      },
      { zh: '{me}陪它走完了最后一晚，一直摸着它的头。', en: '{me} stayed through the last night, stroking its head.' },
      { zh: '回家看到{thing}，{me}又忍不住了。', en: '{me} came home, saw {thing}, and broke down again.' },
    ],
    conflict: {
      zh: '别人觉得“只是一条狗”，{me}却像失去了家人。',
      en: 'Others say “it was just a dog”; {me} lost family.',
    },
    conflictCause: { zh: '{me}一直自责没早点发现。', en: '{me} keeps blaming themselves for not noticing sooner.' },
    attempts: {
      zh: '{me}把东西收起来又拿出来，同事劝{me}再养一只，{me}很反感。',
      en: '{me} packed its things away and took them out again; a colleague suggested a new puppy, which stung.',
    },
    problem: { zh: '{me}放不下自责。', en: '{me} cannot let go of the guilt.' },
    state: { zh: '{me}每天下班还是下意识地喊它的名字。', en: '{me} still calls its name when coming home.' },
    openers: [
      { zh: '我家狗上周走了，家里安静得可怕。', en: 'My dog died last week. The flat is horribly quiet.' },
      { zh: '今天看到{thing}，又哭了半天。', en: 'I saw {thing} today and cried for ages.' },
    ],
  },
];
