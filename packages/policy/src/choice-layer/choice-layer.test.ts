import { describe, expect, it } from 'vitest';
import { choiceFeatures, choiceState, dialogueWords, hashFeature, replyOpening } from './choice-features';
import { ChoiceLayer, type ChoiceRow, type SparseGradient } from './choice-layer';
import { groupAdvantages, grpoStep, ppoStep } from './choice-objectives';

const DIM = 64;

/** A row of three candidates over a small feature space: candidate i has features [i, 10 + i, 20]. */
function row(lm = [-3, -1, -2]): ChoiceRow {
  return { lmLogProbs: lm, features: lm.map((_, i) => [i, 10 + i, 20]) };
}

const logSoftmax = (xs: number[]) => {
  const max = Math.max(...xs);
  const z = max + Math.log(xs.reduce((s, x) => s + Math.exp(x - max), 0));
  return xs.map((x) => x - z);
};

describe('ChoiceLayer', () => {
  it('should be the language model renormalised over the candidates while w = 0', () => {
    const layer = new ChoiceLayer(DIM);
    const expected = logSoftmax([-3, -1, -2]);
    layer.logProbs(row()).forEach((lp, i) => {
      expect(lp).toBeCloseTo(expected[i] as number, 12);
    });
  });

  it('should add w · φ to the language model log-prob before the softmax', () => {
    const layer = new ChoiceLayer(DIM);
    layer.weights[10] = 0.5;
    layer.weights[20] = 7; // shared by every candidate: cancels in the softmax
    layer.weights[12] = -1;
    const expected = logSoftmax([-3 + 0.5, -1, -2 - 1]);
    layer.logProbs(row()).forEach((lp, i) => {
      expect(lp).toBeCloseTo(expected[i] as number, 12);
    });
  });

  it('should give the exact gradient of log π(chosen) (finite differences)', () => {
    const layer = new ChoiceLayer(DIM);
    layer.weights[0] = 0.3;
    layer.weights[11] = -0.7;
    const r = row();
    const gradient: SparseGradient = new Map();
    layer.accumulateLogProbGradient(r, 2, 1, gradient);
    for (const index of [0, 1, 2, 10, 11, 12, 20]) {
      const h = 1e-6;
      const saved = layer.weights[index] as number;
      layer.weights[index] = saved + h;
      const up = layer.logProbs(r)[2] as number;
      layer.weights[index] = saved - h;
      const down = layer.logProbs(r)[2] as number;
      layer.weights[index] = saved;
      expect(gradient.get(index) ?? 0).toBeCloseTo((up - down) / (2 * h), 6);
    }
  });

  it('should refuse a row whose feature lists do not match its candidates, saying what is wrong', () => {
    const layer = new ChoiceLayer(DIM);
    expect(() => layer.logProbs({ lmLogProbs: [0, 0], features: [[1]] })).toThrow(/one feature list per candidate/);
    expect(() => layer.logProbs({ lmLogProbs: [], features: [] })).toThrow(/at least one candidate/);
  });

  it('should give the same policy after a JSON round trip (resume) and refuse an index outside the space', () => {
    const layer = new ChoiceLayer(DIM);
    const groups = [{ row: row(), chosen: [0, 1, 2], rewards: [1, 0, -1] }];
    for (let i = 0; i < 5; i += 1) grpoStep(layer, groups, 0.1);
    const restored = ChoiceLayer.fromJSON(JSON.parse(JSON.stringify(layer.toJSON())));
    expect(restored.logProbs(row())).toEqual(layer.logProbs(row()));
    expect(() => ChoiceLayer.fromJSON({ version: 1, dim: 4, weights: [[9, 1]] })).toThrow(/outside 0..3/);
  });
});

