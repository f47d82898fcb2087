import { readFileSync } from 'node:fs';
import { createOpenAIChatClient } from '@rlver/llm';
import { InvalidLLMOutputError } from '@rlver/spec';
import { type OpenAITestServer, scriptedContents, startOpenAITestServer } from '@rlver/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { syntheticTrajectory } from '../testing/synthetic-trajectory';
import { createCapabilityJudge, parseJudgeOutput } from './capability-judge';
import { buildJudgeMessages } from './judge-prompt';
import { CAPABILITIES, CAPABILITY_RUBRIC } from './judge-rubric';
import { judgeTrajectories } from './judge-run';

const GOOD = JSON.stringify({
  scores: { empathic_depth: 7, core_insight: 6, solution_crafting: 4, style_adaptability: 8, dialogue_guidance: 5 },
  rationale: 'Warm and specific, light on concrete help.',
});

const dialogue = syntheticTrajectory({
  profileId: 'p1',
  turns: [
    { reply: 'That sounds lonely. What happened at the bakery?', emotion: 45, userMessage: 'My partner left.' },
    { reply: 'Leaving without a word hurts.', emotion: 50 },
  ],
  stopReason: 'max_turns',
});

let server: OpenAITestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function judgeWith(contents: Parameters<typeof scriptedContents>[0], maxResampleAttempts?: number) {
  server = await startOpenAITestServer(scriptedContents(contents));
  const client = createOpenAIChatClient({
    model: 'judge-model',
    baseURL: server.baseURL,
    sleep: async () => {},
    timeoutMs: 2000,
  });
  return { server, judge: createCapabilityJudge({ client, maxResampleAttempts }) };
}

describe('createCapabilityJudge', () => {
  it('should score a dialogue from a valid JSON answer and send the visible dialogue only', async () => {
    const { server, judge } = await judgeWith([GOOD]);
    const result = await judge.judge(dialogue);
    expect(result.scores).toEqual({
      empathic_depth: 7,
      core_insight: 6,
      solution_crafting: 4,
      style_adaptability: 8,
      dialogue_guidance: 5,
    });
    expect(result.attempts).toBe(1);
    expect(judge.judgeId).toBe('openai:judge-model');
    const body = server.requests[0]?.body;
    expect(body?.temperature).toBe(0);
    expect(body?.response_format).toEqual({ type: 'json_object' });
    const userMessage = body?.messages?.[1]?.content ?? '';
    expect(userMessage).toContain('ASSISTANT: Leaving without a word hurts.');
    expect(userMessage).toContain('USER: My partner left.');
    expect(userMessage).not.toContain('thinking about reply');
  });

  it('should resample unparseable or out-of-range answers a bounded number of times', async () => {
    const outOfRange = GOOD.replace('"empathic_depth":7', '"empathic_depth":11');
    const { server, judge } = await judgeWith(['not json at all', outOfRange, `\`\`\`json\n${GOOD}\n\`\`\``]);
    const result = await judge.judge(dialogue);
    expect(result.attempts).toBe(3);
    expect(result.scores.style_adaptability).toBe(8);
    expect(server.requests.map((request) => request.index)).toEqual([0, 1, 2]);
  });

  it('should give up with InvalidLLMOutputError after the resample budget', async () => {
    const { server, judge } = await judgeWith(['{"scores": {"empathic_depth": 3}}'], 1);
    await expect(judge.judge(dialogue)).rejects.toThrow(InvalidLLMOutputError);
    expect(server.requests).toHaveLength(2);
  });
});

describe('parseJudgeOutput', () => {
  it('should reject non-integer scores and unknown keys', () => {
    expect(parseJudgeOutput(GOOD.replace('"core_insight":6', '"core_insight":6.5')).success).toBe(false);
    expect(parseJudgeOutput(GOOD.replace('"core_insight":6', '"core_insight":6,"humour":3')).success).toBe(false);
    expect(parseJudgeOutput(GOOD).success).toBe(true);
  });
});

describe('judgeTrajectories', () => {
  it('should average over judged dialogues, count failures and skip errored episodes', async () => {
    const { judge } = await judgeWith([GOOD, 'nope', 'nope', 'nope']);
    const errored = syntheticTrajectory({ profileId: 'e', turns: [], stopReason: 'error', error: 'boom' });
    const summary = await judgeTrajectories(judge, [dialogue, errored, { ...dialogue, episodeId: 'second' }], {
      concurrency: 1,
    });
    expect(summary).toMatchObject({ dialogues: 1, failures: 1, parity: 'not paper parity' });
    expect(summary.means.empathic_depth).toBe(7);
    expect(summary.episodes).toHaveLength(2);
    expect(summary.episodes[1]?.error).toMatch(/no valid scores after 3 attempts/);
  });
});

describe('judge rubric', () => {
  it('should be documented verbatim in docs/judge-rubric.md and embedded in the prompt', () => {
    const doc = readFileSync(new URL('../../docs/judge-rubric.md', import.meta.url), 'utf8');
    const prompt = buildJudgeMessages(dialogue)[0]?.content ?? '';
    for (const capability of CAPABILITIES) {
      const rubric = CAPABILITY_RUBRIC[capability];
      for (const text of [rubric.definition, ...rubric.anchors]) {
        expect(doc).toContain(text);
        expect(prompt).toContain(text);
      }
    }
    expect(doc).toContain('not paper parity');
  });
});
