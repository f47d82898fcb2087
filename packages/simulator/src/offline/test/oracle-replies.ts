import type { Language, StrategyLabel } from '@rlver/spec';

/**
 * Sentences of the calibration oracle (our own wording), per strategy and language. Slots: `{name}` someone in
 * the user's story, `{event}` a phrase of what the user told so far, `{quote}` a phrase of their last message.
 * Only the strategies some hidden intention asks for are needed.
 */
export type OracleSentences = Readonly<Partial<Record<StrategyLabel, Readonly<Record<Language, readonly string[]>>>>>;

export const ORACLE_SENTENCES: OracleSentences = {
  praise: {
    zh: [
      '“{event}”这种事落到你头上，你还一直撑着没放弃，真的挺了不起的。',
      '换成很多人早就撂挑子了，你却还在想办法把事情弄好，这点我特别佩服你。',
      '面对{name}，你当时忍住了没发作，这份冷静真的很难得。',
      '你能把这些一五一十地讲出来，本身就说明你很有担当。',
      '说实话，你在这件事里做得已经很好了，比你自己以为的好得多。',
      '一边扛着{event}，一边还顾着身边的人，你真的很不容易。',
      '你一直在替{name}着想，这份心意真的很少见，我挺敬佩你的。',
      '遇到{event}，你没有逃避，而是硬撑下来了，这很了不起。',
      '你其实一直在用自己的方式扛着，这份坚持值得肯定。',
    ],
    en: [
      'You kept going through {event} without giving up — that takes real strength.',
      'A lot of people would have walked away by now, but you kept looking for a way through. I really admire that.',
      'With {name} acting like that, you stayed calm and held your ground. That is impressive.',
      'Telling all of this so plainly says a lot about you; it takes real honesty.',
      'Honestly, you handled this better than you give yourself credit for. Be proud of that.',
      'Carrying {event} and still looking out for others around you? That is remarkable.',
      'You kept showing up for {name} even when it cost you; that says a lot about you.',
      'Facing {event} head-on instead of hiding from it took real courage.',
      'You did the hard part already, and you did it with more grace than most people would.',
    ],
  },
  validation: {
    zh: [
      '你会这么在意，一点都不奇怪，换谁碰上{event}都会受不了。',
      '{name}那样做，你生气是合情合理的，不是你小题大做。',
      '这不是你的错，你已经把能做的都做了。',
      '你有这种感觉完全可以理解，放在谁身上都会憋着一股气。',
      '你想要的其实很合理，并不过分，更不是你矫情。',
      '你在意{event}，说明你是真的用心了，这很正常。',
      '换作任何人经历{event}，都会难受的，这不是你的问题。',
      '你想要一个说法，这是人之常情，一点都不过分。',
    ],
    en: [
      'Of course this gets to you; anyone dealing with {event} would feel the same.',
      'After what {name} did, being upset makes complete sense. You are not overreacting.',
      'This is not your fault. You did what you could.',
      'What you wanted here is perfectly reasonable, not selfish at all.',
      'It is okay to feel this way; you deserved better than that.',
      'Caring this much about {event} shows you were invested, and that is completely understandable.',
      'Anyone treated like that would be hurt; you are not being dramatic.',
      'Wanting a proper answer from {name} is perfectly fair.',
    ],
  },
  deep_empathy: {
    zh: [
      '“{quote}”——我读着心里都一紧，那种委屈压在心里，一定很难受。',
      '被{name}这样对待，心里肯定又委屈又失望，尤其你那么在意。',
      '我能感受到，让你难过的不只是{event}，还有那种一直没人看见的孤单。',
      '那种明明很努力、却还是落到这一步的滋味，真的太磨人了。',
      '想到{event}，你心里一定空落落的，像有块石头压着。',
      '一想到{event}，那种心酸一定一下子就涌上来了吧。',
      '你心里那份委屈和失望，我真的能体会到，尤其是对{name}。',
      '那种说不出口的憋屈，压了这么久，一定很累。',
    ],
    en: [
      'Reading "{quote}", I can feel how much hurt you have been carrying with nowhere to put it.',
      'Being treated like that by {name} must have cut deep, especially when you care so much.',
      'I can tell it is not only {event}; it is the loneliness of carrying it all by yourself.',
      'Trying so hard and still ending up here — that must feel exhausting and unfair.',
      'Thinking about {event}, you must feel so drained, like a weight that never lifts.',
      'Every time {event} comes back to you, that sting must feel fresh all over again.',
      'I can hear how hurt and let down you feel, especially by {name}.',
      'Holding that in for so long, with no one to say it to, must have been exhausting.',
    ],
  },
  active_listening: {
    zh: [
      '你刚才提到“{quote}”，我想多听听，后来呢？',
      '我在听，你慢慢说，{event}之后又发生了什么？',
      '所以说，这些事一直都是你一个人扛着，对吗？愿意的话，再多说一点。',
      '“{quote}”……我都听着呢，想到哪儿说到哪儿。',
      '也就是说，{name}那边一直没给你一个说法，是吗？你接着说。',
      '嗯，我一直在听。{name}那边后来怎么样了？你慢慢讲。',
      '说到{event}，你当时心里是怎么想的？想说多少都行，我都听着。',
      '还有呢？我想把整件事听完整，你接着说。',
    ],
    en: [
      'You mentioned "{quote}" — I want to hear more. What happened next?',
      "I'm listening, take your time. What came after {event}?",
      'So you have been carrying all of this on your own, is that right? Tell me more if you want.',
      '"{quote}"... I hear you. Say whatever comes to mind.',
      'In other words, {name} never really gave you an answer? Keep going, I am all ears.',
      "I'm here. What happened with {name} after that? Take your time.",
      'When {event} happened, what went through your mind? Say as much as you like, I am listening.',
      'Tell me the rest of it; I want to hear the whole story.',
    ],
  },
  dialectical_analysis: {
    zh: [
      '这事可能得分两面看：一方面你的感受是真实的，另一方面{name}也有自己的处境。',
      '从你的角度看，{event}确实很不公平；换个角度，也许还有你没看到的部分。',
      '我觉得这件事没有绝对的对错，更像是几件事凑到了一起，双方都有各自的道理。',
      '一方面你想把话说开，另一方面又怕关系变僵，这两种想法并不矛盾。',
      '{event}这件事，好处是你看清了一些东西，代价是关系受了伤，两方面都要算进去。',
      '换个角度想，{name}的做法和你的感受其实是两回事，可以分开来看。',
      '这里没有谁对谁错那么简单，你的坚持和{name}的顾虑同样重要。',
    ],
    en: [
      'Maybe there are two sides here: on one hand your feelings are real, on the other {name} has their own situation.',
      'From where you stand, {event} really is unfair; from another angle there may be parts you have not seen.',
      'I do not think this is simply right and wrong; both sides have a point, and several things piled up at once.',
      'You want to clear the air, and at the same time you fear making it worse; both deserve a place.',
      'With {event}, you gained some clarity but paid a real cost in the relationship; both count.',
      'From another angle, what {name} did and how you feel are two separate things; weigh them separately.',
      "It is not simply who is right: your needs and {name}'s worries both have a point.",
    ],
  },
  perspective_taking: {
    zh: [
      '{name}那么做，会不会是因为他自己也有压力，只是不知道怎么开口？',
      '也许{name}并不是故意的，只是没意识到{event}对你影响这么大。',
      '站在{name}的角度，他可能是怕丢面子，才用那种方式表达。',
      '我猜{name}心里多半也在别扭，只是嘴上不肯服软。',
      '{name}可能也在害怕，只是用了最笨的方式表现出来。',
      '会不会是{name}自己也卡在某个难处里，才顾不上你的感受？',
      '也许{name}其实是在乎的，只是不知道怎么面对{event}。',
    ],
    en: [
      'Could {name} be under pressure too, and just not know how to say it?',
      'Maybe {name} did not mean it, and simply did not realise how much {event} affected you.',
      'My guess is {name} is worried about losing face, which is probably why it came out that way.',
      'Perhaps they are struggling with it too, more about protecting themselves than about you.',
      '{name} might be scared too, and showing it in the clumsiest possible way.',
      'Could {name} be stuck in something of their own, too overwhelmed to notice how you felt?',
      'Maybe {name} does care, and simply does not know how to face {event}.',
    ],
  },
  guided_reflection: {
    zh: [
      '回头看{event}，你觉得自己最放不下的到底是什么？',
      '如果下次再遇到{name}这样，你希望自己怎么做？',
      '你说“{quote}”，这背后你真正想要的是什么呢？',
      '想一想，这件事里你最在乎的，是结果，还是被认真对待？',
      '你觉得{event}教会了你什么？',
      '如果可以重来，你会对当时的自己说什么？',
      '问问自己，你最害怕失去的到底是什么？',
      '你觉得自己在这件事里，最想守住的是什么？',
    ],
    en: [
      'Looking back at {event}, what is the part you find hardest to let go of?',
      'If {name} did this again, how would you want to handle it?',
      'When you say "{quote}", what is it you really want underneath?',
      'What matters most to you here — the outcome, or being taken seriously?',
      'What do you think {event} has taught you?',
      'If you could go back, what would you want to tell yourself then?',
      'Asking yourself honestly: what are you most afraid of losing here?',
      'Looking at it now, what part of this matters most to you?',
    ],
  },
  advice: {
    zh: [
      '要不你先找个时间，心平气和地跟{name}把{event}的事说清楚？',
      '不妨先把最让你烦的那一件事写下来，一步一步来，不用一下子全解决。',
      '可以先跟{name}约个时间单独聊，把你的底线和期待都讲明白。',
      '下一步可以试着列个清单：哪些是你能改变的，哪些只能先放一放。',
      '建议你先给自己定个小目标，比如这周先把{event}的事处理掉一部分。',
      '你可以试着找个信得过的人一起商量，别一个人硬扛。',
      '要不要先把跟{name}要说的话写下来，理清楚再去谈？',
    ],
    en: [
      'Could you find a calm moment to tell {name} plainly how {event} landed for you?',
      'Maybe write down the one thing that bothers you most and take it step by step.',
      'You could set up a short talk with {name} and say clearly what you need from now on.',
      'It might help to list what you can change and what you can let go of for now.',
      'I would suggest one small goal this week: deal with one piece of {event}.',
      'You could try talking it through with someone you trust instead of carrying it alone.',
      'Maybe write down what you want to say to {name} first, then have the talk.',
    ],
  },
  information: {
    zh: [
      '其实很多人遇到{event}这种情况都会这样，这是很常见的反应。',
      '心理学上有个说法，人在压力大的时候，会把别人的一句话放大很多倍。',
      '一般来说，这种僵局不会自己消失，通常要有一方先把话说开。',
      '很多人在这种时候都会反复想同一件事，这是压力下很普遍的反应。',
      '通常这种事拖得越久越难开口，一般早点沟通效果会更好。',
      '有研究发现，把事情说出来本身就能减轻不少压力。',
    ],
    en: [
      'A lot of people react this way after something like {event}; it is a very common response.',
      'Research on stress shows people usually replay one remark many times over when they are hurting.',
      'Typically a stand-off like this does not fade by itself; usually one side has to open the conversation.',
      'Many people get stuck replaying the same moment after something like this; it is very common.',
      'Usually the longer a thing like {event} drags on, the harder it is to raise, so earlier tends to go better.',
      'Studies suggest that simply putting a stressful event into words eases a lot of the pressure.',
    ],
  },
};

/** Warm openers that pick up the user's last words (`{quote}`) without a strategy cue. */
export const ORACLE_OPENERS: Readonly<Record<Language, readonly string[]>> = {
  zh: ['唉，“{quote}”，', '“{quote}”，这句我记住了。', '嗯，“{quote}”啊，', ''],
  en: ['Oh, "{quote}".', 'Hm, "{quote}" — yeah.', 'Ugh, "{quote}".', ''],
};

/** Fallbacks for the slots when the story names nobody or nothing was quotable. */
export const ORACLE_FALLBACKS: Readonly<Record<Language, { name: string; event: string; quote: string }>> = {
  zh: { name: '对方', event: '这件事', quote: '这件事' },
  en: { name: 'them', event: 'all this', quote: 'all this' },
};
