import type { IntentionKey, Language } from '@rlver/spec';

type Variants = Readonly<Record<Language, readonly string[]>>;

/** First sentence of the user's reply, by how the reply landed. */
export const REACTIONS: Readonly<
  Record<'great' | 'good' | 'bad' | 'awful' | 'garbled' | 'language' | 'repeat', Variants>
> = {
  great: {
    zh: ['嗯……你这么说，我心里一下子松了好多。', '对，就是这种感觉！', '你这话说到我心坎上了。'],
    en: ['Yeah… that actually means a lot.', 'Exactly, that’s it!', 'Wow, you really get it.'],
  },
  good: {
    zh: ['嗯，好像是这么回事。', '听你这么说，舒服一点了。', '唔，有点道理。', '嗯，你这么一说我好受点了。'],
    en: [
      'Hm, maybe you’re right.',
      'That helps a bit.',
      'Okay, that makes some sense.',
      'Yeah, that does help a little.',
    ],
  },
  bad: {
    zh: ['……算了，好像也不是这个意思。', '嗯，道理我都懂。', '哦。', '唔……也许吧。', '你说的这些，我也想过。'],
    en: [
      '…That’s not really it.',
      'Yeah, I know all that.',
      'Right. Okay.',
      'Hm… maybe.',
      'I’ve thought about that already.',
    ],
  },
  awful: {
    zh: ['你根本没明白我在说什么。', '这种话我听太多了。', '跟你说了也白说。'],
    en: ['You’re not getting it at all.', 'I’ve heard that a hundred times.', 'Talking to you is pointless.'],
  },
  garbled: {
    zh: ['？？你在说什么，我完全看不懂。', '这都是些什么乱七八糟的……'],
    en: ['What? That doesn’t even make sense.', '…Is that gibberish?'],
  },
  language: {
    zh: ['你能不能好好说中文……'],
    en: ['Sorry, could you write in English?'],
  },
  repeat: {
    zh: ['你刚才不是说过了吗。', '又是这句。'],
    en: ['You said that already.', 'That again.'],
  },
};

/** Lead-ins for retelling one more stage of the story (`{stage}`). */
export const REVEALS: Variants = {
  zh: ['其实还有件事，{stage}。', '说起来，{stage}。', '你知道吗，{stage}。', '最让我难受的是，{stage}。'],
  en: [
    'Actually, there’s more: {stage}.',
    'The thing is, {stage}.',
    'And then, {stage}.',
    'What really got to me: {stage}.',
  ],
};

/**
 * Natural hints at the hidden need (`{other}` = the other person), from subtle to explicit: the user moves on to
 * the next one each time the need is missed again. No quotation marks (a reply should answer the need, not echo a
 * quoted phrase). Passive users skip the questions.
 */
