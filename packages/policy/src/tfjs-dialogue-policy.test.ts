import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  createPolicyTokenizer,
  createTransformerModel,
  scoreSequencesMinibatched,
  type TransformerModel,
} from '@rlver/model';
import { TINY_MODEL_CONFIG, tinyTokenizerConfig, tinyTokenizerJson, useTestBackend } from '@rlver/model/test';
import type { ChatMessage } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEmbeddedPolicy, embeddedModelDirectory } from './checkpoint-policy';
import { createTfjsDialoguePolicy } from './tfjs-dialogue-policy';

let model: TransformerModel;
const tokenizer = createPolicyTokenizer({ tokenizerJson: tinyTokenizerJson(), tokenizerConfig: tinyTokenizerConfig() });

beforeAll(async () => {
  await useTestBackend();
  model = createTransformerModel({ config: TINY_MODEL_CONFIG, seed: 12, initStd: 0.2 });
});
afterAll(() => model.dispose());

const dialogue = (turns: number): ChatMessage[] => [
  { role: 'system', content: 'You are kind.' },
  ...Array.from(
    { length: turns },
    (_, index): ChatMessage => ({
      role: index % 2 === 0 ? 'user' : 'assistant',
      content: `turn ${index} with some words`,
    }),
  ),
];

/** Decode calls that prefill prompts: the steps after them pass a key/value cache (`cache`, or `past`). */
const prefillCalls = (spy: { mock: { calls: Array<[{ past?: unknown; cache?: unknown }]> } }) =>
  spy.mock.calls.filter((call) => call[0].past === undefined && call[0].cache === undefined).length;

describe('createTfjsDialoguePolicy', () => {
  it('should sample a seeded request the same way whatever else shares its batch', async () => {
    const policy = createTfjsDialoguePolicy({ model, tokenizer, sampling: { maxNewTokens: 8 }, seed: 3 });
    const target = { messages: dialogue(3), seed: 41 };
    const [alone] = await policy.doAct({ requests: [target] });
    const batched = await policy.doAct({
      requests: [{ messages: dialogue(1), seed: 7 }, target, { messages: dialogue(5), seed: 9 }],
    });
    expect(batched[1]?.tokens?.outputIds).toEqual(alone?.tokens?.outputIds);
    // Same context, other seeds (branching): the samples differ.
    const branches = await policy.doAct({
      requests: [1, 2, 3, 4].map((seed) => ({ messages: dialogue(3), seed })),
    });
    expect(new Set(branches.map((output) => output.tokens?.outputIds.join(','))).size).toBeGreaterThan(1);
  });

  it('should answer every request of a call from one batched generation, returning the sampled tokens', async () => {
    const policy = createTfjsDialoguePolicy({ model, tokenizer, sampling: { maxNewTokens: 5 }, seed: 3 });
    const spy = vi.spyOn(model, 'decode');
    const requests = [dialogue(1), dialogue(3), dialogue(5)].map((messages) => ({ messages }));
    const outputs = await policy.doAct({ requests });
    expect(prefillCalls(spy)).toBe(1);
    spy.mockRestore();
    expect(outputs).toHaveLength(3);
    outputs.forEach((output, index) => {
      expect(output.tokens?.promptIds).toEqual(policy.encodeChat(requests[index]?.messages ?? [], 5));
      expect(output.tokens?.logProbs).toHaveLength(output.tokens?.outputIds.length ?? -1);
      expect(output.outputTokenCount).toBe(output.tokens?.outputIds.length);
      expect(output.text).toBe(tokenizer.decode(output.tokens?.outputIds ?? []));
    });
    const rescored = await scoreSequencesMinibatched(model, {
      sequences: outputs.map((output) => [...(output.tokens?.promptIds ?? []), ...(output.tokens?.outputIds ?? [])]),
      batchSize: 2,
    });
    outputs.forEach((output, row) => {
      const promptLength = output.tokens?.promptIds.length ?? 0;
      output.tokens?.logProbs.forEach((logProb, index) => {
        expect(logProb).toBeCloseTo(rescored[row]?.logProbs[promptLength - 1 + index] as number, 4);
      });
    });
  });

  it('should split calls larger than maxBatchSize into chunks and keep request order', async () => {
    const policy = createTfjsDialoguePolicy({
      model,
      tokenizer,
      sampling: { maxNewTokens: 2, temperature: 0 },
      maxBatchSize: 2,
    });
    const spy = vi.spyOn(model, 'decode');
    const requests = [1, 3, 5, 7, 9].map((turns) => ({ messages: dialogue(turns) }));
    const outputs = await policy.doAct({ requests });
    expect(prefillCalls(spy)).toBe(3);
    spy.mockRestore();
    const single = await policy.doAct({ requests: [requests[3] as { messages: ChatMessage[] }] });
    expect(outputs[3]?.tokens?.outputIds).toEqual(single[0]?.tokens?.outputIds);
  });

  it('should drop the oldest turns but never the system prompt when the context is too long', () => {
    const policy = createTfjsDialoguePolicy({ model, tokenizer, maxContextTokens: 120 });
    const ids = policy.encodeChat(dialogue(9), 20);
    expect(ids.length).toBeLessThanOrEqual(100);
    const text = tokenizer.decode(ids, { skipSpecialTokens: false });
    expect(text.startsWith('<|im_start|>system\nYou are kind.<|im_end|>\n<|im_start|>user\n')).toBe(true);
    expect(text).toContain('turn 8 with some words');
    expect(text).not.toContain('turn 0 ');
    expect(() =>
      policy.encodeChat(
        [
          { role: 'system', content: 'x'.repeat(200) },
          { role: 'user', content: 'hi' },
        ],
        20,
      ),
    ).toThrow(/maxContextTokens/);
  });

  it('should cut the text at a stop string but keep every generated token', async () => {
    const policy = createTfjsDialoguePolicy({
      model,
      tokenizer,
      sampling: { maxNewTokens: 8, temperature: 0 },
      stopTokenIds: [],
    });
    const [probe] = await policy.doAct({ requests: [{ messages: dialogue(1) }] });
    const fullText = probe?.text ?? '';
    const stop = fullText.slice(2, 4);
    const [cut] = await policy.doAct({ requests: [{ messages: dialogue(1) }], sampling: { stop: [stop] } });
    expect(cut?.text).toBe(fullText.slice(0, fullText.indexOf(stop)));
    expect(cut?.finishReason).toBe('stop');
    expect(tokenizer.decode(cut?.tokens?.outputIds ?? [])).toContain(stop);
  });
});

