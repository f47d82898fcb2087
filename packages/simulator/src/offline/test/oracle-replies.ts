import type { Language, StrategyLabel } from '@rlver/spec';

/**
 * Sentences of the calibration oracle (our own wording), per strategy and language. Each says something of the
 * oracle's own about this user's situation: it carries one of the scene's facts retold to the user (`{cause}`,
 * `{conflict}`, `{inner}`, `{tried}`, `{problem}`, `{state}`, see `oracle-story-facts.ts`) and often `{name}`, someone
 * in the user's story. The user's own words appear only in the openers (`{quote}`), never as the point of a sentence.
 * Only the strategies some hidden intention asks for are needed.
 */
export type OracleSentences = Readonly<Partial<Record<StrategyLabel, Readonly<Record<Language, readonly string[]>>>>>;

export const ORACLE_SENTENCES: OracleSentences = {
  praise: {
    zh: [
      '{tried}——这些你都试过了，没有干等着，这份用心真的挺了不起的。',
      '就算{problem}，你还是一天天撑着没垮，这点我特别佩服你。',
      '{state}，可你还在想办法把事情弄好，这股韧劲真的很难得。',
      '面对{name}，你当时忍住了没发作，{tried}，这份冷静和担当真的很少见。',
      '说实话，{conflict}，你能扛到现在，已经做得比你自己以为的好得多。',
      '{cause}，你一边扛着这些，一边还在想怎么把事情理顺，我挺敬佩你的。',
      '明明{inner}，你却没有逃避，还愿意把它一五一十讲出来，这很了不起。',
    ],
    en: [
      'You did not just sit with it: {tried}. That took real effort, and I admire it.',
      'Even though {problem}, you keep going without giving up. That takes real strength.',
      'Even now, when {state}, you are still looking for a way through. I really admire that.',
      'With {name} in the middle of it, you stayed calm and kept trying; {tried}. That is impressive.',
      'Honestly, {conflict}, and you have carried it better than you give yourself credit for. Be proud of that.',
      'Since {cause}, you kept trying to sort things out while carrying all of it yourself. That is remarkable.',
      'Facing this head-on, even though {inner}, took real courage.',
    ],
  },
  validation: {
    zh: [
      '{conflict}，换谁在你的位置上都会憋屈，你的感受一点都不过分。',
      '你会这么在意，一点都不奇怪：{inner}，这不是你小题大做。',
      '{name}那样对你，你生气是合情合理的，毕竟{tried}，能做的你都做了。',
      '{problem}，这种难受完全可以理解，放在谁身上都会憋着一股气。',
      '{state}，这说明你是真的用心了，这不是你的错。',
      '你想要的其实很合理：{conflict}，一点都不过分，更不是你矫情。',
    ],
    en: [
      '{conflict}; of course this gets to you, anyone in your place would feel the same.',
      'It makes complete sense that you are upset: {inner}. You are not overreacting.',
      'After what {name} did, being hurt is fair, especially since {tried}. You did what you could.',
      'It is okay to feel this way when {problem}; this is not your fault.',
      'That {state} shows how much you care, and that is completely understandable.',
      'What you wanted here is perfectly reasonable: {conflict}. That is not selfish at all.',
    ],
  },
  deep_empathy: {
    zh: [
      '{state}，这种时候心里一定空得发慌，那种委屈压着，真的很难受。',
      '想到{inner}，那种又委屈又失望的滋味，一定一直堵在心里。',
      '让你难过的不只是{cause}，还有{problem}，那种没人看见的孤单，我能感受到。',
      '{tried}，结果还是这样，那种明明很努力却落空的滋味，真的太磨人了。',
      '{conflict}，你心里那份心酸，我真的能体会到，尤其是对{name}。',
      '{problem}，这种憋屈压了这么久，一定很累吧。',
    ],
    en: [
      'When {state}, I can feel how much hurt you carry with nowhere to put it.',
      'Knowing that {inner} must sting, especially when you care so much about {name}.',
      'I can tell it is not only that {cause}; it is that {problem}, and the loneliness of carrying it by yourself.',
      '{tried}, and still it ended up here; that must feel exhausting and unfair.',
      'I can hear how let down you feel: {conflict}, and the hurt of that is real.',
      'Carrying the weight of it for so long, when {problem}, must have been exhausting.',
    ],
  },
  active_listening: {
    zh: [
      '你提到{state}，我想多听听，那时候你心里在想什么？',
      '我在听，你慢慢说：{tried}之后，{name}那边又是什么反应？',
      '所以说，{conflict}，这些一直都是你一个人扛着，对吗？愿意的话，再多说一点。',
      '也就是说，{name}那边一直没给你一个说法，{problem}，是吗？你接着说。',
      '嗯，我一直在听。{cause}之后，你是怎么过来的？你慢慢讲。',
      '说到{inner}，你当时心里是怎么想的？想说多少都行，我都听着。',
    ],
    en: [
      'You said that {state}; I want to hear more. What goes through your mind then?',
      "I'm listening, take your time. After {tried}, how did {name} react?",
      'So {conflict}, and you have been carrying it on your own, is that right? Tell me more if you want.',
      'In other words, {name} never really gave you an answer, and {problem}? Keep going, I am all ears.',
      "I'm here. Since {cause}, how have you been getting through the days?",
      'When you think about how {inner}, what comes up for you? Say as much as you like.',
    ],
  },
  dialectical_analysis: {
    zh: [
      '这事可能得分两面看：一方面{conflict}，另一方面{name}也有自己的处境。',
      '从你的角度看，{cause}确实很不公平；换个角度，{inner}，也许还有你没看到的部分。',
      '我觉得这件事没有绝对的对错：{inner}，几件事凑到了一起，双方都有各自的道理。',
      '一方面你想把话说开，另一方面{problem}，这两种想法并不矛盾。',
      '{tried}，好处是你看清了一些东西，代价是关系受了伤，两方面都要算进去。',
      '换个角度想，{name}的做法和{state}其实是两回事，可以分开来看。',
    ],
    en: [
      'Maybe there are two sides here: on one hand {conflict}; on the other, {name} has their own situation.',
      'From where you stand, the fact that {cause} really is unfair; from another angle, {inner}.',
      'I do not think this is simply right and wrong: {inner}, and several things piled up at once.',
      'You want to clear the air, and at the same time {problem}; both deserve a place.',
      'Since {tried}, you gained some clarity but paid a real cost; both count.',
      'From another angle, what {name} did and the fact that {state} are two separate things; weigh them separately.',
    ],
  },
  perspective_taking: {
    zh: [
      '{name}那么做，会不会是因为他自己也有压力：{inner}，只是他不知道怎么开口？',
      '也许{name}并不是故意的，只是没意识到{problem}对你影响这么大。',
      '站在{name}的角度，{conflict}，他可能是怕丢面子，才用那种方式表达。',
      '我猜{name}心里多半也在别扭，{tried}，他只是嘴上不肯服软。',
      '会不会是{name}自己也卡在某个难处里，才顾不上{state}这样的你？',
      '也许{name}其实是在乎的，只是不知道怎么面对{cause}这件事。',
    ],
    en: [
      'Could {name} be under pressure too? Maybe {inner}, and they just do not know how to say it.',
      'Maybe {name} did not mean it, and simply did not realise that {problem}.',
      'My guess is {name} sees it differently: {conflict}, and pride made it come out that way.',
      'Perhaps {name} is struggling too; {tried}, and they may be protecting themselves more than hurting you.',
      'Could {name} be stuck in something of their own, too overwhelmed to notice that {state}?',
      'Maybe {name} does care, and simply does not know how to face the fact that {cause}.',
    ],
  },
  guided_reflection: {
    zh: [
      '回头看，{cause}，你觉得自己最放不下的到底是什么？',
      '如果{name}再这样，{tried}都不管用，你希望自己怎么做？',
      '{problem}，这背后你真正想要的是什么呢？',
      '想一想，{conflict}，这里面你最在乎的，是结果，还是被认真对待？',
      '{state}，你觉得这件事教会了你什么？',
      '问问自己：{inner}，你最害怕失去的到底是什么？',
    ],
    en: [
      'Looking back on how {cause}, what is the part you find hardest to let go of?',
      'If {name} did this again, and {tried} did not work, how would you want to handle it?',
      'When {problem}, what is it you really want underneath?',
      'Thinking about how {conflict}, what matters most to you: the outcome, or being taken seriously?',
      'Now that {state}, what do you think this has taught you?',
      'Asking yourself honestly, given that {inner}: what are you most afraid of losing here?',
    ],
  },
  advice: {
    zh: [
      '既然{tried}都没用，要不先找个时间，心平气和地跟{name}把话说清楚？',
      '{problem}，不妨先把最让你烦的那一件写下来，一步一步来，不用一下子全解决。',
      '可以先跟{name}约个时间单独聊，把{conflict}这件事里你的底线和期待都讲明白。',
      '{state}，下一步可以试着列个清单：哪些是你能改变的，哪些只能先放一放。',
      '建议你先给自己定个小目标：{inner}这件事，这周先处理掉一小部分。',
      '你可以找个信得过的人一起商量{problem}的事，别一个人硬扛。',
    ],
    en: [
      'Since {tried}, could you find a calm moment to tell {name} plainly what you need?',
      'When {problem}, maybe write down the one thing that bothers you most and take it step by step.',
      'You could set up a short talk with {name} and say clearly where you stand: {conflict}.',
      'Since {state}, it might help to list what you can change and what you can let go of for now.',
      'I would suggest one small goal this week: given that {inner}, deal with one small piece of it.',
      'You could try talking it through with someone you trust, since {problem}, instead of carrying it alone.',
    ],
  },
  information: {
    zh: [
      '其实很多人碰到{cause}这种事都会这样，{state}是很常见的反应。',
      '心理学上有个说法，人在压力大的时候，会把{name}的一句话放大很多倍，何况{inner}。',
      '一般来说，{conflict}这种僵局不会自己消失，通常要有一方先把话说开。',
      '{problem}，很多人在这种时候都会反复想同一件事，这是压力下很普遍的反应。',
      '{tried}之后，这种事通常拖得越久越难开口，一般早点沟通效果会更好。',
      '有研究发现，把{cause}这样的事说出来，本身就能减轻不少压力。',
    ],
    en: [
      'A lot of people react this way after {cause}; that {state} is a very common response.',
      'Research on stress shows people usually replay one remark from {name} many times over, especially when {inner}.',
      'Typically a stand-off where {conflict} does not fade by itself; usually one side has to open the conversation.',
      'Many people get stuck replaying the same moment when {problem}; it is very common.',
      'Usually, after {tried}, the longer it drags on, the harder it is to raise, so earlier tends to go better.',
      'Studies suggest that simply putting into words how {cause} eases a lot of the pressure.',
    ],
  },
};

/** Warm openers that pick up the user's last words (`{quote}`) without a strategy cue. */
export const ORACLE_OPENERS: Readonly<Record<Language, readonly string[]>> = {
  zh: ['唉，“{quote}”，', '“{quote}”，这句我记住了。', '嗯，“{quote}”啊，', ''],
  en: ['Oh, "{quote}".', 'Hm, "{quote}" — yeah.', 'Ugh, "{quote}".', ''],
};

/** Fallbacks for the slots when the story names nobody or nothing was quotable. */
export const ORACLE_FALLBACKS: Readonly<Record<Language, { name: string; quote: string }>> = {
  zh: { name: '对方', quote: '这件事' },
  en: { name: 'them', quote: 'all this' },
};
