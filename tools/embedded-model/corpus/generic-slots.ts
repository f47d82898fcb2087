import type { Language } from '@rlver/spec';

/**
 * Topic-independent slot values, for stories whose structured material (feeling, effort, motive, action) is
 * unknown — the simulator's topics. `withName` values use `{name}`; `withoutName` ones are for openers that
 * name nobody.
 */
export interface GenericSlotValues {
  /** Generic reference to the event when the opener names no concrete thing. */
  event: string;
  feelings: readonly string[];
  efforts: readonly string[];
  motives: { withName: readonly string[]; withoutName: readonly string[] };
  actions: { withName: readonly string[]; withoutName: readonly string[] };
  disclosures: readonly string[];
  facts: readonly string[];
}

export const GENERIC_SLOTS: Readonly<Record<Language, GenericSlotValues>> = {
  en: {
    event: 'all this',
    feelings: [
      'hurt',
      'frustrated',
      'exhausted',
      'lonely',
      'anxious',
      'overwhelmed',
      'disappointed',
      'stuck',
      'helpless',
    ],
    efforts: [
      'you kept going even when it was hard',
      'you are facing this instead of running from it',
      'you reached out and put it into words',
      'you tried to fix things more than once',
      'you stayed decent even when it hurt',
    ],
    motives: {
      withName: [
        '{name} may be dealing with pressure you can not see',
        '{name} may not realize how much this affects you',
        '{name} might be acting out of fear rather than malice',
        '{name} may simply see the situation very differently',
      ],
      withoutName: [
        'the people involved may be dealing with pressure you can not see',
        'the others may not realize how much this affects you',
        'the other side might be acting out of fear rather than malice',
      ],
    },
    actions: {
      withName: [
        'talk to {name} calmly about how this felt',
        'write down what you need and share it with {name}',
        'set one clear boundary with {name} this week',
      ],
      withoutName: [
        'write down what you need most right now',
        'talk to someone you trust about it this week',
        'pick one small step you can take tomorrow',
        'give yourself one quiet evening to rest',
      ],
    },
    disclosures: ['went through something like this a few years ago', 'once felt exactly this stuck'],
    facts: [
      'Research shows talking about a problem often makes it feel lighter.',
      'It is very common to feel this way when someone close lets you down.',
      'Studies show stress like this usually eases once you take one concrete step.',
    ],
  },
  zh: {
    event: '这件事',
    feelings: ['委屈', '失望', '难过', '焦虑', '无助', '孤单', '心累', '沮丧', '憋屈', '迷茫'],
    efforts: [
      '你在这么难的时候还在撑着',
      '你没有逃避，而是在面对它',
      '你愿意把它说出来',
      '你已经试过好几次想解决它',
      '受了委屈你还是保持了风度',
    ],
    motives: {
      withName: [
        '{name}可能也有说不出口的压力',
        '{name}可能没意识到这件事对你影响这么大',
        '{name}可能是出于害怕，而不是恶意',
        '{name}看这件事的角度可能和你很不一样',
      ],
      withoutName: [
        '对方可能也有说不出口的压力',
        '身边的人可能没意识到这件事对你影响这么大',
        '对方可能是出于害怕，而不是恶意',
      ],
    },
    actions: {
      withName: ['找个平静的时候和{name}聊聊你的感受', '把你需要的写下来，再告诉{name}', '这周和{name}说清楚一条底线'],
      withoutName: [
        '先把你现在最需要的写下来',
        '这周找一个信任的人聊聊',
        '想一个明天就能做的小步骤',
        '给自己留一个安静的晚上好好休息',
      ],
    },
    disclosures: ['几年前也经历过差不多的事', '也曾经像你这样卡住过'],
    facts: [
      '研究发现，把烦心事说出来，往往会让它变轻一些。',
      '被亲近的人伤到时有这种感受，是很常见的。',
      '一般来说，迈出一个具体的小步骤后，这种压力就会慢慢缓下来。',
    ],
  },
};

/** Extra names for the simulator-topic stories: zh full names (surname + given), en given names. */
export const EXTRA_NAMES: Readonly<Record<Language, readonly string[]>> = {
  en: [
    'Hannah',
    'Tom',
    'Leah',
    'Sam',
    'Ben',
    'Olivia',
    'Ethan',
    'Megan',
    'Ryan',
    'Laura',
    'Nathan',
    'Rachel',
    'Oscar',
    'Isla',
    'Henry',
    'Alice',
    'Owen',
    'Clara',
    'Dylan',
    'Fiona',
    'Jake',
    'Holly',
    'Sean',
    'Tessa',
    'Victor',
    'Wendy',
    'Luke',
    'Paula',
    'Peter',
    'Rosa',
    'Simon',
    'Tara',
    'Eric',
    'Helen',
    'Ivan',
    'Jenny',
  ],
  zh: (() => {
    const surnames = [
      '王',
      '李',
      '张',
      '刘',
      '陈',
      '杨',
      '赵',
      '黄',
      '周',
      '吴',
      '徐',
      '孙',
      '马',
      '朱',
      '胡',
      '郭',
      '何',
      '林',
      '罗',
      '梁',
    ];
    const given = ['秀兰', '可欣', '若曦', '子豪', '浩然', '梓涵', '雨桐', '建国', '志明', '晓燕', '思远', '佳怡'];
    return surnames.flatMap((surname, index) => [
      `${surname}${given[index % given.length]}`,
      `${surname}${given[(index * 5 + 3) % given.length]}`,
    ]);
  })(),
};
