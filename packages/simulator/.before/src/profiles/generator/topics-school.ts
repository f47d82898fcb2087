import type { TopicTemplate } from './topic-template';

/** School and study topics. */
export const SCHOOL_TOPICS: readonly TopicTemplate[] = [
  {
    key: 'school-exam-failure',
    category: { zh: '学业压力', en: 'study' },
    question: { zh: '考试失利，觉得辜负了所有人', en: 'failing an exam and feeling one let everyone down' },
    counterpart: { role: { zh: '班主任', en: 'form tutor' }, gender: 'any' },
    things: [
      { zh: '模拟考成绩单', en: 'the mock exam results' },
      { zh: '班级排名表', en: 'the class ranking' },
      { zh: '成绩报告单', en: 'the report card' },
    ],
    ages: [16, 23],
    cause: {
      zh: '{me}一直成绩中上，这次{thing}一下掉了二十名。',
      en: '{me} has always done well, but {thing} showed a drop of twenty places.',
    },
    stages: [
      { zh: '考前{me}每天熬到一点复习，觉得这次稳了。', en: '{me} revised until 1 a.m. every night and felt ready.' },
      {
        zh: '{me}拿到{thing}，在厕所隔间里待了一节课。',
        en: '{me} got {thing} and hid in a toilet cubicle for a whole lesson.',
      },
      {
        zh: '{other}找{me}谈话，说“你最近心思不在学习上”。',
        en: '{me} was told by {other} in a talk that “your mind isn’t on your studies”.',
      },
      {
        zh: '{me}回家后父母没骂，只是叹气，{me}反而更难受。',
        en: '{me} went home to parents who did not shout, only sighed, which hurt more.',
      },
    ],
    conflict: { zh: '{me}已经很努力，别人却只看分数。', en: '{me} tried hard, yet everyone only sees the score.' },
    conflictCause: { zh: '{me}把成绩和自己的价值绑在了一起。', en: '{me} has tied self-worth to grades.' },
    attempts: {
      zh: '{me}做了新的复习计划，贴在床头，可一翻书就心慌。',
      en: '{me} pinned a new revision plan above the bed, but panics on opening a book.',
    },
    problem: { zh: '{me}害怕下次还考不好。', en: '{me} is afraid the next exam will go the same way.' },
    state: { zh: '{me}这几天吃不下饭，上课老走神。', en: '{me} has no appetite and drifts off in class.' },
    openers: [
      {
        zh: '这次考试一下掉了二十名，我都不敢回家。',
        en: 'I dropped twenty places this exam. I didn’t want to go home.',
      },
      { zh: '拿到{thing}的那一刻，我整个人都是空的。', en: 'The moment I saw {thing}, I just went blank.' },
    ],
  },
  {
    key: 'school-roommate',
    category: { zh: '校园人际', en: 'campus life' },
    question: {
      zh: '和室友{other}闹僵了，宿舍待不下去',
      en: 'falling out with roommate {other}: can’t stand the dorm',
    },
    counterpart: { role: { zh: '室友', en: 'roommate' }, gender: 'any' },
    things: [
      { zh: '半夜的外放声音', en: 'the loud videos at midnight' },
      { zh: '凌晨两点还亮着的灯', en: 'the lights on at 2 a.m.' },
      { zh: '早上六点的闹钟', en: 'the alarm going off at six' },
    ],
    ages: [18, 25],
    cause: {
      zh: '{me}和{other}大一就住一起，最近因为生活习惯矛盾越来越多。',
      en: '{me} and {other} have shared a room since first year, and their habits now clash constantly.',
    },
    stages: [
      {
        zh: '{me}提醒{other}注意{thing}，{other}嘴上答应，第二天照旧。',
        en: '{me} asked {other} about {thing}; {other} agreed and carried on the next day.',
      },
      { zh: '{me}把话说重了，{other}当场冷了脸。', en: '{me} said it more sharply and {other} went cold on the spot.' },
      {
        zh: '{me}发现{other}拉了个新群，其他室友都在，只有自己不在。',
        en: '{me} discovered {other} had made a new chat with the other roommates, leaving {me} out.',
      },
      {
        zh: '宿舍里没人跟{me}说话，{me}开始每天泡在图书馆到熄灯。',
        en: '{me} now stays in the library until lights-out because nobody in the room speaks to {me}.',
      },
    ],
    conflict: { zh: '{me}觉得自己只是讲规矩，却被孤立。', en: '{me} just wanted basic rules and ended up isolated.' },
    conflictCause: {
      zh: '两人作息和边界感完全不同，又都不愿先让步。',
      en: 'Different routines and ideas of privacy, and neither will give ground.',
    },
    attempts: {
      zh: '{me}买了零食想缓和气氛，也找过辅导员，都没改变什么。',
      en: '{me} tried a peace offering of snacks and spoke to the counsellor; nothing changed.',
    },
    problem: {
      zh: '{me}不想换宿舍显得认输，又受不了这种氛围。',
      en: '{me} does not want to move out and “lose”, but cannot bear the atmosphere.',
    },
    state: {
      zh: '{me}回宿舍前总要在楼下绕两圈。',
      en: '{me} circles the building twice before going back to the room.',
    },
    openers: [
      {
        zh: '宿舍现在没人理我，就因为我说了{other}几句。',
        en: 'No one in my dorm talks to me now, just because I said something to {other}.',
      },
      {
        zh: '又是{thing}，我在宿舍一分钟都待不下去。',
        en: '{thing} again. I can’t stand another minute in that room.',
      },
    ],
  },
  {
    key: 'school-bullied',
    category: { zh: '校园人际', en: 'campus life' },
    question: {
      zh: '被同学{other}起外号嘲笑，要不要告诉老师',
      en: 'mocked with a nickname by classmate {other}: tell a teacher or not',
    },
    counterpart: { role: { zh: '同学', en: 'classmate' }, gender: 'any' },
    things: [
      { zh: '体育课', en: 'PE lessons' },
      { zh: '晚自习', en: 'evening study hall' },
      { zh: '社团活动', en: 'the after-school club' },
    ],
    ages: [14, 19],
    cause: {
      zh: '{other}从这学期开始给{me}起外号，全班都跟着叫。',
      en: '{other} started calling {me} a nickname this term, and the whole class joined in.',
    },
    stages: [
      { zh: '{me}一开始装作不在意，跟着笑。', en: '{me} pretended not to care and laughed along at first.' },
      {
        zh: '{me}的照片被{other}配上字发到了群里，{me}看到后手都在抖。',
        en: '{me} saw a captioned photo of {me} that {other} posted in the class chat and started shaking.',
      },
      {
        zh: '{me}开始找借口不上{thing}，成绩也跟着下滑。',
        en: '{me} began skipping {thing} with excuses, and grades slid.',
      },
      { zh: '妈妈问{me}怎么了，{me}只说“没事”。', en: '{me} told mum “nothing’s wrong” when she asked.' },
    ],
    conflict: {
      zh: '{me}想让这一切停下，又怕告状后更被针对。',
      en: '{me} wants it to stop but fears worse if they report it.',
    },
    conflictCause: {
      zh: '{other}人缘好，大家怕得罪{other}。',
      en: '{other} is popular and nobody wants to cross {other}.',
    },
    attempts: {
      zh: '{me}试过回嘴，也试过躲着走，{other}反而更来劲。',
      en: '{me} tried answering back and keeping away; {other} only pushed harder.',
    },
    problem: { zh: '{me}不知道该不该说出来。', en: '{me} does not know whether to speak up.' },
    state: { zh: '{me}每天早上都肚子疼，不想去学校。', en: '{me} has a stomach ache every morning before school.' },
    openers: [
      {
        zh: '班里又有人叫我那个外号了，我笑不出来。',
        en: 'Someone used that nickname on me again. I couldn’t laugh it off.',
      },
      {
        zh: '我的照片被人发到群里了，我现在好怕去学校。',
        en: 'Someone posted my photo in the class chat. I dread going to school.',
      },
    ],
  },
  {
    key: 'school-thesis-advisor',
    category: { zh: '学业压力', en: 'study' },
    question: {
      zh: '导师{other}一直不认可论文，延毕怎么办',
      en: 'supervisor {other} keeps rejecting the thesis: what if graduation slips',
    },
    counterpart: { role: { zh: '导师', en: 'supervisor' }, gender: 'any' },
    things: [
      { zh: '第四版初稿', en: 'the fourth draft' },
      { zh: '改好的章节', en: 'the revised chapter' },
      { zh: '方法部分', en: 'the methods section' },
    ],
    ages: [22, 30],
    cause: {
      zh: '{me}的毕业论文改了一年，{other}始终说“不够好”。',
      en: '{me} has revised the thesis for a year and {other} still says “not good enough”.',
    },
    stages: [
      {
        zh: '{me}交了{thing}，两周后才收到一句“方向不对”。',
        en: '{me} handed in {thing} and two weeks later got “wrong direction”.',
      },
      {
        zh: '{me}按意见推倒重来，熬了一个月，{other}又说还是原来的好。',
        en: '{me} started over as told, worked a month, and heard the old version was better.',
      },
      { zh: '同门都通过了预审，只有{me}被留下。', en: '{me} was the only one in the lab held back at the review.' },
      {
        zh: '家里问{me}什么时候毕业，{me}不知道怎么回答。',
        en: '{me} was asked at home when graduation would be and had no answer.',
      },
    ],
    conflict: {
      zh: '{me}觉得{other}意见反复，{other}觉得{me}理解力不够。',
      en: '{me} finds {other}’s feedback inconsistent; {other} thinks {me} does not get it.',
    },
    conflictCause: {
      zh: '两人几乎不当面沟通，全靠零碎的消息。',
      en: 'They almost never meet; everything goes through scraps of messages.',
    },
    attempts: {
      zh: '{me}约过几次面谈，{other}总说忙；也问过师兄，师兄只让{me}“熬一熬”。',
      en: '{me} asked several times to meet; {other} was always busy. A senior student just said “tough it out”.',
    },
    problem: { zh: '{me}怕延毕，又找不到方向。', en: '{me} fears a delayed graduation and has lost direction.' },
    state: {
      zh: '{me}打开文档就发呆，一坐一下午一个字没写。',
      en: '{me} stares at the document all afternoon without writing a word.',
    },
    openers: [
      {
        zh: '{thing}又被打回来了，我快不知道怎么改了。',
        en: '{thing} came back rejected again. I don’t know how to fix it anymore.',
      },
      { zh: '同门都过了，就剩我一个被留下。', en: 'Everyone in my lab passed. I’m the only one held back.' },
    ],
  },
  {
    key: 'school-major-choice',
    category: { zh: '成长困惑', en: 'growing up' },
    question: { zh: '想转专业，家里{other}坚决反对', en: 'wanting to switch majors against {other}’s wishes' },
    counterpart: { role: { zh: '父亲', en: 'father' }, gender: 'm' },
    things: [
      { zh: '美术作品集', en: 'the art portfolio' },
      { zh: '一本设计草图', en: 'a sketchbook of designs' },
      { zh: '设计作品小册子', en: 'a booklet of design work' },
    ],
    ages: [18, 22],
    cause: {
      zh: '{me}按{other}的意思学了金融，却一直喜欢设计。',
      en: '{me} studies finance because {other} wanted it, but loves design.',
    },
    stages: [
      {
        zh: '{me}偷偷旁听设计课，还做了一本{thing}。',
        en: '{me} sat in on design classes secretly and put together {thing}.',
      },
      {
        zh: '{me}领了转专业申请表，在电话里跟{other}提了转专业。',
        en: '{me} picked up the transfer form and brought up switching on the phone with {other}.',
      },
      {
        zh: '{other}说“学画画能有什么出息”，挂了电话。',
        en: '{me} heard {other} say “drawing won’t feed you” and hang up.',
      },
      {
        zh: '申请截止只剩两周，{me}还没交表。',
        en: '{me} has two weeks left before the deadline and has not applied.',
      },
    ],
    conflict: {
      zh: '{me}想走自己的路，{other}认为这是胡闹。',
      en: '{me} wants their own path; {other} calls it nonsense.',
    },
    conflictCause: {
      zh: '{other}吃过没文凭的苦，只想让{me}稳稳当当。',
      en: '{other} struggled without qualifications and wants {me} safe.',
    },
    attempts: {
      zh: '{me}找妈妈帮忙说情，妈妈夹在中间不敢表态。',
      en: '{me} asked mum to put in a word; she would not take sides.',
    },
    problem: {
      zh: '{me}不知道是该听{other}的还是坚持自己。',
      en: '{me} does not know whether to obey {other} or hold firm.',
    },
    state: {
      zh: '{me}把申请表放在抽屉里，每天拿出来看一眼又放回去。',
      en: '{me} takes the form out of the drawer every day and puts it back.',
    },
    openers: [
      { zh: '我想转去学设计，我爸直接把电话挂了。', en: 'I told my dad I want to switch to design. He hung up on me.' },
      {
        zh: '{thing}在抽屉里放了一周了，我还是没交。',
        en: '{thing} has sat in my drawer for a week. I still haven’t handed it in.',
      },
    ],
  },
];
