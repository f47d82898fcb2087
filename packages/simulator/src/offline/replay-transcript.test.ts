import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  EmotionSettings,
  SimulatorState,
  SimulatorTurnResult,
  UserSimulatorRespondOptions,
  UserSimulatorStartOptions,
  UserSimulatorV1,
} from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { EMOTION_PRESETS } from '../emotion/emotion-presets';
import { createOfflineSimulator } from './offline-simulator';
import {
  applySageDeltas,
  recordedChange,
  replayTranscriptFile,
  replayTranscriptRecord,
  type TranscriptRecord,
} from './replay-transcript';
import { zhProfile } from './test/synthetic-profiles';

/** A synthetic SAGE result line: opener, three judged replies and an unjudged last one. */
function transcript(id: string, changes: number[]): TranscriptRecord {
  const profile = zhProfile('e2');
  const history: TranscriptRecord['history'] = [
    { role: 'user', content: '别墅项目之后我跟立伟就没说过话。', 'emotion-point': 40 },
  ];
  let emotion = 40;
  changes.forEach((change, index) => {
    emotion = Math.min(100, emotion + change);
    history.push({ role: 'assistant', content: `第${index + 1}条回复：立伟改了你的别墅方案，你一定很委屈吧？` });
    history.push({
      role: 'user',
      content: `嗯，第${index + 1}次回应。`,
      'emotion-point': emotion,
      planning: { change: index === 1 ? `${change}` : change },
    });
  });
  history.push({ role: 'assistant', content: '最后一条回复，没有被评分。' });
  return {
    id,
    emo_point: emotion,
    emo_state: 'Emotion-B',
    target: 'eq',
    player: profile.player,
    scene: profile.scene,
    character: profile.main_cha,
    topic: '',
    task: profile.task,
    history,
  };
}

/** Scripted simulator: returns fixed deltas and records the emotion it was asked to judge in. */
function scriptedSimulator(deltas: number[]): UserSimulatorV1 & { seenEmotions: number[] } {
  const seenEmotions: number[] = [];
  const settings: EmotionSettings = EMOTION_PRESETS.sage;
  const state = (profile: SimulatorState['profile']): SimulatorState => ({
    profile,
    lang: 'zh',
    emotion: 40,
    band: 'B',
    history: [],
    turn: 0,
    seed: 0,
    extra: {},
  });
  const turn = (next: SimulatorState, delta: number): SimulatorTurnResult => ({
    state: next,
    message: 'ok',
    emotion: next.emotion,
    delta,
    band: next.band,
    innerThoughts: '',
    ended: undefined,
    calls: 0,
    latencyMs: 0,
    warnings: [],
  });
  return {
    specificationVersion: 'v1',
    simulatorId: 'scripted',
    settings,
    seenEmotions,
    async doStart(options: UserSimulatorStartOptions) {
      return turn(state(options.profile), 0);
    },
    async doRespond(options: UserSimulatorRespondOptions) {
      seenEmotions.push(options.state.emotion);
      const delta = deltas[options.state.turn] ?? 0;
      const next = {
        ...options.state,
        emotion: options.state.emotion + delta,
        turn: options.state.turn + 1,
        history: [...options.state.history, { role: 'assistant' as const, content: options.reply }],
      };
      return turn(next, delta);
    },
  };
}

describe('recordedChange', () => {
  it('should read numbers and numeric text, and skip messages without a change', () => {
    expect(recordedChange({ role: 'user', content: '', planning: { change: -5 } })).toBe(-5);
    expect(recordedChange({ role: 'user', content: '', planning: { change: '+10' } })).toBe(10);
    expect(recordedChange({ role: 'user', content: '' })).toBeUndefined();
    expect(recordedChange(undefined)).toBeUndefined();
  });
});

describe('applySageDeltas', () => {
  it('should start at 40, clamp ±10, cap at 100 and stop at ≥ 100 or < 10', () => {
    expect(applySageDeltas([5, 5, -10])).toBe(40);
    expect(applySageDeltas([25])).toBe(50);
    expect(applySageDeltas([10, 10, 10, 10, 10, 10, -10])).toBe(100);
    expect(applySageDeltas([-10, -10, -10, -5, 10])).toBe(5);
    expect(applySageDeltas([])).toBe(40);
  });
});

