import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchmarkSummarySchema } from '@rlver/bench';
import { InvalidConfigError, safeParseJSON } from '@rlver/spec';
import { type RecordedRequest, startOpenAITestServer } from '@rlver/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureOutput } from '../test/capture-output';
import { profileFile } from '../test/profile-file';
import { reportCommand } from './report';
import { runCommand } from './run';

const analysis = `Content:\n[meaning]\nAsks.\nTargetCompletion:\n[fit]\nFits.\nActivity:\n[inner]\nHeard.\nAnalyse:\n[feeling]\nOkay.\nChange:\n+10`;
const judgeAnswer = JSON.stringify({
  scores: { empathic_depth: 6, core_insight: 5, solution_crafting: 4, style_adaptability: 7, dialogue_guidance: 5 },
});
const KEYS = {
  RLVER_TEST_POLICY_KEY: 'policy-secret',
  RLVER_TEST_SIM_KEY: 'sim-secret',
  RLVER_TEST_JUDGE_KEY: 'judge-secret',
};

/** Completion tokens the test server reports for an answer: ceil(characters / 4), at least 1. */
const completionTokens = (content: string) => Math.max(1, Math.ceil(content.length / 4));

captureOutput();
beforeEach(() => {
  Object.assign(process.env, KEYS);
});
afterEach(() => {
  for (const name of Object.keys(KEYS)) delete process.env[name];
});

