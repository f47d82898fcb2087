import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useTestBackend, writeTinyCheckpoint } from '@rlver/model/test';
import { type OpenAITestServer, startOpenAITestServer } from '@rlver/test-utils';
import { resolveTrainConfig } from '@rlver/trainer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTrainApp } from './run-train-app';

// Scripted outputs of the LLM user's stages: the judgement (Δ = +5) and the in-character answer; anything else
// (the generated opener of the rlver-train preset) gets a plain first message.
const ANALYSIS =
  'Content:\n[meaning]\nListens.\nTargetCompletion:\n[fit]\nGood.\nActivity:\n[inner]\nCalmer.\nAnalyse:\n[feeling]\nHeard.\nChange:\n5';
const REPLY = 'Thinking:\nwarmer\nOrigin:\nok\nChange:\nshort\nResponse:\nYeah, it has been a long week.';

const root = mkdtempSync(join(tmpdir(), 'rlver-preset-step-'));
let server: OpenAITestServer;
let policy: string;
beforeAll(async () => {
  await useTestBackend();
  policy = join(root, 'tiny');
  await writeTinyCheckpoint(policy);
  server = await startOpenAITestServer((request) => {
    const prompt = request.body.messages?.map((message) => message.content).join('\n') ?? '';
    if (prompt.includes('\nResponse:\n')) return { content: REPLY };
    return { content: prompt.includes('Change:') ? ANALYSIS : 'I had a rough week at work, honestly.' };
  });
});
afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

describe('paper presets: one real step on a tiny checkpoint against a loopback LLM user', () => {
  it.each(['rlver-ppo', 'rlver-grpo'] as const)(
    'should train one step of %s with its algorithm settings and count the simulator calls',
    async (preset) => {
      // The preset's algorithm and learning rates; budgets shrunk to what a 2-core CI runner holds (the paper's
      // 15,000-token context is refused by the preflight on every backend of this engine, see the README).
      const config = resolveTrainConfig({
        overrides: {
          preset,
          policy,
          simulator: 'openai:sim',
          baseURL: server.baseURL,
          evaluate: false,
          steps: 1,
          lang: 'en',
          profilesPerStep: 1,
          maxPolicyTurns: 1,
          maxContextTokens: 640,
          sampling: { maxNewTokens: 16 },
          concurrency: 4,
          runsDir: root,
          runId: preset,
          algorithm: { microBatchSize: 2 },
        },
      });
      const before = server.requests.length;
      const code = await runTrainApp(config, { resume: false, signal: new AbortController().signal });
      expect(code).toBe(0);
      const metrics = readFileSync(join(root, preset, 'metrics.jsonl'), 'utf8')
        .trim()
        .split('\n');
      expect(metrics).toHaveLength(1);
      const step = JSON.parse(metrics[0] as string) as Record<string, number>;
      expect(step['rollout/error_count']).toBe(0);
      expect(Object.keys(step).some((key) => key.startsWith(preset === 'rlver-ppo' ? 'ppo/' : 'grpo/'))).toBe(true);
      // GRPO's group of 4 makes 4 dialogues of the one profile, PPO one: each judged by the LLM user.
      const calls = server.requests.length - before;
      expect(calls).toBeGreaterThanOrEqual(preset === 'rlver-grpo' ? 8 : 2);
      const summary = JSON.parse(readFileSync(join(root, preset, 'summary.json'), 'utf8'));
      expect(summary.endpoints.simulator.requests).toBe(calls);
      expect(summary.endpoints.simulator.latencyP99Ms).toBeGreaterThanOrEqual(0);
    },
    240_000,
  );
});
