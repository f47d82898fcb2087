import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { detectLanguage } from '@rlver/spec';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmbeddedPolicy, embeddedModelDirectory } from './checkpoint-policy';
import { splitThinkReply } from './think-format';

const directory = embeddedModelDirectory();
const policy = await createEmbeddedPolicy();

afterAll(() => {
  policy.model.dispose();
});

describe('createEmbeddedPolicy', () => {
  it('should load the committed checkpoint with at most 3 M parameters', () => {
    expect(policy.policyId).toBe('embedded');
    expect(policy.model.parameterCount()).toBeLessThanOrEqual(3_000_000);
    expect(policy.model.config.vocabSize).toBe(policy.tokenizer.vocabSize);
    expect(statSync(join(directory, 'model.safetensors')).size).toBeLessThanOrEqual(20 * 1024 * 1024);
  });

  it('should stop at <|im_end|>', () => {
    expect(policy.tokenizer.eosTokenIds).toContain(policy.tokenizer.tokenToId('<|im_end|>'));
  });

  it('should reply in the language of a zh and an en user message', async () => {
    const outputs = await policy.doAct({
      requests: [
        { messages: [{ role: 'user', content: '我男朋友又忘了我的生日，我好难过。' }] },
        { messages: [{ role: 'user', content: 'My boss criticized me in front of everyone today.' }] },
      ],
      sampling: { temperature: 0, maxNewTokens: 40 },
    });
    const replies = outputs.map((output) => splitThinkReply(output.text).reply);
    expect(replies[0]?.length).toBeGreaterThan(0);
    expect(replies[1]?.length).toBeGreaterThan(0);
    expect(detectLanguage(replies[0] as string)).toBe('zh');
    expect(detectLanguage(replies[1] as string)).toBe('en');
  });

  it('should ship its training metadata', () => {
    const metadata = JSON.parse(readFileSync(join(directory, 'training.json'), 'utf8')) as Record<string, unknown>;
    expect(metadata['schemaVersion']).toBe(1);
    expect(metadata['steps']).toBeGreaterThan(0);
    expect(metadata['finalLoss']).toBeLessThan(3);
  });
});