describe('choice objectives', () => {
  it('should normalise a group to mean 0 and sd 1, and give 0 when the rewards are equal', () => {
    const a = groupAdvantages([5, -5, 5, -5]);
    expect(a).toEqual([1, -1, 1, -1]);
    expect(groupAdvantages([3, 3, 3])).toEqual([0, 0, 0]);
  });

  it('GRPO should raise the probability of the candidate that the planted reward favours, and only that one', () => {
    const layer = new ChoiceLayer(DIM);
    const r = row();
    const start = layer.probs(r);
    // Candidate 0 (the language model's least likely) is the one that gains.
    for (let step = 0; step < 30; step += 1) {
      const probs = layer.probs(r);
      const chosen = [0, 1, 2, 0, 1, 2];
      grpoStep(layer, [{ row: r, chosen, rewards: chosen.map((c) => (c === 0 ? 5 : -5)) }], 0.05);
      expect(layer.probs(r)[0]).toBeGreaterThan(probs[0] as number);
    }
    expect(layer.probs(r)[0]).toBeGreaterThan(0.9);
    expect(start[0]).toBeLessThan(0.1);
  });

  it('PPO should move towards the better candidate and stop pushing once the ratio leaves the clip range', () => {
    const ratioAfter = (clip: number) => {
      const layer = new ChoiceLayer(DIM);
      const r = row([0, 0, 0]);
      const old = layer.logProbs(r);
      const group = { row: r, chosen: [0, 1], rewards: [1, -1], oldLogProbs: [old[0] as number, old[1] as number] };
      const clippedShare = ppoStep(layer, [group], { learningRate: 0.02, epochs: 60, clip, baselines: [[0, 0]] });
      return { ratio: Math.exp((layer.logProbs(r)[0] as number) - (old[0] as number)), clippedShare };
    };
    const clipped = ratioAfter(0.2);
    const free = ratioAfter(1e9);
    expect(clipped.ratio).toBeGreaterThan(1.15);
    // Lazy Adam may take one step past the edge; then the clipped samples give no gradient.
    expect(clipped.ratio).toBeLessThan(1.3);
    expect(clipped.clippedShare).toBeGreaterThan(0.5);
    expect(free.ratio).toBeGreaterThan(2);
    expect(free.clippedShare).toBe(0);
    const layer = new ChoiceLayer(DIM);
    expect(() =>
      ppoStep(layer, [{ row: row(), chosen: [0], rewards: [1] }], { learningRate: 0.1, baselines: [[0]] }),
    ).toThrow(/log π_old/);
  });
});

describe('choice features', () => {
  it('should cross the strategy with the words of the last user message and of the opening', () => {
    const messages = [
      { role: 'user' as const, content: 'My coach benched me before the final.' },
      { role: 'assistant' as const, content: 'That sounds unfair.' },
      { role: 'user' as const, content: 'He never explained why.' },
    ];
    const state = choiceState(messages, (reply) => (reply === 'That sounds unfair.' ? 'validation' : undefined));
    expect(state).toMatchObject({ lang: 'en', turn: 2, saidStrategies: ['validation'] });
    const features = choiceFeatures(state, { reply: 'Tell me more.', strategy: 'question', template: 'grounded:1' });
    expect(features).toContain(hashFeature('s:question|w:explained'));
    expect(features).toContain(hashFeature('s:question|open:coach'));
    expect(features).toContain(hashFeature('s:question|prev:validation'));
    expect(features).not.toContain(hashFeature('s:praise|w:explained'));
    expect(dialogueWords('室友拿走书', 'zh')).toEqual(['室友', '友拿', '拿走', '走书']);
  });

  it('should mark a candidate that repeats an earlier reply: its template, its opening words, its word overlap', () => {
    const messages = [
      { role: 'user' as const, content: '室友把我的书拿走了，一直不还。' },
      { role: 'assistant' as const, content: '难怪你会难受，书的事一直放在心上。' },
      { role: 'user' as const, content: '是啊，我问了两次他都装没听见。' },
    ];
    const state = choiceState(
      messages,
      () => 'validation',
      () => 'grounded:2',
    );
    expect(state.saidTemplates).toEqual(['validation#grounded:2']);
    const again = choiceFeatures(state, {
      reply: '难怪你会难受，问了两次的事一直放在心上。',
      strategy: 'validation',
      template: 'grounded:2',
    });
    expect(again).toContain(hashFeature('templateSaid:1'));
    expect(again).toContain(hashFeature('openingSaid:true|zh'));
    // The same template index under another strategy is another template; a fresh reply shares few bigrams.
    const fresh = choiceFeatures(state, {
      reply: '你愿意多说说他平时是怎样的人吗？',
      strategy: 'question',
      template: 'grounded:2',
    });
    expect(fresh).toContain(hashFeature('templateSaid:0'));
    expect(fresh).toContain(hashFeature('openingSaid:false|zh'));
    expect(fresh).toContain(hashFeature('overlap:0|zh'));
    expect(again).not.toContain(hashFeature('overlap:0|zh'));
    expect(replyOpening('No wonder you feel hurt.', 'en')).toBe('no wonder you');
  });
});
