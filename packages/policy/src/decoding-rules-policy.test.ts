import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { saveCheckpoint, scoreSequencesMinibatched } from '@rlver/model';
import { TINY_SPECIAL, useTestBackend, writeTinyCheckpoint } from '@rlver/model/test';
import type { PolicyRequest } from '@rlver/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCheckpointPolicy } from './checkpoint-policy';

let root: string;
let directory: string;
beforeAll(async () => {
  await useTestBackend();
  root = await mkdtemp(join(tmpdir(), 'rlver-rules-'));
  directory = join(root, 'tiny');
  await writeTinyCheckpoint(directory, { seed: 12 });
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const ZH_REQUESTS: PolicyRequest[] = Array.from({ length: 6 }, (_, index) => ({
  messages: [
    { role: 'system', content: '你是一个朋友。' },
    { role: 'user', content: '我今天好难过，朋友都不理我。' },
  ],
  seed: index,
}));
const SAMPLING = { temperature: 1.3, maxNewTokens: 40, seed: 3 };

/** Repeated token bigrams of a reply. */
function repeatedBigrams(ids: readonly number[]): number {
  const seen = new Set<string>();
  let repeats = 0;
  for (let index = 0; index + 2 <= ids.length; index += 1) {
    const key = ids.slice(index, index + 2).join(',');
    if (seen.has(key)) repeats += 1;
    seen.add(key);
  }
  return repeats;
}

describe('a checkpoint policy with decoding rules', () => {
  it('should find the reply header in the chat template and set the rules on the model', async () => {
    const policy = await loadCheckpointPolicy(directory, {
      decodingRules: { noRepeatNgramSize: 2, earlierReplyNgramSize: 0, maxTokenRun: 0, script: true, quoteMinUnits: 0 },
    });
    const rules = policy.model.logitsRules;
    expect(rules).toBeDefined();
    const prompt = policy.encodeChat(ZH_REQUESTS[0]?.messages ?? [], 40);
    // The prompt ends with `<|im_start|>assistant\n`: the reply starts right after it.
    expect(prompt.slice(-11)[0]).toBe(TINY_SPECIAL.imStart);
    expect(rules?.replyStart(prompt, prompt.length - 1)).toBe(prompt.length);
    expect(rules?.languageBefore(prompt, prompt.length)).toBe('zh');
    policy.model.dispose();
  });

  it('should answer a zh dialogue without Latin letters or a repeated bigram, with log-probs that scoring reproduces', async () => {
    const free = await loadCheckpointPolicy(directory);
    const freeOutputs = await free.doAct({ requests: ZH_REQUESTS, sampling: SAMPLING });
    free.model.dispose();
    // The untrained byte model does write Latin letters without the rules.
    expect(freeOutputs.some((output) => /[A-Za-z]/.test(output.text))).toBe(true);

    const policy = await loadCheckpointPolicy(directory, {
      decodingRules: { noRepeatNgramSize: 2, earlierReplyNgramSize: 0, maxTokenRun: 0, script: true, quoteMinUnits: 0 },
    });
    const outputs = await policy.doAct({ requests: ZH_REQUESTS, sampling: SAMPLING });
    for (const output of outputs) {
      expect(output.text).not.toMatch(/[A-Za-z]/);
      expect(repeatedBigrams((output.tokens?.outputIds ?? []).filter((id) => id !== TINY_SPECIAL.imEnd))).toBe(0);
    }
    const scored = await scoreSequencesMinibatched(policy.model, {
      sequences: outputs.map((output) => [...(output.tokens?.promptIds ?? []), ...(output.tokens?.outputIds ?? [])]),
      temperature: SAMPLING.temperature,
    });
    outputs.forEach((output, index) => {
      const prompt = output.tokens?.promptIds.length ?? 0;
      output.tokens?.logProbs.forEach((sampled, step) => {
        expect(scored[index]?.logProbs[prompt - 1 + step]).toBeCloseTo(sampled, 3);
      });
    });
    policy.model.dispose();
  });

  it('should save the rules with the checkpoint and bring them back when it is loaded', async () => {
    const rules = { noRepeatNgramSize: 4, earlierReplyNgramSize: 0, maxTokenRun: 2, script: true, quoteMinUnits: 4 };
    const policy = await loadCheckpointPolicy(directory, { decodingRules: rules });
    const saved = join(root, 'saved');
    await saveCheckpoint({ directory: saved, model: policy.model, tokenizer: policy.tokenizer });
    policy.model.dispose();
    const generationConfig = JSON.parse(await readFile(join(saved, 'generation_config.json'), 'utf8'));
    expect(generationConfig.no_repeat_ngram_size).toBe(4);
    const loaded = await loadCheckpointPolicy(saved);
    expect(loaded.model.logitsRules?.config).toEqual(rules);
    loaded.model.dispose();
    // A checkpoint saved without rules loads without them.
    const plain = await loadCheckpointPolicy(directory);
    expect(plain.model.logitsRules).toBeUndefined();
    plain.model.dispose();
  });
});
