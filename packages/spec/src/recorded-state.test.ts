import { describe, expect, it } from 'vitest';
import { bandOf, proposedChangeOf, recordedStateAt } from './recorded-state';
import { judgedReplies, profileOfTranscript, recordedChange, type TranscriptRecord } from './transcript-record';
import type { SimulatorState } from './user-simulator-v1';

// A synthetic recorded dialogue (our own text).
const RECORD: TranscriptRecord = {
  id: 'synthetic-1',
  emo_point: 45,
  player: '* 姓名：林晓',
  scene: '林晓被室友排除在群聊之外。',
  character: '被动型',
  task: '希望被理解',
  history: [
    { role: 'user', content: '室友建了个新群。', 'emotion-point': 40 },
    { role: 'assistant', content: '被排除在外一定很难受。' },
    { role: 'user', content: '嗯。', 'emotion-point': 50, planning: { change: '+10' } },
    { role: 'assistant', content: '你愿意多说说吗？' },
    { role: 'user', content: '算了。', 'emotion-point': 45, planning: { change: -5 } },
    { role: 'assistant', content: '好。' },
  ],
};

const START: SimulatorState = {
  profile: profileOfTranscript(RECORD),
  lang: 'zh',
  emotion: 40,
  band: 'B',
  history: [RECORD.history[0] as SimulatorState['history'][number]],
  turn: 0,
  seed: 7,
  extra: { offline: { rngState: 3, deltas: [] }, notes: { kept: true }, version: 1 },
};

describe('judgedReplies', () => {
  it('should list the replies the recorded user judged, leaving out the unscored last one', () => {
    const replies = judgedReplies(RECORD.history);
    expect(replies.map((reply) => [reply.index, reply.reply, reply.recorded, reply.before.length])).toEqual([
      [1, '被排除在外一定很难受。', 10, 1],
      [3, '你愿意多说说吗？', -5, 3],
    ]);
  });

  it('should read changes written as numbers or text, and map the record to its profile', () => {
    expect(recordedChange({ role: 'user', content: '', planning: { change: '-5' } })).toBe(-5);
    expect(recordedChange({ role: 'user', content: '' })).toBeUndefined();
    expect(profileOfTranscript(RECORD)).toMatchObject({
      main_cha: '被动型',
      first_talk: '室友建了个新群。',
      cha_group: [],
    });
  });
});

describe('recordedStateAt', () => {
  it('should put the user in the recorded state before a reply (teacher forcing)', () => {
    const state = recordedStateAt(START, RECORD.history.slice(0, 5));
    expect(state.history).toHaveLength(5);
    expect(state.emotion).toBe(45);
    expect(state.band).toBe('B');
    expect(state.turn).toBe(2);
    expect(state.seed).toBe(7);
    // Memory blocks with `deltas` get the recorded changes; everything else is left as it was.
    expect(state.extra).toEqual({ offline: { rngState: 3, deltas: [10, -5] }, notes: { kept: true }, version: 1 });
    expect(START.extra.offline).toEqual({ rngState: 3, deltas: [] });
  });

  it('should keep the start emotion when no user message carries a score', () => {
    expect(recordedStateAt({ ...START, emotion: 30 }, [{ role: 'user', content: 'hi' }]).emotion).toBe(30);
  });
});

describe('bandOf and proposedChangeOf', () => {
  it('should band scores at 100, 70, 40 and 10', () => {
    expect([100, 99, 70, 69, 40, 39, 10, 9, -5].map(bandOf)).toEqual(['S', 'A', 'A', 'B', 'B', 'C', 'C', 'F', 'F']);
  });

  it('should prefer the proposed change before clamps over the applied delta', () => {
    const withProposal = { ...START, history: [{ role: 'user' as const, content: '', planning: { proposed: 14 } }] };
    expect(proposedChangeOf({ delta: 10, state: withProposal })).toBe(14);
    expect(proposedChangeOf({ delta: 10, state: START })).toBe(10);
  });
});