describe('createTfjsDialoguePolicy with LoRA', () => {
  it('should generate with the adapters folded in and leave the base weights exactly as they were', async () => {
    const adapted = createTransformerModel({ config: TINY_MODEL_CONFIG, seed: 13, initStd: 0.2 });
    const state = adapted.enableLora({ rank: 2, targetModules: ['q_proj', 'v_proj', 'down_proj'] });
    for (const perLayer of state.adapters) {
      for (const adapter of Object.values(perLayer)) adapter.b.assign(tf.fill(adapter.b.shape, 0.2));
    }
    const baseWeights = Array.from(adapted.weights.layers[0]?.qkvWeight.dataSync() ?? []);
    const policy = createTfjsDialoguePolicy({
      model: adapted,
      tokenizer,
      sampling: { maxNewTokens: 4, temperature: 0.9 },
      seed: 2,
    });
    const [output] = await policy.doAct({ requests: [{ messages: dialogue(1) }] });
    expect(Array.from(adapted.weights.layers[0]?.qkvWeight.dataSync() ?? [])).toEqual(baseWeights);
    expect(state.mergedBase).toBeUndefined();
    const [scores] = await scoreSequencesMinibatched(adapted, {
      sequences: [[...(output?.tokens?.promptIds ?? []), ...(output?.tokens?.outputIds ?? [])]],
      temperature: 0.9,
    });
    const promptLength = output?.tokens?.promptIds.length ?? 0;
    output?.tokens?.logProbs.forEach((logProb, index) => {
      expect(logProb).toBeCloseTo(scores?.logProbs[promptLength - 1 + index] as number, 4);
    });
    adapted.dispose();
  });
});

describe('createEmbeddedPolicy', () => {
  it('should load the embedded model, or say how to build it when it is missing', async () => {
    const built = existsSync(join(embeddedModelDirectory(), 'config.json'));
    if (built) {
      const policy = await createEmbeddedPolicy({ sampling: { maxNewTokens: 4 } });
      const [output] = await policy.doAct({ requests: [{ messages: dialogue(1) }] });
      expect(output?.tokens?.outputIds.length).toBeGreaterThan(0);
      policy.model.dispose();
    } else {
      await expect(createEmbeddedPolicy()).rejects.toThrow(/pnpm --filter @rlver\/policy pretrain/);
    }
  });
});
