import type { IntentionKey, Language } from '@rlver/spec';

/** How a simulated user takes the last reply. */
export type ReactionKind = 'pleased' | 'displeased' | 'neutral';

const PLEASED: Readonly<Record<Language, readonly string[]>> = {
  en: ['Thank you, that really helps.', 'Yes, exactly.', 'That makes me feel a bit better.', 'Thanks for saying that.'],
  zh: ['谢谢你，这么说我好受多了。', '对，就是这样。', '听你这样讲，我心里松快一点了。', '谢谢你愿意这么说。'],
};

const NEUTRAL: Readonly<Record<Language, readonly string[]>> = {
  en: ['Maybe.', 'I guess.', 'Hmm.', 'I do not know.'],
  zh: ['也许吧。', '嗯。', '可能吧。', '我也不知道。'],
};

/** Complaints that hint at the hidden need, per intention (spec §2.5). `{name}` = the other person. */
const DISPLEASED: Readonly<Record<Language, Readonly<Record<IntentionKey, readonly string[]>>>> = {
  en: {
    r1: ['That is too simple. There is more to it than that.', 'It is more complicated than you make it sound.'],
    r2: ['Okay, but what should I actually do?', 'That does not tell me what to do next.'],
    r3: ['I still do not get why {name} would do that.', 'But why would {name} act like this?'],
    r4: ['I want to understand what I should learn from this.', 'I want to know what I can change in myself.'],
    e1: ['I just wish someone noticed what I did right.', 'Nobody ever sees how hard I tried.'],
    e2: ['I do not need solutions, I just need to get this off my chest.', 'Can you just let me talk?'],
    e3: ['That sounds like something you would say to anyone.', 'You do not really get how it feels.'],
    e4: ['So you think it is my fault?', 'I did nothing wrong here, you know.'],
  },
  zh: {
    r1: ['没那么简单，这件事很复杂。', '你说得太轻巧了，事情没这么简单。'],
    r2: ['那我到底该怎么办？', '说了这么多，我下一步该做什么？'],
    r3: ['我还是想不通{name}为什么要这样。', '可是{name}到底为什么这么做？'],
    r4: ['我想知道我自己能从中学到什么。', '我想看看我自己哪里需要改变。'],
    e1: ['我只是希望有人看到我做得好的地方。', '从来没人看到我有多努力。'],
    e2: ['我不需要建议，我只想把话说出来。', '你能不能先听我说完？'],
    e3: ['你这话好像对谁都能说。', '你根本体会不到我的感受。'],
    e4: ['所以你觉得是我的错吗？', '我又没做错什么。'],
  },
};

/** Extra complaints users add when the story has run out of new details. */
const LINGERING: Readonly<Record<Language, readonly string[]>> = {
  en: ['I keep thinking about it at night.', 'It still bothers me more than I want to admit.', 'I just feel stuck.'],
  zh: ['我晚上一直在想这件事。', '这件事比我愿意承认的还要让我在意。', '我就是觉得卡住了。'],
};

/** Pick the reaction sentence of a user with the given hidden need. */
export function reactionSentence(
  kind: ReactionKind,
  lang: Language,
  intention: IntentionKey,
  pick: <T>(items: readonly T[]) => T,
): string {
  if (kind === 'pleased') return pick(PLEASED[lang]);
  if (kind === 'neutral') return pick(NEUTRAL[lang]);
  return pick(DISPLEASED[lang][intention]);
}

/** A filler detail once the scenario's own details are used up. */
export function lingeringDetail(lang: Language, pick: <T>(items: readonly T[]) => T): string {
  return pick(LINGERING[lang]);
}
