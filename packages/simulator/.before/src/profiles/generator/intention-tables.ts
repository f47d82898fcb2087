import type { IntentionKey } from '@rlver/spec';
import type { Bilingual } from './bilingual';

/** Scene section 3 per hidden intention: replies that raise / lower the emotion (`{other}` = counterpart). */
export const INTENTION_REPLY_PREFERENCES: Readonly<Record<IntentionKey, { raise: Bilingual; lower: Bilingual }>> = {
  r1: {
    raise: {
      zh: '对方能从{other}和自己两边分别分析问题出在哪，讲得有理有据。',
      en: 'The listener weighs both {other}’s side and theirs and reasons it through.',
    },
    lower: { zh: '只会安慰或只站一边说话，没有分析。', en: 'Only comfort, or taking one side with no analysis.' },
  },
  r2: {
    raise: {
      zh: '对方给出具体、能马上做的办法，比如下一步先做什么。',
      en: 'Concrete steps they can take right away, such as what to do first.',
    },
    lower: {
      zh: '空泛的安慰、只让自己“多说说”，却没有任何办法。',
      en: 'Empty comfort, or being asked to “say more” with no help at all.',
    },
  },
  r3: {
    raise: {
      zh: '对方帮自己想通{other}为什么会那样做，说出可能的原因。',
      en: 'Helping them see why {other} acted that way, with plausible reasons.',
    },
    lower: {
      zh: '只顾着安慰，或者简单地把{other}说成坏人。',
      en: 'Just comfort, or simply painting {other} as a bad person.',
    },
  },
  r4: {
    raise: {
      zh: '对方用提问引导自己回头看看自己的做法，从中有所收获。',
      en: 'Questions that lead them to look back at their own choices and learn from them.',
    },
    lower: {
      zh: '一味附和或者替自己开脱，没有帮助自己成长。',
      en: 'Blind agreement or excuses that do not help them grow.',
    },
  },
  e1: {
    raise: {
      zh: '对方具体地夸出自己在这件事里做得好的地方。',
      en: 'Specific praise for the things they did well in this event.',
    },
    lower: {
      zh: '被挑毛病、被说教，或者只有一句空洞的“你很棒”。',
      en: 'Being criticised or lectured, or a hollow “you’re great”.',
    },
  },
  e2: {
    raise: {
      zh: '对方耐心听、跟着自己的话回应，让自己把情绪说完。',
      en: 'Patient listening that follows their words and lets them get it all out.',
    },
    lower: {
      zh: '还没说完就急着给建议、讲道理。',
      en: 'Rushing in with advice or reasoning before they have finished.',
    },
  },
  e3: {
    raise: {
      zh: '对方说中自己心里具体的那种滋味，像真的懂。',
      en: 'Naming the exact feeling inside, as if the listener really gets it.',
    },
    lower: { zh: '“别难过”“会好的”这类套话。', en: 'Stock lines like “don’t be sad” or “it will be fine”.' },
  },
  e4: {
    raise: { zh: '对方明确认同这件事不是自己的错。', en: 'Clear agreement that this was not their fault.' },
    lower: {
      zh: '让自己“也反思一下”，或者替{other}说话。',
      en: 'Being told to “reflect on your part” or hearing {other} defended.',
    },
  },
};
