import type { TopicTemplate } from './topic-template';

/** Workplace topics. */
export const WORK_TOPICS: readonly TopicTemplate[] = [
  {
    key: 'work-credit-stolen',
    category: { zh: '职场人际', en: 'workplace' },
    question: {
      zh: '功劳被同事{other}抢走，要不要找领导说清楚',
      en: 'a colleague, {other}, took the credit: speak up to the boss or not',
    },
    counterpart: { role: { zh: '同事', en: 'colleague' }, gender: 'any' },
    things: [
      { zh: '年终汇报的方案', en: 'the year-end proposal' },
      { zh: '客户回访表', en: 'the client follow-up plan' },
      { zh: '那份数据分析', en: 'the cost analysis' },
    ],
    ages: [23, 45],
    cause: {
      zh: '{me}花了两周做{thing}，会上{other}却把它说成了自己的主意。',
      en: '{me} spent two weeks on {thing}, and in the meeting {other} presented it as their own idea.',
    },
    stages: [
      {
        zh: '{me}加班做{thing}，{other}说想先看看帮忙把关，{me}就发了过去。',
        en: '{me} worked late on {thing} and sent it to {other}, who offered to “take a look”.',
      },
      {
        zh: '部门会上{other}先讲了方案，领导当场表扬了{other}。',
        en: '{me} watched {other} pitch the plan first in the team meeting and get praised on the spot.',
      },
      {
        zh: '{me}会后去找{other}，{other}说“大家都是一个组的，分那么清干嘛”。',
        en: '{me} confronted {other} afterwards and heard “we’re one team, why split hairs?”',
      },
      {
        zh: '季度评优名单出来，{other}在上面，{me}没有。',
        en: '{me} saw the quarterly award list: {other} was on it, {me} was not.',
      },
    ],
    conflict: { zh: '{me}想讨回公道，又怕被说斤斤计较。', en: '{me} wants fairness but fears looking petty.' },
    conflictCause: {
      zh: '部门看重表现，{other}擅长在领导面前说话，{me}只会埋头做事。',
      en: 'The team rewards visibility; {other} knows how to talk to the boss, {me} just does the work.',
    },
    attempts: {
      zh: '{me}试过在群里补充方案细节，也暗示过领导，都没人注意。',
      en: '{me} added details in the group chat and dropped hints to the boss; no one noticed.',
    },
    problem: { zh: '{me}不知道该不该正面说破。', en: '{me} does not know whether to call it out openly.' },
    state: {
      zh: '{me}现在一看到{other}在群里说话就来气，上班提不起劲。',
      en: '{me} fumes whenever {other} posts in the team chat and dreads going to work.',
    },
    openers: [
      { zh: '我熬了两周的{thing}，最后成了{other}的功劳。', en: 'Two weeks on {thing}, and {other} got the credit.' },
      {
        zh: '今天评优名单出来了，我气得午饭都没吃。',
        en: 'The award list came out today. I was too angry to eat lunch.',
      },
    ],
  },
  {
    key: 'work-harsh-boss',
    category: { zh: '职场压力', en: 'work stress' },
    question: {
      zh: '领导{other}总当众批评自己，要不要辞职',
      en: 'a manager, {other}, keeps criticising them in public: quit or stay',
    },
    counterpart: { role: { zh: '领导', en: 'manager' }, gender: 'any' },
    things: [
      { zh: '周一的例会', en: 'the Monday meeting' },
      { zh: '季度复盘会', en: 'the quarterly review' },
      { zh: '客户提案会', en: 'the client presentation' },
    ],
    ages: [23, 50],
    cause: {
      zh: '{other}是{me}半年前换来的新领导，要求极严，说话很冲。',
      en: '{other} became {me}’s manager six months ago: demanding and sharp-tongued.',
    },
    stages: [
      {
        zh: '{other}刚来就改了流程，{me}花了好久才适应。',
        en: '{me} struggled for weeks with the new processes {other} brought in.',
      },
      {
        zh: '在{thing}上，{other}当着全组的面说{me}“不专业”。',
        en: '{me} was called “unprofessional” by {other} in front of everyone at {thing}.',
      },
      {
        zh: '{me}连续加了两周班改材料，{other}只回了一句“还是不行”。',
        en: '{me} worked late for two weeks and {other} replied only “still not good enough”.',
      },
      {
        zh: '{me}开始失眠，周日晚上一想到上班就胃疼。',
        en: '{me} started losing sleep and gets a stomach ache every Sunday night.',
      },
    ],
    conflict: {
      zh: '{me}觉得{other}针对自己，{other}觉得{me}达不到标准。',
      en: '{me} feels singled out; {other} thinks {me} falls short.',
    },
    conflictCause: {
      zh: '{other}的高压风格和{me}需要肯定的性格正面相撞。',
      en: '{other}’s high-pressure style clashes with {me}’s need for recognition.',
    },
    attempts: {
      zh: '{me}试过私下找{other}沟通，对方说“结果说话”；也投过几份简历，没回音。',
      en: '{me} tried talking to {other} privately (“results speak”) and sent out a few CVs with no reply.',
    },
    problem: { zh: '{me}不知道是该忍下去还是辞职。', en: '{me} does not know whether to endure it or quit.' },
    state: {
      zh: '{me}明天又要开会，现在已经开始紧张。',
      en: '{me} has another meeting tomorrow and is already tense.',
    },
    openers: [
      {
        zh: '今天{thing}上又被{other}点名了，当着所有人。',
        en: '{other} singled me out again at {thing}, in front of everyone.',
      },
      {
        zh: '一想到明天还要见{other}，我就胃疼。',
        en: 'Just thinking about facing {other} tomorrow makes my stomach hurt.',
      },
    ],
  },
  {
    key: 'work-burnout',
    category: { zh: '职场压力', en: 'work stress' },
    question: { zh: '长期加班身心俱疲，要不要换个节奏', en: 'worn out by endless overtime: change pace or push on' },
    counterpart: { role: { zh: '主管', en: 'team lead' }, gender: 'any' },
    things: [
      { zh: '凌晨一点的消息', en: 'the 1 a.m. message' },
      { zh: '又一个加急的修改需求', en: 'another urgent change request' },
      { zh: '主管深夜的电话', en: 'a late-night call from the team lead' },
    ],
    ages: [24, 45],
    cause: {
      zh: '{me}所在的组接了个大项目，{other}要求所有人随叫随到。',
      en: '{me}’s team took on a big project and {other} expects everyone on call.',
    },
    stages: [
      {
        zh: '{me}连续一个月每天十点后下班，周末也在改东西。',
        en: '{me} left after ten every night for a month and worked weekends.',
      },
      { zh: '{me}收到{thing}，只好放下饭碗继续干。', en: '{me} got {thing} and pushed dinner aside to keep working.' },
      {
        zh: '{me}申请的假被{other}以“关键时期”为由驳回。',
        en: '{me} had a leave request turned down by {other}: “critical period”.',
      },
      {
        zh: '{me}在地铁上突然心慌，去医院检查说是过度疲劳。',
        en: '{me} had palpitations on the train; the doctor said it was exhaustion.',
      },
    ],
    conflict: { zh: '{me}想休息，又怕被看成不上进。', en: '{me} wants rest but fears looking unambitious.' },
    conflictCause: {
      zh: '公司文化把加班当成态度，{me}一直习惯把事情做到最好。',
      en: 'The company treats overtime as commitment, and {me} always gives everything.',
    },
    attempts: {
      zh: '{me}试过早点下班，结果第二天被{other}提醒“注意状态”。',
      en: '{me} tried leaving on time and was told by {other} the next day to “watch your attitude”.',
    },
    problem: { zh: '{me}身体吃不消，却停不下来。', en: '{me}’s body is giving out, yet stopping feels impossible.' },
    state: {
      zh: '{me}这几天一看到工作群的红点就心跳加速。',
      en: '{me}’s heart races at every notification from the work chat.',
    },
    openers: [
      { zh: '昨天又收到{thing}，我真的有点撑不住了。', en: 'Got {thing} again last night. I’m running on empty.' },
      {
        zh: '连着加班一个月，今天在地铁上心慌得厉害。',
        en: 'A month of overtime, and today my heart was racing on the train.',
      },
    ],
  },
  {
    key: 'work-new-job',
    category: { zh: '职场适应', en: 'new job' },
    question: { zh: '新工作融不进团队，是不是自己选错了', en: 'can’t fit into the team at a new job: a wrong move?' },
    counterpart: { role: { zh: '带教同事', en: 'onboarding buddy' }, gender: 'any' },
    things: [
      { zh: '部门午饭', en: 'the team lunch' },
      { zh: '周五的下午茶', en: 'the Friday drinks' },
      { zh: '团建聚餐', en: 'the team dinner' },
    ],
    ages: [22, 40],
    cause: {
      zh: '{me}三个月前跳槽到新公司，薪水涨了，人却一个都不熟。',
      en: '{me} changed jobs three months ago for better pay and still knows nobody.',
    },
    stages: [
      {
        zh: '{me}在{thing}上努力找话题，大家礼貌地笑笑就散了。',
        en: '{me} tried to make conversation at {thing}; people smiled politely and drifted off.',
      },
      {
        zh: '{other}教了两天就说“你自己看文档吧”，之后很少理{me}。',
        en: '{me} was shown the ropes by {other} for two days and then told to “read the docs”.',
      },
      { zh: '{me}发现同事们有个小群，自己不在里面。', en: '{me} found out colleagues had a group chat without {me}.' },
      {
        zh: '试用期评估临近，{me}开始怀疑自己能不能留下来。',
        en: '{me} began to doubt passing the probation review coming up.',
      },
    ],
    conflict: { zh: '{me}想被接纳，又不想显得太刻意。', en: '{me} wants to belong but not look desperate.' },
    conflictCause: {
      zh: '团队已经很熟，新人的位置很尴尬。',
      en: 'The team is tight-knit and newcomers are awkward to fit in.',
    },
    attempts: {
      zh: '{me}带过零食分给大家，也主动请教过{other}，效果都不明显。',
      en: '{me} brought snacks for everyone and asked {other} for help; neither made much difference.',
    },
    problem: { zh: '{me}后悔跳槽，又不甘心回头。', en: '{me} regrets the move but does not want to go back.' },
    state: {
      zh: '{me}每天中午一个人吃饭，刷着手机打发时间。',
      en: '{me} eats lunch alone every day, scrolling to pass the time.',
    },
    openers: [
      { zh: '新公司三个月了，中午还是我一个人吃饭。', en: 'Three months at the new job and I still eat lunch alone.' },
      { zh: '今天{thing}上，我又像个透明人。', en: 'I was invisible again at {thing} today.' },
    ],
  },
  {
    key: 'work-layoff',
    category: { zh: '失业求职', en: 'job loss' },
    question: {
      zh: '突然被裁员，怎么跟家里交代、下一步怎么走',
      en: 'suddenly laid off: what to tell the family and what next',
    },
    counterpart: { role: { zh: '前主管', en: 'former manager' }, gender: 'any' },
    things: [
      { zh: '第五次面试', en: 'the fifth interview' },
      { zh: '终面', en: 'the final-round interview' },
      { zh: '电话面试', en: 'the phone screening' },
    ],
    ages: [28, 52],
    cause: {
      zh: '公司业务收缩，{other}在一次十分钟的谈话里通知{me}被裁了。',
      en: 'The company downsized, and {other} told {me} in a ten-minute talk that the job was gone.',
    },
    stages: [
      {
        zh: '{me}签了补偿协议，抱着纸箱走出写字楼。',
        en: '{me} signed the severance letter and walked out carrying a cardboard box.',
      },
      {
        zh: '{me}没敢告诉家人，每天照常出门，在图书馆投简历。',
        en: '{me} kept it from the family, leaving home every morning to send CVs from the library.',
      },
      {
        zh: '{me}面了几家，都说再等通知，然后就没有下文了。',
        en: '{me} had several interviews, each ending in “we’ll be in touch” and silence.',
      },
      {
        zh: '家里人发现了{me}的工牌被收回，问起来{me}支吾着没说清。',
        en: '{me} was asked by family about the missing work badge and mumbled an answer.',
      },
    ],
    conflict: {
      zh: '{me}觉得丢脸，又不得不面对家里的开销。',
      en: '{me} feels ashamed yet has to face the household bills.',
    },
    conflictCause: {
      zh: '{me}一直是家里的顶梁柱，习惯一个人扛。',
      en: '{me} has always been the breadwinner and used to carrying things alone.',
    },
    attempts: {
      zh: '{me}降低了期望薪资，也找过老同事内推，暂时都没结果。',
      en: '{me} lowered the salary expectations and asked old colleagues for referrals; nothing yet.',
    },
    problem: {
      zh: '{me}不知道怎么开口，也不知道下一步往哪走。',
      en: '{me} does not know how to tell them or where to go next.',
    },
    state: {
      zh: '{me}这几天在公园长椅上坐到天黑才回家。',
      en: '{me} sits on a park bench until dark before going home.',
    },
    openers: [
      { zh: '我被裁了，到现在还没敢跟家里说。', en: 'I got laid off and I still haven’t told my family.' },
      {
        zh: '今天{thing}又没下文，我都不知道还能投哪里。',
        en: 'No word after {thing} either. I don’t know where else to apply.',
      },
    ],
  },
];
