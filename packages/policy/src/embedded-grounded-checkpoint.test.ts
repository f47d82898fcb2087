import { fileURLToPath } from 'node:url';
import { phrasebookCandidates } from '@rlver/model';
import { detectLanguage } from '@rlver/spec';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCheckpointPolicy } from './checkpoint-policy';

// The grounded checkpoint shipped beside the default one (`assets/embedded-grounded`): the embedded weights
// fine-tuned on the grounded corpus, whose generation_config.json turns the phrasebook rule on
// (docs/decisions/2026-11-27-phrasebook-rule.md, 2026-11-27-enumerated-branching.md).
const directory = fileURLToPath(new URL('../assets/embedded-grounded/', import.meta.url));
const policy = await loadCheckpointPolicy(directory, { policyId: 'embedded-grounded' });

afterAll(() => {
  policy.model.dispose();
});

const dialogues = [
  [{ role: 'user' as const, content: '我男朋友又忘了我的生日，我好难过。' }],
  [{ role: 'user' as const, content: 'My boss Daniel criticized my report in front of everyone today.' }],
];

describe('the grounded embedded checkpoint', () => {
  it('should say only replies its phrasebook lists for the dialogue, in the dialogue’s language', async () => {
    const phrasebook = policy.model.logitsRules?.phrasebook;
    expect(phrasebook).toBeDefined();
    for (const messages of dialogues) {
      const lang = detectLanguage(messages[0]?.content ?? '');
      const texts = new Set(phrasebookCandidates(phrasebook!, messages, lang).map((candidate) => candidate.reply));
      expect(texts.size).toBeGreaterThan(10);
      const listed = (await policy.doCandidates?.({ request: { messages, seed: 1 }, limit: 3 })) ?? [];
      expect(listed).toHaveLength(3);
      for (const output of listed) expect(texts.has(output.text.trim())).toBe(true);
      const outputs = await policy.doAct({
        requests: [0, 1, 2, 3].map((seed) => ({ messages, seed })),
        sampling: { temperature: 1, maxNewTokens: 64 },
      });
      for (const output of outputs) {
        expect(texts.has(output.text.trim())).toBe(true);
        expect(output.finishReason).toBe('stop');
        expect(detectLanguage(output.text)).toBe(lang);
      }
    }
  });
});
