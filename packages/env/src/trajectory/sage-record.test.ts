import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { trajectorySchema } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { runEpisode } from '../run-episode';
import { createScriptedPolicy, createScriptedUserSimulator, createTestProfile } from '../test/index';
import { sageRecordToProfile, sageRecordToTrajectory } from './sage-record-to-trajectory';
import { type SageResultRecord, sageResultRecordSchema } from './sage-result-record';
import { appendSageRecord, readSageResultFile } from './trajectory-jsonl';
import { trajectoryToSageRecord } from './trajectory-to-sage-record';

const SAGE_KEYS = [
  'id',
  'emo_point',
  'emo_state',
  'target',
  'player',
  'scene',
  'character',
  'topic',
  'task',
  'history',
];

/** A synthetic record in the reference format: 2 judged replies, then a goodbye at 100. */
function syntheticRecord(): SageResultRecord {
  return {
    id: 'synthetic-0001',
    emo_point: 100,
    emo_state: 'Emotion-S',
    target: 'eq',
    player: '- 姓名：测试人物\n- 年龄：29',
    scene: '## 背景故事\n合成的背景。\n####隐藏主题:\n***合成的隐藏主题',
    character: '被动型',
    topic: '合成类别-合成问题',
    task: '你希望对方真正体会你的感受',
    history: [
      { role: 'user', content: '最近烦死了，小林又放我鸽子。', 'emotion-point': 40 },
      { role: 'assistant', content: '<b>被放鸽子真的很扫兴。</b>', think: '先共情' },
      {
        role: 'user',
        content: '对吧！他总这样。',
        'emotion-point': 50,
        thinking: '他懂我',
        planning: { activity: '觉得被理解', analyse: '对方回应到位', change: '+10' },
      },
      { role: 'assistant', content: '你一直很包容他。' },
      {
        role: 'user',
        content: '谢谢你，拜拜！',
        'emotion-point': 100,
        planning: { activity: '很开心', change: '+10' },
      },
    ],
  };
}

describe('sageResultRecordSchema', () => {
  it('should reject a record whose emo_point differs from the last emotion-point', () => {
    const record = { ...syntheticRecord(), emo_point: 90 };
    const parsed = sageResultRecordSchema.safeParse(record);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['emo_point']);
    expect(sageResultRecordSchema.safeParse(syntheticRecord()).success).toBe(true);
  });
});

describe('sageRecordToTrajectory', () => {
  it('should pair replies with answers and infer the stop reason', () => {
    const trajectory = sageRecordToTrajectory(syntheticRecord(), { policyId: 'model-x' });
    expect(trajectorySchema.parse(trajectory)).toEqual(trajectory);
    expect(trajectory.turns.map((turn) => [turn.reply, turn.userMessage, turn.emotion, turn.delta])).toEqual([
      ['<b>被放鸽子真的很扫兴。</b>', '对吧！他总这样。', 50, 10],
      ['你一直很包容他。', '谢谢你，拜拜！', 100, 50],
    ]);
    expect(trajectory.turns[0]?.think).toBe('先共情');
    expect(trajectory.turns[0]?.innerThoughts).toBe('觉得被理解\n对方回应到位');
    expect(trajectory).toMatchObject({
      lang: 'zh',
      stopReason: 'goodbye',
      finalEmotion: 100,
      reward: 1,
      truncated: false,
    });
  });

  it('should mark a trailing unanswered reply as unscored (the sage 10th reply)', () => {
    const record = syntheticRecord();
    record.history = [...record.history.slice(0, 3), { role: 'assistant', content: 'last words' }];
    record.emo_point = 50;
    record.emo_state = 'Emotion-B';
    const trajectory = sageRecordToTrajectory(record);
    expect(trajectory.turns.map((turn) => turn.scored)).toEqual([true, false]);
    expect(trajectory.stopReason).toBe('max_turns');
    expect(trajectory.simulatorHistory).toHaveLength(3);
  });
});

