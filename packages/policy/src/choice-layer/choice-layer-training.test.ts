import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Trajectory, TrajectoryTurn } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { ChoiceLayer } from './choice-layer';
import type { ChoiceList } from './choice-layer-policy';
import { ChoiceStateLog, createChoiceLayerAlgorithm, dialogueKey, turnStateKeys } from './choice-layer-training';

const REPLIES = ['That sounds hard.', 'You did well.', 'Tell me more.'];

/** A state with three candidates, one feature each (index = candidate), as the lister records it. */
function listAt(messages: ChoiceList['messages']): ChoiceList {
  return {
    messages,
    candidates: REPLIES.map((reply, i) => ({ reply, strategy: `s${i}`, template: `t${i}` })),
    outputs: REPLIES.map((text) => ({
      text,
      finishReason: 'stop',
      promptTokenCount: 1,
      outputTokenCount: 1,
      latencyMs: 0,
    })),
    row: { lmLogProbs: [0, 0, 0], features: [[0], [1], [2]] },
  };
}

function turn(reply: string, delta: number, userMessage: string | null, alternatives?: TrajectoryTurn[]) {
  return { reply, delta, userMessage, scored: true, ...(alternatives ? { alternatives } : {}) } as TrajectoryTurn;
}

function dialogue(stopReason: Trajectory['stopReason'], turns: TrajectoryTurn[]): Trajectory {
  return {
    opening: { message: 'I failed my exam.', emotion: 30 },
    turns,
    stopReason,
    lang: 'en',
    reward: 0.3,
  } as Trajectory;
}

describe('the choice layer as the run algorithm', () => {
  it('should key each turn of a finished dialogue as the policy saw the state', () => {
    const t = dialogue('max_turns', [turn('You did well.', 5, ' Thanks. '), turn('Tell me more.', 0, 'ok')]);
    expect(turnStateKeys(t)).toEqual([
      dialogueKey([{ role: 'user', content: 'I failed my exam.' }]),
      dialogueKey([
        { role: 'system', content: 'be kind' },
        { role: 'user', content: 'I failed my exam.' },
        { role: 'assistant', content: 'You did well.' },
        { role: 'user', content: 'Thanks.' },
      ]),
    ]);
  });

  it('should raise the judged-best candidate from the turn groups, skip failed dialogues, and restore its Adam state', async () => {
    const layer = new ChoiceLayer(8);
    const log = new ChoiceStateLog();
    log.record(listAt([{ role: 'user', content: 'I failed my exam.' }]));
    const algorithm = createChoiceLayerAlgorithm({
      layer,
      log,
      objective: 'grpo',
      learningRate: 0.1,
      clip: 0.2,
      epochs: 4,
    });
    const group = turn('That sounds hard.', -5, 'hm', [
      turn('You did well.', 10, null),
      turn('Tell me more.', -5, null),
    ]);
    const failed = dialogue('error', [turn('You did well.', -10, null, [turn('Tell me more.', 10, null)])]);
    const result = await algorithm.doUpdate({ trajectories: [dialogue('max_turns', [group]), failed], step: 0 });
    expect(result.skipped).toBe(false);
    // The failed dialogue's turn is neither a state nor a group.
    expect(result.metrics['choice/states']).toBe(1);
    expect(result.metrics['choice/groups']).toBe(1);
    expect(result.metrics['choice/unmatched_states']).toBe(0);
    const probs = layer.probs(listAt([]).row);
    expect(probs[1]).toBeGreaterThan(probs[0] as number);
    expect(probs[1]).toBeGreaterThan(probs[2] as number);
    expect(log.size).toBe(0);

    // The saved Adam state continues the same way as the original.
    const directory = mkdtempSync(join(tmpdir(), 'choice-algo-'));
    await algorithm.saveState(directory);
    const copy = ChoiceLayer.fromJSON(layer.toJSON());
    const copyAlgorithm = createChoiceLayerAlgorithm({
      layer: copy,
      log: new ChoiceStateLog(),
      objective: 'grpo',
      learningRate: 0.1,
      clip: 0.2,
      epochs: 4,
    });
    await copyAlgorithm.loadState(directory);
    expect(copy.optimizerState()).toEqual(layer.optimizerState());
    // A state no list was recorded for counts as unmatched and trains nothing.
    const unmatched = await copyAlgorithm.doUpdate({ trajectories: [dialogue('max_turns', [group])], step: 1 });
    expect(unmatched.skipped).toBe(true);
    expect(unmatched.metrics['choice/unmatched_states']).toBe(1);
  });
});
