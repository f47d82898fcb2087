import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LEXICON_FILE, saveCheckpoint, scoreSequencesMinibatched } from '@rlver/model';
import { useTestBackend, writeTinyCheckpoint } from '@rlver/model/test';
import { InvalidConfigError, type PolicyRequest } from '@rlver/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCheckpointPolicy } from './checkpoint-policy';

const LEXICON = [
  'i',
  'am',
  'here',
  'with',
  'you',
  'that',
  'sounds',
  'hard',
  'a',
  'an',
  'the',
  'so',
  'sorry',
  'it',
  'is',
];
const RULES = {
  noRepeatNgramSize: 0,
  earlierReplyNgramSize: 0,
  maxTokenRun: 0,
  script: true,
  quoteMinUnits: 0,
  lexicon: true,
};

let root: string;
let directory: string;
beforeAll(async () => {
  await useTestBackend();
  root = await mkdtemp(join(tmpdir(), 'rlver-lexicon-'));
  directory = join(root, 'tiny');
  await writeTinyCheckpoint(directory, { seed: 12 });
  await writeFile(join(directory, LEXICON_FILE), `${LEXICON.join('\n')}\n`);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const USER = 'My friend Zed ignored me today.';
const REQUESTS: PolicyRequest[] = Array.from({ length: 6 }, (_, index) => ({
  messages: [
    { role: 'system', content: 'You are a friend.' },
    { role: 'user', content: USER },
  ],
  seed: index,
}));
const SAMPLING = { temperature: 1.3, maxNewTokens: 40, seed: 3 };

/** Words of a reply outside the lexicon and the dialogue (the last one only when it is complete). */
function unknownWords(text: string, ended: boolean): string[] {
  const known = new Set([
    ...LEXICON,
    ...`system user assistant You are a friend. ${USER}`.toLowerCase().split(/[^a-z]+/),
  ]);
  const words = [...text.matchAll(/[A-Za-z]+/g)];
  return words
    .filter((match, index) => {
      const open = index === words.length - 1 && !ended && (match.index as number) + match[0].length === text.length;
      return !open && !known.has(match[0].toLowerCase());
    })
    .map((match) => match[0]);
}

describe('a checkpoint policy with the lexicon rule', () => {
  it('should write only lexicon and dialogue words in an en reply, with log-probs that scoring reproduces', async () => {
    const free = await loadCheckpointPolicy(directory, { decodingRules: { ...RULES, lexicon: false } });
    const freeOutputs = await free.doAct({ requests: REQUESTS, sampling: SAMPLING });
    free.model.dispose();
    // The untrained byte model writes words of no lexicon without the rule.
    expect(freeOutputs.some((output) => unknownWords(output.text, true).length > 0)).toBe(true);

    const policy = await loadCheckpointPolicy(directory, { decodingRules: RULES });
    const outputs = await policy.doAct({ requests: REQUESTS, sampling: SAMPLING });
    for (const output of outputs) expect(unknownWords(output.text, output.finishReason === 'stop')).toEqual([]);
    expect(outputs.some((output) => /[A-Za-z]{2}/.test(output.text))).toBe(true);
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
    // Saved with the rule, the checkpoint carries its lexicon and brings both back.
    const saved = join(root, 'saved');
    await saveCheckpoint({ directory: saved, model: policy.model, tokenizer: policy.tokenizer });
    policy.model.dispose();
    expect((await readFile(join(saved, LEXICON_FILE), 'utf8')).split('\n').filter(Boolean)).toEqual(LEXICON);
    const loaded = await loadCheckpointPolicy(saved);
    expect(loaded.model.logitsRules?.config.lexicon).toBe(true);
    expect(loaded.model.logitsRules?.lexiconWords).toEqual(LEXICON);
    loaded.model.dispose();
  });

  it('should refuse the rule for a checkpoint without lexicon.txt, naming the file and the script', async () => {
    const bare = join(root, 'bare');
    await writeTinyCheckpoint(bare, { seed: 12 });
    const loading = loadCheckpointPolicy(bare, { decodingRules: RULES });
    await expect(loading).rejects.toThrow(InvalidConfigError);
    await expect(loadCheckpointPolicy(bare, { decodingRules: RULES })).rejects.toThrow(/build-lexicon\.ts/);
  });
});