export const NEED_HINTS: Readonly<Record<IntentionKey, Variants>> = {
  r1: {
    zh: [
      '两边好像都有道理，我自己也理不清。',
      '我想知道这事到底谁的问题更大，是我还是{other}。',
      '你能不能帮我把两边的对错分析一下？',
      '我就是想有人客观地帮我理一理这件事的是非。',
    ],
    en: [
      'Both sides sort of make sense and I can’t untangle it.',
      'I keep wondering who’s really at fault here, me or {other}.',
      'Could you help me weigh up both sides of this?',
      'I just want someone to look at this fairly and tell me where each of us went wrong.',
    ],
  },
  r2: {
    zh: [
      '光说这些也没用，事情还是摆在那儿。',
      '我现在就是不知道下一步该怎么办。',
      '你觉得我具体该怎么做？',
      '我需要一个能马上用上的办法，哪怕一小步也行。',
    ],
    en: [
      'Talking about it doesn’t change much, the problem is still there.',
      'I just don’t know what to do next.',
      'What would you actually do in my place?',
      'I need a concrete plan, even one small step I can take tomorrow.',
    ],
  },
  r3: {
    zh: [
      '我就是想不通{other}为什么要这样。',
      '{other}以前不是这样的，怎么就变了呢。',
      '{other}到底在想什么啊？',
      '要是能知道{other}心里是怎么想的就好了。',
    ],
    en: [
      'I just can’t understand why {other} would do that.',
      '{other} wasn’t always like this, something must have changed.',
      'What was going through {other}’s head?',
      'If only I knew what {other} is really thinking.',
    ],
  },
  r4: {
    zh: [
      '有时候我也在想，是不是我自己哪里没做好。',
      '我也想知道自己以后怎么做才不会这样。',
      '你说我从这件事里能学到什么？',
      '我想好好想清楚，这件事里我自己的那一部分。',
    ],
    en: [
      'Sometimes I wonder if I got something wrong myself.',
      'I want to figure out how not to end up here again.',
      'What do you think I should take away from all this?',
      'I want to look honestly at my own part in this.',
    ],
  },
  e1: {
    zh: [
      '说实话，这件事里我已经做得够多了。',
      '我为这事付出了多少，没人看到。',
      '我这么拼，难道一点都不值得被肯定吗？',
      '哪怕有一个人说一句我做得不错，我也会好受很多。',
    ],
    en: [
      'Honestly, I’ve done so much in all this.',
      'Nobody sees how much I put into this.',
      'Doesn’t all that effort count for anything?',
      'If just one person said I did well, I’d feel so much better.',
    ],
  },
  e2: {
    zh: [
      '我就是想找个人说说，憋得太难受了。',
      '我现在不需要什么道理，就想有人听我说完。',
      '你先听我说完好吗？',
      '你就陪我说说话吧，听着就好。',
    ],
    en: [
      'I just need to get this off my chest.',
      'I don’t need advice right now, I just need someone to listen.',
      'Can you just hear me out?',
      'Just stay with me and listen for a bit, that’s all.',
    ],
  },
  e3: {
    zh: [
      '那种滋味，不是一句别难过能说清的。',
      '没人真正明白我现在是什么感觉。',
      '你能懂我心里那种说不出来的难受吗？',
      '我只是希望有人能真的体会到我心里有多难受。',
    ],
    en: [
      'It’s not the kind of thing you can fix by telling me not to be sad.',
      'Nobody really gets what this feels like.',
      'Do you get how this actually feels inside?',
      'I just wish someone could really feel how heavy this is for me.',
    ],
  },
  e4: {
    zh: [
      '我真的不觉得这事怪我。',
      '我都按规矩来了，结果还是我挨说。',
      '凭什么最后都成了我的错？',
      '我就想听一句，这不是我的问题。',
    ],
    en: [
      'I really don’t think this is on me.',
      'I did everything by the book and still got the blame.',
      'Why does it always end up being my fault?',
      'I just want to hear someone say this isn’t my fault.',
    ],
  },
};

/** Goodbyes at band S (grateful) and F (fed up); they contain 拜拜/再见/bye, which ends the dialogue. */
export const GOODBYES: Readonly<Record<'grateful' | 'fedUp', Variants>> = {
  grateful: {
    zh: ['谢谢你，跟你聊完舒服多了，拜拜！', '今天真的谢谢你，我心里亮堂多了，再见～'],
    en: ['Thank you, I feel so much better. Bye!', 'Thanks for this, really. Bye for now!'],
  },
  fedUp: {
    zh: ['算了，跟你说不通，拜拜。', '行了，我不想聊了，再见。'],
    en: ['Forget it, this isn’t helping. Bye.', 'I’m done talking. Bye.'],
  },
};

/** Generated openers (rlver-train, or a profile without `first_talk`). */
export const OPENERS: Variants = {
  zh: ['最近{other}的事搞得我挺烦的。', '{stage}，我到现在都没缓过来。', '有件事憋了好久，想找人说说。'],
  en: [
    'Things with {other} have been getting to me lately.',
    'So, {stage}, and I still haven’t got over it.',
    'Something’s been weighing on me and I need to talk.',
  ],
};

/** Interjections of negative personas at low emotion. */
export const GRUMBLES: Variants = { zh: ['呵，', '唉，', '切，'], en: ['Ugh. ', 'Sigh. ', 'Whatever. '] };

/** How the user refers to the other person when the scene names nobody. */
export const SOMEONE: Readonly<Record<Language, string>> = { zh: '对方', en: 'that person' };
