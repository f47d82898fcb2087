import { z } from 'zod';
import type { Language } from './language';

/**
 * The 8 hidden intentions of a simulated user (spec §2.5): what the user really wants from the talk.
 * r* = rational group, e* = emotional group.
 */
export const intentionKeySchema = z.enum(['r1', 'r2', 'r3', 'r4', 'e1', 'e2', 'e3', 'e4']);
export type IntentionKey = z.infer<typeof intentionKeySchema>;

export interface IntentionInfo {
  key: IntentionKey;
  group: 'rational' | 'emotional';
  /** Short English name. */
  name: string;
  /** Our own wording of the intention, as stored in the `task` field of project scenarios. */
  task: Record<Language, string>;
}

export const INTENTIONS: Readonly<Record<IntentionKey, IntentionInfo>> = {
  r1: {
    key: 'r1',
    group: 'rational',
    name: 'dialectical analysis',
    task: {
      zh: '你希望对方从多个角度辩证地分析这件事里的问题',
      en: 'You want them to weigh the problems in the event from several sides',
    },
  },
  r2: {
    key: 'r2',
    group: 'rational',
    name: 'actionable advice',
    task: { zh: '你想得到能切实解决眼下困境的建议', en: 'You want advice that really solves your current predicament' },
  },
  r3: {
    key: 'r3',
    group: 'rational',
    name: "others' motives",
    task: {
      zh: '你想弄明白事件中其他人为什么会那样做',
      en: 'You want to understand why the other people in the event acted as they did',
    },
  },
  r4: {
    key: 'r4',
    group: 'rational',
    name: 'guided self-reflection',
    task: {
      zh: '你希望对方引导你反思自己，从中成长',
      en: 'You want to be guided to reflect on yourself and grow from it',
    },
  },
  e1: {
    key: 'e1',
    group: 'emotional',
    name: 'sincere praise',
    task: {
      zh: '你希望对方真心夸夸你在这件事里具体做得好的地方',
      en: 'You want sincere praise for the specific things you did well in the event',
    },
  },
  e2: {
    key: 'e2',
    group: 'emotional',
    name: 'attentive listening',
    task: { zh: '你希望对方耐心听你把情绪倾诉出来', en: 'You want someone to listen attentively while you vent' },
  },
  e3: {
    key: 'e3',
    group: 'emotional',
    name: 'deep empathy',
    task: {
      zh: '你希望对方真正体会你的感受，而不是随便安慰几句',
      en: 'You want deep empathy for your feelings, not shallow comfort',
    },
  },
  e4: {
    key: 'e4',
    group: 'emotional',
    name: 'no fault',
    task: {
      zh: '你觉得自己在这件事里没有错，想让对方也承认这一点',
      en: 'You feel you are not at fault in the event and want them to agree',
    },
  },
};

const INTENTION_CUES: ReadonlyArray<readonly [IntentionKey, RegExp]> = [
  [
    'e4',
    /没有(任何)?(责任|错)|没错|不是你的错|not at fault|no (responsibility|fault)|not to blame|agree (that )?(you|i) (am|are|was|were) (right|not)/i,
  ],
  ['r4', /反思|成长|reflect|grow/i],
  ['r1', /辩证|多个角度|weigh|several sides|dialectical/i],
  ['e3', /共情|体会|empath|shallow comfort/i],
  ['e2', /倾听|宣泄|倾诉出来|\blisten|\bvent\b/i],
  ['r3', /原因|为什么会?那样|why the other|motives?|acted as they did/i],
  ['e1', /夸|赞美|表扬|praise/i],
  ['r2', /建议|解决|advice|solve|solution/i],
];

/**
 * Map a profile's free-text `task` (reference wording or ours, zh or en) to its intention key.
 * Returns `undefined` for an unknown task (loaders warn on it, spec §2.2).
 */
export function classifyIntention(task: string): IntentionKey | undefined {
  for (const [key, pattern] of INTENTION_CUES) {
    if (pattern.test(task)) return key;
  }
  return undefined;
}