describe('replayTranscriptRecord', () => {
  it('should pair each judged reply with the next recorded change and skip the unjudged last reply', async () => {
    const simulator = scriptedSimulator([5, -5, 10]);
    const result = await replayTranscriptRecord(transcript('t1', [10, -5, 5]), simulator);
    expect(result.turns).toEqual([
      { profileId: 't1', turn: 1, predicted: 5, recorded: 10 },
      { profileId: 't1', turn: 2, predicted: -5, recorded: -5 },
      { profileId: 't1', turn: 3, predicted: 10, recorded: 5 },
    ]);
    expect(result.replayFinal).toBe(50);
    expect(result.recordedFinal).toBe(50);
  });

  it('should judge in the recorded emotion by default and in its own replayed emotion when asked', async () => {
    const recorded = scriptedSimulator([5, 5, 5]);
    await replayTranscriptRecord(transcript('t2', [-10, -10, 10]), recorded);
    expect(recorded.seenEmotions).toEqual([40, 30, 20]);
    const replayed = scriptedSimulator([5, 5, 5]);
    await replayTranscriptRecord(transcript('t2', [-10, -10, 10]), replayed, { emotionSource: 'replayed' });
    expect(replayed.seenEmotions).toEqual([40, 45, 50]);
  });

  it('should show each judged turn to onTurn: the reply, the state it was judged in and both changes', async () => {
    const seen: {
      turn: number;
      reply: string;
      emotion: number;
      history: number;
      predicted: number;
      recorded: number;
    }[] = [];
    await replayTranscriptRecord(transcript('t4', [-10, 5, 5]), scriptedSimulator([5, -5, 20]), {
      onTurn: ({ turn, reply, state, predicted, recorded, outcome }) => {
        seen.push({ turn, reply, emotion: state.emotion, history: state.history.length, predicted, recorded });
        expect(outcome.delta).toBe([5, -5, 20][turn - 1]);
      },
    });
    expect(seen).toEqual([
      { turn: 1, reply: expect.stringContaining('第1条回复'), emotion: 40, history: 1, predicted: 5, recorded: -10 },
      { turn: 2, reply: expect.stringContaining('第2条回复'), emotion: 30, history: 3, predicted: -5, recorded: 5 },
      { turn: 3, reply: expect.stringContaining('第3条回复'), emotion: 35, history: 5, predicted: 10, recorded: 5 },
    ]);
  });

  it('should run the offline agent over a recorded dialogue with its recorded history', async () => {
    const simulator = createOfflineSimulator({ preset: 'sage' });
    const result = await replayTranscriptRecord(transcript('t3', [5, 5, 5]), simulator, { seed: 3 });
    expect(result.turns).toHaveLength(3);
    for (const turn of result.turns) expect([-10, -5, 5, 10]).toContain(turn.predicted);
    expect(result.replayFinal).toBe(applySageDeltas(result.turns.map((turn) => turn.predicted)));
  });
});

describe('replayTranscriptFile', () => {
  it('should average the replay and recorded finals over a file and name bad lines', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'replay-'));
    const file = join(folder, 'result.jsonl');
    writeFileSync(
      file,
      `${JSON.stringify(transcript('a', [10, 10, 10]))}\n${JSON.stringify(transcript('b', [-10, -10, -10]))}\n`,
    );
    const result = await replayTranscriptFile(file, scriptedSimulator([10, 10, 10]));
    expect(result.dialogues.map((dialogue) => dialogue.replayFinal)).toEqual([70, 70]);
    expect(result.replayScore).toBe(70);
    expect(result.recordedScore).toBe(40);
    const bad = join(folder, 'bad.jsonl');
    writeFileSync(bad, `${JSON.stringify({ id: 'x', emo_point: 1 })}\n`);
    await expect(replayTranscriptFile(bad, scriptedSimulator([]))).rejects.toThrow(
      /bad\.jsonl, line 1: .*field "player"/,
    );
  });
});
