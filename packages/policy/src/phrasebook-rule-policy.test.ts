import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  PHRASEBOOK_FILE,
  type Phrasebook,
  phrasebookCandidates,
  saveCheckpoint,
  scoreSequencesMinibatched,
} from '@rlver/model';
import { useTestBackend, writeTinyCheckpoint } from '@rlver/model/test';
import { type ChatMessage, InvalidConfigError, type PolicyRequest } from '@rlver/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCheckpointPolicy } from './checkpoint-policy';
import { notDegenerate } from './tfjs-dialogue-policy';

const PHRASEBOOK: Phrasebook = {
  version: 1,
  names: { en: ['Zed'], zh: [] },
  templates: {
    en: [
      { strategy: 'praise', kind: 'grounded', text: 'You cared about {thing}, and that says a lot.' },
      { strategy: 'question', kind: 'grounded', text: 'What did {name} say?' },
      { strategy: 'deep_empathy', kind: 'grounded', text: 'So {bit} still hurts.' },
      { strategy: 'generic_comfort', kind: 'stock', text: 'Cheer up!' },
    ],
    zh: [{ strategy: 'generic_comfort', kind: 'stock', text: '别想太多。' }],
  },
};
/** The checkpoint's own rules, as generation_config.json stores them. */
const STORED_RULES = { script: true, phrasebook: true };