describe('rlver-eval run with endpoints per role', () => {
  it("should send each role to its own server with its own key, and count each role's usage and cost", async () => {
    const policyReply = 'That sounds frustrating. What happened next?';
    const answered = { simulator: 0, judge: 0 };
    const policyServer = await startOpenAITestServer(() => ({ content: policyReply, delayMs: 5 }));
    const userServer = await startOpenAITestServer((request: RecordedRequest) => {
      if (request.body.model === 'judge-model') {
        answered.judge += completionTokens(judgeAnswer);
        return { content: judgeAnswer };
      }
      const prompt = request.body.messages?.[0]?.content ?? '';
      const content = prompt.includes('\nResponse:\n')
        ? 'Thinking:\nneutral\nOrigin:\nfine\nChange:\nshorter\nResponse:\nThanks, that helps.'
        : analysis;
      answered.simulator += completionTokens(content);
      return { content };
    });
    try {
      const dir = mkdtempSync(join(tmpdir(), 'eval-roles-config-'));
      const config = join(dir, 'endpoints.yaml');
      // The file sets the policy's endpoint; the --endpoints.policy.concurrency flag below overrides its 4.
      writeFileSync(
        config,
        [
          'endpoints:',
          '  policy:',
          `    baseURL: ${policyServer.baseURL}`,
          '    apiKeyEnv: RLVER_TEST_POLICY_KEY',
          '    concurrency: 4',
          '    price: { inputPerMillion: 1, outputPerMillion: 4 }',
          '',
        ].join('\n'),
      );
      const out = join(dir, 'run');
      const argv = [
        '--policy',
        'openai:policy-model',
        '--simulator',
        'openai:sim-model',
        '--judge',
        'openai:judge-model',
        '--config',
        config,
        '--endpoints.policy.concurrency',
        '1',
        '--endpoints.simulator.base-url',
        userServer.baseURL,
        '--endpoints.simulator.api-key-env',
        'RLVER_TEST_SIM_KEY',
        '--endpoints.simulator.price.input-per-million',
        '0.5',
        '--endpoints.simulator.price.output-per-million',
        '2',
        '--endpoints.judge.base-url',
        userServer.baseURL,
        '--endpoints.judge.api-key-env',
        'RLVER_TEST_JUDGE_KEY',
        '--profiles',
        profileFile(['a', 'b', 'c']),
        '--concurrency',
        '3',
        '--out',
        out,
      ];
      expect(await runCommand.run(argv)).toBe(0);

      // Each role went to its own server with the key of the variable it names.
      const authorization = (requests: RecordedRequest[], model: string) => [
        ...new Set(requests.filter((r) => r.body.model === model).map((r) => r.headers.authorization)),
      ];
      expect(new Set(policyServer.requests.map((request) => request.body.model))).toEqual(new Set(['policy-model']));
      expect(new Set(userServer.requests.map((request) => request.body.model))).toEqual(
        new Set(['sim-model', 'judge-model']),
      );
      expect(authorization(policyServer.requests, 'policy-model')).toEqual(['Bearer policy-secret']);
      expect(authorization(userServer.requests, 'sim-model')).toEqual(['Bearer sim-secret']);
      expect(authorization(userServer.requests, 'judge-model')).toEqual(['Bearer judge-secret']);
      // Three dialogues at once, but the policy role holds one call in flight (the flag beat the file's 4).
      expect(policyServer.maxInFlight()).toBe(1);

      const parsed = safeParseJSON(readFileSync(join(out, 'summary.json'), 'utf8'), benchmarkSummarySchema);
      if (!parsed.success) throw parsed.error;
      const usage = parsed.value.endpoints ?? {};
      expect(Object.keys(usage)).toEqual(['policy', 'simulator', 'judge']);
      const calls = (requests: RecordedRequest[], model: string) => requests.filter((r) => r.body.model === model);
      const policyCalls = calls(policyServer.requests, 'policy-model').length;
      const simulatorCalls = calls(userServer.requests, 'sim-model').length;
      const judgeCalls = calls(userServer.requests, 'judge-model').length;
      expect(policyCalls).toBeGreaterThan(3);
      expect(judgeCalls).toBe(3);
      // The counts in the summary are what the servers saw; the test server reports 10 prompt tokens per call.
      expect(usage.policy).toMatchObject({
        requests: policyCalls,
        failedRequests: 0,
        promptTokens: 10 * policyCalls,
        completionTokens: completionTokens(policyReply) * policyCalls,
      });
      expect(usage.simulator).toMatchObject({
        requests: simulatorCalls,
        promptTokens: 10 * simulatorCalls,
        completionTokens: answered.simulator,
      });
      expect(usage.judge).toMatchObject({ requests: judgeCalls, completionTokens: answered.judge });
      // Cost = tokens × price per 1M tokens; the judge has no price, so no cost.
      expect(usage.policy?.cost).toBeCloseTo(
        (10 * policyCalls * 1 + completionTokens(policyReply) * policyCalls * 4) / 1e6,
        12,
      );
      expect(usage.simulator?.cost).toBeCloseTo((10 * simulatorCalls * 0.5 + answered.simulator * 2) / 1e6, 12);
      expect(usage.judge).not.toHaveProperty('cost');
      expect(usage.policy?.latencyP50Ms).toBeGreaterThanOrEqual(5);
      expect(parsed.value.settings.endpoints).toMatchObject({
        policy: { apiKeyEnv: 'RLVER_TEST_POLICY_KEY', concurrency: 1 },
      });
      // No key is written anywhere in the run folder.
      const written =
        readFileSync(join(out, 'summary.json'), 'utf8') + readFileSync(join(out, 'results.jsonl'), 'utf8');
      for (const secret of Object.values(KEYS)) expect(written).not.toContain(secret);

      // The report shows each role's usage and cost.
      const html = readFileSync(join(out, 'report.html'), 'utf8');
      const row = (role: string) => html.match(new RegExp(`<tr class="usage-row" data-role="${role}">(.*?)</tr>`))?.[1];
      const cells = (role: string) => [...(row(role) ?? '').matchAll(/<td>(.*?)<\/td>/g)].map((match) => match[1]);
      expect(cells('policy').slice(3, 5)).toEqual([String(policyCalls), '0']);
      expect(cells('simulator')[3]).toBe(String(simulatorCalls));
      expect(cells('simulator')[10]).toBe(Number((usage.simulator?.cost ?? 0).toPrecision(4)).toString());
      expect(cells('judge')[10]).toBe('—');
      // rlver-eval report of the folder shows the same rows.
      const reportFile = join(dir, 'again.html');
      expect(await reportCommand.run([out, '--out', reportFile])).toBe(0);
      expect(readFileSync(reportFile, 'utf8')).toContain(row('simulator'));
    } finally {
      await policyServer.close();
      await userServer.close();
    }
  });

  it('should name the flag or the file line of a bad endpoint setting', async () => {
    const profiles = ['--profiles', profileFile(['a'])];
    await expect(runCommand.run([...profiles, '--endpoints.judge.concurrency', 'two'])).rejects.toThrow(
      /--endpoints\.judge\.concurrency "two" is not a number/,
    );
    await expect(runCommand.run([...profiles, '--endpoints.policy.api-key-env', 'sk-abc-123'])).rejects.toThrow(
      /--endpoints\.policy\.api-key-env: name the environment variable that holds the key/,
    );
    await expect(runCommand.run([...profiles, '--endpoints.simulator.price.input-per-million', '0.5'])).rejects.toThrow(
      /endpoints\.simulator\.price\.outputPerMillion/,
    );
    const dir = mkdtempSync(join(tmpdir(), 'eval-roles-bad-'));
    const config = join(dir, 'endpoints.yaml');
    writeFileSync(config, 'endpoints:\n  policy:\n    concurrency: 2\n  critic:\n    concurrency: 1\n');
    const run = runCommand.run([...profiles, '--config', config]);
    await expect(run).rejects.toThrow(InvalidConfigError);
    await expect(run).rejects.toThrow(
      new RegExp(
        `${config.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} line 4: field "endpoints.critic": .*known: policy, simulator, judge`,
      ),
    );
    writeFileSync(config, 'policy:\n  concurrency: 2\n');
    await expect(runCommand.run([...profiles, '--config', config])).rejects.toThrow(
      /line 1: field "policy": .*known: endpoints; give other settings as flags/,
    );
    const closed = await startOpenAITestServer(() => ({ content: 'x' }));
    await closed.close();
    const unreachable = ['--simulator', 'openai:m', '--endpoints.simulator.base-url', closed.baseURL];
    await expect(runCommand.run([...profiles, ...unreachable, '--out', join(dir, 'out')])).rejects.toThrow(
      /cannot reach http:\/\/127\.0\.0\.1:\d+\/v1 for --simulator openai:m .*fix endpoints\.simulator\.baseURL; no episode/,
    );
    await expect(runCommand.run([...profiles, '--config', join(dir, 'missing.yaml')])).rejects.toThrow(
      /config file .*missing\.yaml not found; check the --config path/,
    );
  });
});
