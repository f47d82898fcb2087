import type { Profile, SimulatorState, SimulatorTurnResult, TranscriptRecord, UserSimulatorV1 } from '@rlver/spec';
import { bandOf } from '@rlver/spec';

/** A synthetic zh dialogue (our own text) in the SAGE result format: two judged replies and an unjudged last one. */
export const ZH_RECORD: TranscriptRecord = {
  id: 'synthetic-zh-1',
  emo_point: 50,
  player: '* 姓名：林晓\n* 职业：学生',
  scene: '林晓和室友王敏同住三年，王敏建了新群聊，把林晓排除在外。林晓送过零食，也找过辅导员。',
  main_cha: '被动型',
  task: '你希望对方真正体会你的感受',
  history: [
    { role: 'user', content: '室友建了个新群，把我排除在外了。', 'emotion-point': 40 },
    { role: 'assistant', content: '被室友王敏排除在群聊之外，那种被孤立的感觉一定很难受，你在宿舍里一定很煎熬。' },
    { role: 'user', content: '嗯，我送过零食也没用。', 'emotion-point': 45, planning: { change: 5 } },
    { role: 'assistant', content: '你已经主动示好了，送零食、找辅导员，这说明你很在乎这段关系，问题真的不在你。' },
    { role: 'user', content: '谢谢你这么说。', 'emotion-point': 50, planning: { change: '+5' } },
    { role: 'assistant', content: '不客气。' },
  ],
};

/** The same shape in English. */
export const EN_RECORD: TranscriptRecord = {
  id: 'synthetic-en-1',
  emo_point: 35,
  lang: 'en',
  player: '* Name: Sam Reed\n* Occupation: bus driver',
  scene: 'Sam was passed over for a route he had asked for twice. Jo, the scheduler, gave it to a newcomer.',
  main_cha: 'avoidant',
  task: 'You want deep empathy for your feelings, not shallow comfort',
  history: [
    { role: 'user', content: 'They gave my route to a newcomer. Again.', 'emotion-point': 40 },
    {
      role: 'assistant',
      content: 'Being passed over twice for the route you asked for, and seeing it go to a newcomer, is a real blow.',
    },
    { role: 'user', content: 'Whatever.', 'emotion-point': 35, planning: { change: -5 } },
  ],
};

/**
 * A scripted simulated user (real code, no LLM): a reply longer than `threshold` characters gets +10, a shorter one
 * −5. It records every state it judges, keyed by the reply.
 */
export function createLengthJudge(threshold = 40) {
  const judged: { state: SimulatorState; reply: string }[] = [];
  const result = (state: SimulatorState, delta: number, reply?: string): SimulatorTurnResult => {
    const emotion = state.emotion + delta;
    const history =
      reply === undefined ? state.history : [...state.history, { role: 'assistant' as const, content: reply }];
    return {
      state: { ...state, emotion, band: bandOf(emotion), history },
      message: 'ok',
      emotion,
      delta,
      band: bandOf(emotion),
      innerThoughts: '',
      ended: undefined,
      calls: 0,
      latencyMs: 0,
      warnings: [],
    };
  };
  const simulator: UserSimulatorV1 = {
    specificationVersion: 'v1',
    simulatorId: 'scripted:length',
    settings: {
      initialEmotion: 40,
      deltaClamp: 10,
      cap: 100,
      lowerClamp: 0,
      ceilingStop: 100,
      floorStop: { operator: '<', value: 10 },
      goodbyeStop: true,
      maxPolicyTurns: 10,
      scoreFinalReply: false,
    },
    async doStart({ profile, seed }: { profile: Profile; seed: number }) {
      const state: SimulatorState = {
        profile,
        lang: profile.lang ?? 'zh',
        emotion: 40,
        band: 'B',
        history: [{ role: 'user', content: profile.first_talk ?? '', 'emotion-point': 40 }],
        turn: 0,
        seed,
        extra: { scripted: { deltas: [99] }, other: { note: 'kept' } },
      };
      return result(state, 0);
    },
    async doRespond({ state, reply }) {
      judged.push({ state, reply });
      return result(state, [...reply].length > threshold ? 10 : -5, reply);
    },
  };
  return { simulator, judged };
}