let root: string;
let directory: string;
beforeAll(async () => {
  await useTestBackend();
  root = await mkdtemp(join(tmpdir(), 'rlver-phrasebook-'));
  directory = join(root, 'tiny');
  await writeTinyCheckpoint(directory, { seed: 12 });
  await writeFile(join(directory, PHRASEBOOK_FILE), JSON.stringify(PHRASEBOOK));
  const generationFile = join(directory, 'generation_config.json');
  const generation = JSON.parse(await readFile(generationFile, 'utf8').catch(() => '{}'));
  await writeFile(generationFile, JSON.stringify({ ...generation, rlver_decoding_rules: STORED_RULES }));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const MESSAGES = [
  { role: 'system' as const, content: 'You are a friend.' },
  { role: 'user' as const, content: 'My friend Zed ignored me at the party.' },
  { role: 'assistant' as const, content: 'Cheer up!' },
  { role: 'user' as const, content: 'He laughed at my story.' },
];
const REQUESTS: PolicyRequest[] = Array.from({ length: 8 }, (_, index) => ({ messages: MESSAGES, seed: index }));
const SAMPLING = { temperature: 1.3, maxNewTokens: 60, seed: 3 };
const CANDIDATES = phrasebookCandidates(PHRASEBOOK, MESSAGES, 'en').map((candidate) => candidate.reply);

describe('a checkpoint policy with the phrasebook rule', () => {
  it('should say only this dialogue’s candidates, with log-probs that minibatched scoring reproduces', async () => {
    expect(CANDIDATES.length).toBeGreaterThanOrEqual(3);
    expect(CANDIDATES).not.toContain('Cheer up!');
    // The checkpoint's own generation_config.json turns the rule on; an override turns it off field by field.
    const free = await loadCheckpointPolicy(directory, { decodingRuleOverrides: { phrasebook: false } });
    expect(free.model.logitsRules?.config.script).toBe(true);
    const freeOutputs = await free.doAct({ requests: REQUESTS, sampling: SAMPLING });
    free.model.dispose();
    expect(freeOutputs.some((output) => !CANDIDATES.includes(output.text))).toBe(true);

    const policy = await loadCheckpointPolicy(directory);
    expect(policy.model.logitsRules?.config).toMatchObject(STORED_RULES);
    const outputs = await policy.doAct({ requests: REQUESTS, sampling: SAMPLING });
    for (const output of outputs) {
      if (output.finishReason === 'stop') expect(CANDIDATES).toContain(output.text);
      else expect(CANDIDATES.some((candidate) => candidate.startsWith(output.text))).toBe(true);
    }
    expect(outputs.filter((output) => output.finishReason === 'stop').length).toBeGreaterThan(0);
    const scored = await scoreSequencesMinibatched(policy.model, {
      sequences: outputs.map((output) => [...(output.tokens?.promptIds ?? []), ...(output.tokens?.outputIds ?? [])]),
      temperature: SAMPLING.temperature,
      batchSize: 3,
    });
    outputs.forEach((output, index) => {
      const prompt = output.tokens?.promptIds.length ?? 0;
      output.tokens?.logProbs.forEach((sampled, step) => {
        expect(scored[index]?.logProbs[prompt - 1 + step]).toBeCloseTo(sampled, 3);
      });
    });
    // Saved with the rule, the checkpoint carries its phrasebook and brings both back.
    const saved = join(root, 'saved');
    await saveCheckpoint({ directory: saved, model: policy.model, tokenizer: policy.tokenizer });
    policy.model.dispose();
    expect(JSON.parse(await readFile(join(saved, PHRASEBOOK_FILE), 'utf8'))).toEqual(PHRASEBOOK);
    const loaded = await loadCheckpointPolicy(saved);
    expect(loaded.model.logitsRules?.config.phrasebook).toBe(true);
    loaded.model.dispose();
  });

  it('should refuse the rule for a checkpoint without phrasebook.json, naming the file and the script', async () => {
    const bare = join(root, 'bare');
    await writeTinyCheckpoint(bare, { seed: 12 });
    const asked = { decodingRuleOverrides: { phrasebook: true } };
    await expect(loadCheckpointPolicy(bare, asked)).rejects.toThrow(InvalidConfigError);
    await expect(loadCheckpointPolicy(bare, asked)).rejects.toThrow(/phrasebook\.json.*build-phrasebook\.ts/);
  });
});

describe('the phrasebook filter the policy layer injects', () => {
  it('should leave out the candidates the project’s audit calls degenerate', async () => {
    const stuttering = 'Ask yourself what what happened is teaching you.';
    const withStutter: Phrasebook = {
      ...PHRASEBOOK,
      templates: {
        ...PHRASEBOOK.templates,
        en: [...PHRASEBOOK.templates.en, { strategy: 'guided_reflection', kind: 'stock', text: stuttering }],
      },
    };
    // The plain candidate builder offers the stutter …
    expect(phrasebookCandidates(withStutter, MESSAGES, 'en').map((candidate) => candidate.reply)).toContain(stuttering);
    expect(notDegenerate(stuttering, 'en')).toBe(false);
    expect(CANDIDATES.every((candidate) => notDegenerate(candidate, 'en'))).toBe(true);
    const stutterDirectory = join(root, 'stutter');
    await writeTinyCheckpoint(stutterDirectory, { seed: 12 });
    await writeFile(join(stutterDirectory, PHRASEBOOK_FILE), JSON.stringify(withStutter));
    const policy = await loadCheckpointPolicy(stutterDirectory, { decodingRuleOverrides: { phrasebook: true } });
    const prompt = policy.tokenizer.encode(policy.tokenizer.applyChatTemplate(MESSAGES, { addGenerationPrompt: true }));
    // … the rules the policy builds do not.
    expect(policy.model.logitsRules?.phrasebookReplies(prompt)).toEqual(CANDIDATES);
    policy.model.dispose();
  });
});

describe('replies said before the prompt’s window', () => {
  it('should never be offered again, though truncation dropped them from the prompt', async () => {
    const maxNewTokens = SAMPLING.maxNewTokens;
    const kept = [MESSAGES[0], MESSAGES[3]] as ChatMessage[];
    const wide = await loadCheckpointPolicy(directory);
    const windowIds = wide.encodeChat(kept, maxNewTokens);
    expect(wide.encodeChat(MESSAGES, maxNewTokens).length).toBeGreaterThan(windowIds.length);
    wide.model.dispose();
    // A context that holds the system prompt and the last user turn only: the first turn and "Cheer up!" are dropped.
    const narrow = await loadCheckpointPolicy(directory, { maxContextTokens: windowIds.length + maxNewTokens });
    const prompt = narrow.encodeChat(MESSAGES, maxNewTokens);
    expect(prompt).toEqual(windowIds);
    // The window alone would offer "Cheer up!" again …
    expect(phrasebookCandidates(PHRASEBOOK, kept, 'en').map((candidate) => candidate.reply)).toContain('Cheer up!');
    // … the policy's rule does not, in its candidate list, its listing for branching or its samples.
    expect(narrow.model.logitsRules?.phrasebookReplies(prompt)).not.toContain('Cheer up!');
    const sampling = { ...SAMPLING, maxNewTokens };
    const listed =
      (await narrow.doCandidates?.({ request: { messages: MESSAGES, seed: 1 }, limit: 100, sampling })) ?? [];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.map((output) => output.text)).not.toContain('Cheer up!');
    const sampled = await narrow.doAct({ requests: REQUESTS, sampling });
    expect(sampled.map((output) => output.text)).not.toContain('Cheer up!');
    narrow.model.dispose();
  });
});

describe('doCandidates under the phrasebook rule (enumerated branching)', () => {
  it('should list this dialogue’s candidates with the token ids and log-probs a sample of each would carry', async () => {
    const policy = await loadCheckpointPolicy(directory);
    const request: PolicyRequest = { messages: MESSAGES, seed: 5 };
    const all = (await policy.doCandidates?.({ request, limit: 100, sampling: SAMPLING })) ?? [];
    expect(all.map((output) => output.text).sort()).toEqual([...CANDIDATES].sort());
    for (const output of all) {
      expect(output.finishReason).toBe('stop');
      expect(output.tokens?.logProbs).toHaveLength(output.tokens?.outputIds.length ?? -1);
      expect(output.tokens?.logProbs.every((value) => value <= 0 && Number.isFinite(value))).toBe(true);
    }
    // A sample that said a candidate carries the same ids and log-probs (so the update's ratios start at 1).
    const sampled = await policy.doAct({ requests: REQUESTS, sampling: SAMPLING });
    const said = sampled.filter((output) => output.finishReason === 'stop');
    expect(said.length).toBeGreaterThan(0);
    for (const output of said) {
      const listed = all.find((candidate) => candidate.text === output.text);
      expect(listed?.tokens?.outputIds).toEqual(output.tokens?.outputIds);
      listed?.tokens?.logProbs.forEach((value, step) => {
        expect(value).toBeCloseTo(output.tokens?.logProbs[step] as number, 3);
      });
    }
    // Up to `limit`, the excluded texts left out, the same choice for the same seed.
    const exclude = [CANDIDATES[0] as string];
    const some = (await policy.doCandidates?.({ request, limit: 2, exclude, sampling: SAMPLING })) ?? [];
    expect(some).toHaveLength(2);
    expect(some.map((output) => output.text)).not.toContain(exclude[0]);
    const again = (await policy.doCandidates?.({ request, limit: 2, exclude, sampling: SAMPLING })) ?? [];
    expect(again.map((output) => output.text)).toEqual(some.map((output) => output.text));
    policy.model.dispose();
    // Without the rule the policy cannot list its replies.
    const free = await loadCheckpointPolicy(directory, { decodingRuleOverrides: { phrasebook: false } });
    expect(free.doCandidates).toBeUndefined();
    free.model.dispose();
  });
});
