import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ChatMessage, splitThinkReply, type Trajectory, type TrajectoryTurn } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { choiceState } from './choice-features';
import { ChoiceLayer } from './choice-layer';
import type { ChoiceList } from './choice-layer-policy';
import {
  type ChoiceLayerAlgorithmOptions,
  ChoiceStateLog,
  choiceStateKey,
  createChoiceLayerAlgorithm,
  turnStateKeys,
} from './choice-layer-training';

const REPLIES = ['That sounds hard.', 'You did well.', 'Tell me more.'];

/** A state with three candidates, one feature each (index = candidate), as the lister records it. */
function listAt(messages: ChoiceList['messages'], replies: readonly string[] = REPLIES): ChoiceList {
  return {
    messages,
    state: choiceState(messages, () => undefined),
    candidates: replies.map((reply, i) => ({ reply, strategy: `s${i}`, template: `t${i}` })),
    outputs: replies.map((text) => ({
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

/** The layer's algorithm as the tests train it: GRPO, Adam at 0.1, clip 0.2, four epochs, unless `options` says otherwise. */
function layerAlgorithm(
  layer: ChoiceLayer,
  log: ChoiceStateLog,
  options: Partial<Omit<ChoiceLayerAlgorithmOptions, 'layer' | 'log'>> = {},
) {
  return createChoiceLayerAlgorithm({
    layer,
    log,
    objective: 'grpo',
    learningRate: 0.1,
    clip: 0.2,
    epochs: 4,
    ...options,
  });
}

describe('the choice layer as the run algorithm', () => {
  it('should key each turn of a finished dialogue as the policy saw the state', () => {
    const t = dialogue('max_turns', [turn('You did well.', 5, ' Thanks. '), turn('Tell me more.', 0, 'ok')]);
    expect(turnStateKeys(t)).toEqual([
      choiceStateKey([{ role: 'user', content: 'I failed my exam.' }]),
      choiceStateKey([
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
    const algorithm = layerAlgorithm(layer, log);
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
    const copyAlgorithm = layerAlgorithm(copy, new ChoiceStateLog());
    await copyAlgorithm.loadState(directory);
    expect(copy.optimizerState()).toEqual(layer.optimizerState());
    // A state no list was recorded for counts as unmatched and trains nothing.
    const unmatched = await copyAlgorithm.doUpdate({ trajectories: [dialogue('max_turns', [group])], step: 1 });
    expect(unmatched.skipped).toBe(true);
    expect(unmatched.metrics['choice/unmatched_states']).toBe(1);
  });

  it("should fit PPO's linear critic to the states' values, rank the best reply first in each, and resume it", async () => {
    // Two kinds of state: after a good-news opening every reply lifts the user (+8..+12), after a loss every reply
    // sinks them (−12..−8); within each the second candidate is the best by 2 points. A per-(language, turn)
    // baseline sees one mean of 0; the critic learns ±10 from the opening's words.
    const openings = ['I passed my exam today.', 'I lost my dog today.'];
    const shift = [10, -10];
    const make = (ppoBaseline: 'language-turn' | 'linear-critic', layer: ChoiceLayer, log: ChoiceStateLog) =>
      layerAlgorithm(layer, log, { objective: 'ppo', learningRate: 0.05, ppoBaseline });
    const batch = () =>
      openings.map((opening, k) => {
        const d = dialogue('max_turns', [
          turn('That sounds hard.', (shift[k] as number) - 2, 'hm', [
            turn('You did well.', (shift[k] as number) + 2, null),
            turn('Tell me more.', shift[k] as number, null),
          ]),
        ]);
        return { ...d, opening: { message: opening, emotion: 30 } } as Trajectory;
      });
    const layer = new ChoiceLayer(8);
    const log = new ChoiceStateLog();
    const algorithm = make('linear-critic', layer, log);
    const explained: number[] = [];
    for (let step = 0; step < 30; step += 1) {
      for (const opening of openings) log.record(listAt([{ role: 'user', content: opening }]));
      const result = await algorithm.doUpdate({ trajectories: batch(), step });
      explained.push(result.metrics['choice/critic_explained_variance'] as number);
    }
    // V = 0 at first explains nothing; after 30 steps the critic explains most of the reward's variance.
    expect(explained[0]).toBeCloseTo(0, 9);
    expect(explained.at(-1)).toBeGreaterThan(0.8);
    for (const opening of openings) {
      const probs = layer.probs(listAt([{ role: 'user', content: opening }]).row);
      expect(probs.indexOf(Math.max(...probs))).toBe(1);
    }
    // The critic travels with the algorithm's state: a resumed copy takes the same next step.
    const directory = mkdtempSync(join(tmpdir(), 'choice-critic-'));
    await algorithm.saveState(directory);
    const copy = ChoiceLayer.fromJSON(layer.toJSON());
    const copyLog = new ChoiceStateLog();
    const resumed = make('linear-critic', copy, copyLog);
    await resumed.loadState(directory);
    for (const opening of openings) {
      log.record(listAt([{ role: 'user', content: opening }]));
      copyLog.record(listAt([{ role: 'user', content: opening }]));
    }
    const next = await algorithm.doUpdate({ trajectories: batch(), step: 30 });
    const nextResumed = await resumed.doUpdate({ trajectories: batch(), step: 30 });
    expect(nextResumed.metrics['choice/critic_explained_variance']).toBe(
      next.metrics['choice/critic_explained_variance'],
    );
    expect(copy.toJSON()).toEqual(layer.toJSON());
    // The running (language, turn) baseline reports no critic.
    const plainLog = new ChoiceStateLog();
    plainLog.record(listAt([{ role: 'user', content: openings[0] as string }]));
    plainLog.record(listAt([{ role: 'user', content: openings[1] as string }]));
    const plain = await make('language-turn', new ChoiceLayer(8), plainLog).doUpdate({
      trajectories: batch(),
      step: 0,
    });
    expect(plain.metrics['choice/critic_explained_variance']).toBeUndefined();
  });

  it('should measure a PPO member against the other members of its group under the group-mean baseline', async () => {
    // Two states with their own features; two of three candidates judged in each. After good news both judged replies
    // lift the user (+9, +11), after a loss both sink them (−11, −9). Against a baseline of 0 both judged replies of
    // the good state look good and rise above the unjudged one; against the other member's reward the worse one falls.
    const stateList = (opening: string, offset: number): ChoiceList => ({
      ...listAt([{ role: 'user', content: opening }]),
      row: { lmLogProbs: [0, 0, 0], features: [[offset], [offset + 1], [offset + 2]] },
    });
    const run = async (ppoBaseline: 'language-turn' | 'group-mean') => {
      const layer = new ChoiceLayer(8);
      const log = new ChoiceStateLog();
      log.record(stateList('I passed my exam.', 0));
      log.record(stateList('I lost my dog.', 3));
      const algorithm = layerAlgorithm(layer, log, { objective: 'ppo', ppoBaseline });
      const at = (opening: string, worse: number, better: number) =>
        ({
          ...dialogue('max_turns', [turn('That sounds hard.', worse, 'hm', [turn('Tell me more.', better, null)])]),
          opening: { message: opening, emotion: 30 },
        }) as Trajectory;
      await algorithm.doUpdate({
        trajectories: [at('I passed my exam.', 9, 11), at('I lost my dog.', -11, -9)],
        step: 0,
      });
      return layer.probs(stateList('I passed my exam.', 0).row);
    };
    const plain = await run('language-turn');
    expect(plain[0]).toBeGreaterThan(plain[1] as number);
    const grouped = await run('group-mean');
    expect(grouped[0]).toBeLessThan(grouped[1] as number);
    expect(grouped[2]).toBeGreaterThan(grouped[1] as number);
  });
});

describe('turn groups of the choice layer, matched on the raw output', () => {
  it('should keep members whose visible reply the env cut (a think block, or text before a final 你：)', async () => {
    const opening = '我考试没考好。';
    const outputs = [
      '<think>\n先接住感受。\n</think>\n听起来你很难受。',
      '先夸夸你：你一直在坚持。',
      '慢慢说，我在听。',
    ];
    const log = new ChoiceStateLog();
    const messages: ChatMessage[] = [{ role: 'user', content: opening }];
    log.record(listAt(messages, outputs));
    const member = (rawOutput: string, delta: number) =>
      ({
        rawOutput,
        reply: splitThinkReply(rawOutput).reply,
        delta,
        scored: true,
        userMessage: 'ok',
      }) as TrajectoryTurn;
    const first = member(outputs[0] as string, 0);
    const turn = { ...first, alternatives: [member(outputs[1] as string, 10), member(outputs[2] as string, -10)] };
    // The visible replies differ from the raw outputs for two of the three members.
    expect(turn.reply).not.toBe(outputs[0]);
    expect(turn.alternatives[0]?.reply).toBe('你一直在坚持。');
    const layer = new ChoiceLayer(8);
    const algorithm = layerAlgorithm(layer, log, { epochs: 1 });
    const trajectory = {
      opening: { message: opening, emotion: 30 },
      turns: [turn],
      stopReason: 'max_turns',
      lang: 'zh',
      reward: 0.3,
    } as unknown as Trajectory;
    const result = await algorithm.doUpdate({ trajectories: [trajectory] } as never);
    expect(result.metrics['choice/groups']).toBe(1);
    // All three members were used: the rewarded cut one (index 1) rises, the punished one (index 2) falls.
    expect(layer.weights[1]).toBeGreaterThan(0);
    expect(layer.weights[2]).toBeLessThan(0);
  });
});