describe('trajectoryToSageRecord', () => {
  it('should round-trip a reference record exactly, keys in reference order', () => {
    const record = syntheticRecord();
    for (const variant of [
      record,
      { ...record, history: [...record.history, { role: 'assistant' as const, content: 'unjudged' }] },
    ]) {
      const back = trajectoryToSageRecord(sageRecordToTrajectory(variant), sageRecordToProfile(variant));
      expect(Object.keys(back)).toEqual(SAGE_KEYS);
      expect(back).toEqual(variant);
    }
  });

  it('should export a run trajectory and import it back with the same turns', async () => {
    const profile = createTestProfile({ topic: 'work-partner left' });
    const simulator = createScriptedUserSimulator({
      turns: [
        { message: 'maybe', delta: 10, innerThoughts: 'warming up' },
        { message: 'thanks, bye', delta: 10, ended: 'goodbye' },
      ],
    });
    const policy = createScriptedPolicy({ outputs: (_, turn) => `<think>plan ${turn}</think>reply ${turn}` });
    const trajectory = await runEpisode({ profile, seed: 1, simulator, policy });
    const record = trajectoryToSageRecord(trajectory, profile);
    expect(Object.keys(record)).toEqual(SAGE_KEYS);
    expect(record).toMatchObject({
      id: profile.id,
      emo_point: 60,
      emo_state: 'Emotion-B',
      character: 'passive',
      topic: 'work-partner left',
    });
    expect(record.history.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    expect(record.history[1]).toEqual({ role: 'assistant', content: 'reply 0', think: 'plan 0' });
    const back = sageRecordToTrajectory(sageResultRecordSchema.parse(record));
    const view = (t: typeof trajectory) =>
      t.turns.map((turn) => [
        turn.reply,
        turn.think,
        turn.userMessage,
        turn.emotion,
        turn.delta,
        turn.scored,
        turn.innerThoughts,
      ]);
    expect(view(back)).toEqual(view(trajectory));
    expect(back.stopReason).toBe(trajectory.stopReason);
    expect(back.finalEmotion).toBe(trajectory.finalEmotion);
  });

  it('should include the unscored final reply and keep emo_point = last emotion-point', async () => {
    const profile = createTestProfile();
    const simulator = createScriptedUserSimulator({ turns: [{ message: 'hm', delta: 5 }] });
    const trajectory = await runEpisode({
      profile,
      seed: 1,
      simulator,
      policy: createScriptedPolicy({ outputs: ['ok'] }),
    });
    const record = trajectoryToSageRecord(trajectory, profile, { extras: true });
    expect(record.history).toHaveLength(1 + 9 * 2 + 1);
    expect(record.history.at(-1)?.role).toBe('assistant');
    expect(record.emo_point).toBe(85);
    expect(sageResultRecordSchema.safeParse(record).success).toBe(true);
    expect(Object.keys(record).slice(SAGE_KEYS.length)).toEqual([
      'schemaVersion',
      'episodeId',
      'stopReason',
      'policyId',
      'simulatorId',
      'preset',
    ]);
  });
});

describe('readSageResultFile', () => {
  it('should write and read a result file and name the line of a bad record', () => {
    const directory = mkdtempSync(join(tmpdir(), 'rlver-sage-'));
    const file = join(directory, 'result.jsonl');
    appendSageRecord(file, syntheticRecord());
    appendSageRecord(file, { ...syntheticRecord(), id: 'synthetic-0002' });
    expect(readSageResultFile(file).records.map((record) => record.id)).toEqual(['synthetic-0001', 'synthetic-0002']);
    const bad = join(directory, 'bad.jsonl');
    writeFileSync(
      bad,
      `${JSON.stringify(syntheticRecord())}\n${JSON.stringify({ ...syntheticRecord(), emo_point: 1 })}\n`,
    );
    expect(() => readSageResultFile(bad)).toThrow(/bad\.jsonl, line 2: field "emo_point"/);
  });
});
