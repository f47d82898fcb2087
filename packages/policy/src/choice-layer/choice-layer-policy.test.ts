import { fileURLToPath } from 'node:url';
import { useTestBackend } from '@rlver/model/test';
import type { ChatMessage } from '@rlver/spec';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCheckpointPolicy } from '../checkpoint-policy';
import { hashFeature } from './choice-features';
import { ChoiceLayer } from './choice-layer';
import { ChoiceLister, createChoiceLayerPolicy } from './choice-layer-policy';

// The choice layer on the shipped grounded checkpoint (phrasebook rule on in its generation_config).
await useTestBackend();
const directory = fileURLToPath(new URL('../../assets/embedded-grounded/', import.meta.url));
const sampling = { temperature: 0.7, maxNewTokens: 64 };
const base = await loadCheckpointPolicy(directory, { policyId: 'embedded-grounded', maxContextTokens: 320, sampling });

afterAll(() => {
  base.model.dispose();
});

// A later turn, in our own words.
const messages: ChatMessage[] = [
  { role: 'system', content: 'You are a warm friend.' },
  { role: 'user', content: 'My coach Martin benched me for the final match after one bad practice.' },
  { role: 'assistant', content: 'That sounds really unfair. How are you holding up?' },
  { role: 'user', content: 'Not great. I trained all season for that match and he did not even explain it.' },
];

describe('ChoiceLister and the choice-layer policy on the grounded checkpoint', () => {
  it("should list the rule's candidates with the model's exact log-probs and the phrasebook's strategies", async () => {
    const lister = new ChoiceLister(base, sampling, 'lm');
    const list = await lister.list({ messages, seed: 0 });
    const rules = base.model.logitsRules;
    const allowed = new Set(rules?.phrasebookReplies(base.encodeChat(messages, 64)) ?? []);
    expect(list.candidates.length).toBeGreaterThan(20);
    for (const [i, candidate] of list.candidates.entries()) {
      expect(allowed.has(candidate.reply)).toBe(true);
      const tokens = list.outputs[i]?.tokens;
      const sum = (tokens?.logProbs ?? []).reduce((s, x) => s + x, 0);
      expect(list.row.lmLogProbs[i]).toBeCloseTo(sum, 9);
      expect(Number.isFinite(sum)).toBe(true);
    }
    const known = list.candidates.filter((c) => c.strategy !== 'unknown').length;
    expect(known).toBe(list.candidates.length);
    // The uniform prior lists the rule's replies without running the model: every one the model path lists, plus any
    // the decoding rules would mask in the tokenizer's own tokenisation (the model path drops those, −∞).
    const uniform = await new ChoiceLister(base, sampling, 'uniform').list({ messages, seed: 0 });
    const uniformReplies = new Set(uniform.candidates.map((c) => c.reply));
    for (const candidate of list.candidates) expect(uniformReplies.has(candidate.reply)).toBe(true);
    const extra = [...uniformReplies].filter((reply) => !list.candidates.some((c) => c.reply === reply));
    expect(extra.length).toBeLessThanOrEqual(3);
    expect(uniform.row.lmLogProbs.every((x) => x === 0)).toBe(true);
  });

  it('should say the candidate whose strategy the layer favours (greedy), and only candidates', async () => {
    const lister = new ChoiceLister(base, sampling, 'uniform');
    const list = await lister.list({ messages, seed: 0 });
    const strategies = [...new Set(list.candidates.map((c) => c.strategy))];
    expect(strategies.length).toBeGreaterThan(3);
    for (const strategy of strategies.slice(0, 3)) {
      const layer = new ChoiceLayer();
      layer.weights[hashFeature(`s:${strategy}`)] = 10;
      const policy = createChoiceLayerPolicy({ base, layer, lister, mode: 'greedy' });
      const [reply] = await policy.doAct({ requests: [{ messages, seed: 1 }] });
      const said = list.candidates.find((c) => c.reply === reply?.text);
      expect(said?.strategy).toBe(strategy);
    }
    const sampled = createChoiceLayerPolicy({ base, layer: new ChoiceLayer(), lister, mode: 'sample' });
    const replies = await sampled.doAct({
      requests: Array.from({ length: 6 }, (_, seed) => ({ messages, seed })),
    });
    for (const reply of replies) expect(list.candidates.some((c) => c.reply === reply.text)).toBe(true);
    expect(new Set(replies.map((r) => r.text)).size).toBeGreaterThan(1);
  });

  it('should refuse a policy without the phrasebook rule, saying how to turn it on', async () => {
    const plain = await loadCheckpointPolicy(directory, {
      maxContextTokens: 320,
      sampling,
      decodingRuleOverrides: { phrasebook: false },
    });
    try {
      expect(() => new ChoiceLister(plain, sampling)).toThrow(/phrasebook/);
    } finally {
      plain.model.dispose();
    }
  });
});
