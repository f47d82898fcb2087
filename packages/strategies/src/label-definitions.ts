import type { StrategyLabel } from '@rlver/spec';

/** Definition of one strategy label, with one zh and one en example (also in the README). */
export interface LabelDefinition {
  label: StrategyLabel;
  definition: string;
  examples: { zh: string; en: string };
}

/** The taxonomy in order: what each label means. The LLM tagger's prompt is built from these. */
export const LABEL_DEFINITIONS: readonly LabelDefinition[] = [
  {
    label: 'praise',
    definition: 'Sincere praise of specific things the user did (their actions, effort, courage, qualities shown).',
    examples: {
      zh: '你当场站出来替新同事说话，这需要很大的勇气。',
      en: 'Speaking up for the new hire in front of everyone took guts.',
    },
  },
  {
    label: 'deep_empathy',
    definition: "Names the user's specific feelings and the reasons for them; not generic comfort.",
    examples: {
      zh: '你等了他三年，最后等来一句"不合适"，这种被辜负的失落确实很难放下。',
      en: 'Getting shut down after putting your heart into it — that disappointment really stings.',
    },
  },
  {
    label: 'active_listening',
    definition: 'Reflective restatement of what the user said, or an invitation to keep talking/venting.',
    examples: {
      zh: '所以你不是不想帮忙，而是每次都被当作理所当然。我在听，你接着说。',
      en: "So it's not that you don't want to help. Keep going, I'm listening.",
    },
  },
  {
    label: 'validation',
    definition: "The user's reaction is legitimate, normal or reasonable; they are not at fault.",
    examples: {
      zh: '这不是你的错，你生气完全可以理解。',
      en: "It's not your fault, and your anger makes complete sense.",
    },
  },
  {
    label: 'dialectical_analysis',
    definition: 'Weighs several sides of the problem: pros and cons, both parties, trade-offs.',
    examples: {
      zh: '一方面你需要这份收入；另一方面长期透支也有代价。',
      en: 'On one hand you need the income; on the other, burning out has its own cost.',
    },
  },
  {
    label: 'advice',
    definition: 'Concrete, actionable suggestions for what the user could do.',
    examples: {
      zh: '你可以先把想说的话写下来，写完再决定要不要发。',
      en: 'You could write down what you want to say first, then decide.',
    },
  },
  {
    label: 'perspective_taking',
    definition: 'Explains why other people in the story (not the user) may have acted as they did.',
    examples: {
      zh: '你爸可能是在用他那代人的方式表达关心。',
      en: 'Your dad may be showing care the only way his generation knows how.',
    },
  },
  {
    label: 'guided_reflection',
    definition:
      'Prompts that lead the user to reflect on themselves and grow (what they want, learned, would do differently).',
    examples: {
      zh: '回过头看，你觉得这次经历教会了你什么？',
      en: 'Looking back, what do you think this taught you about what you need?',
    },
  },
  {
    label: 'question',
    definition: 'Information-seeking question about the situation (who, what, when, whether); not a reflection prompt.',
    examples: { zh: '他是什么时候开始对你冷淡的？', en: 'When did he start pulling away?' },
  },
  {
    label: 'self_disclosure',
    definition: 'The supporter shares their own similar experience or feelings.',
    examples: {
      zh: '我以前刚来大城市时，也是一个人过的春节。',
      en: 'When I first moved to the city, I spent the holidays alone too.',
    },
  },
  {
    label: 'information',
    definition: 'Facts, data, general knowledge or resources (hotlines, services, what is common).',
    examples: {
      zh: '考前焦虑非常普遍，很多城市都有免费心理热线。',
      en: 'Test anxiety is extremely common, and many crisis lines are free.',
    },
  },
  {
    label: 'generic_comfort',
    definition:
      'Platitudes that do not engage with the user\'s situation: "it\'ll be fine", "don\'t be sad", 别难过, 会好起来的.',
    examples: { zh: '别难过了，都会过去的，加油哦！', en: "Don't be sad, everything will be okay!" },
  },
  {
    label: 'other',
    definition: 'Nothing above applies (pleasantries, greetings, off-topic remarks). Only when no other label fits.',
    examples: { zh: '好的，那我们改天再聊～', en: 'Haha, sounds good, talk soon!' },
  },
];
