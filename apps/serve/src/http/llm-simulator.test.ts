import { createOpenAIChatClient } from '@rlver/llm';
import { createLlmSimulator } from '@rlver/simulator';
import { type OpenAITestServer, startOpenAITestServer } from '@rlver/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/start-test-server';

// Scripted outputs of the two stages of the LLM user (sage preset): Δ = +5, and the user keeps talking.
const ANALYSIS =
  'Content:\n[meaning]\nListens.\nTargetCompletion:\n[fit]\nGood.\nActivity:\n[inner]\nCalmer.\nAnalyse:\n[feeling]\nHeard.\nChange:\n5';
const REPLY = 'Thinking:\nwarmer\nOrigin:\nok\nChange:\nshort\nResponse:\nYeah, it has been a long week.';

let endpoint: OpenAITestServer | undefined;
let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
afterEach(async () => {
  await server?.close();
  await endpoint?.close();
  server = undefined;
  endpoint = undefined;
});

/** The serve app with the LLM user behind a loopback OpenAI-protocol endpoint whose behaviour the test switches. */
async function startWithLlmUser(behaviour: { failing: boolean; delayMs: number }) {
  endpoint = await startOpenAITestServer((request) => {
    if (behaviour.failing) return { status: 500 };
    const prompt = request.body.messages?.[0]?.content ?? '';
    return { content: prompt.includes('\nResponse:\n') ? REPLY : ANALYSIS, delayMs: behaviour.delayMs };
  });
  const client = createOpenAIChatClient({
    model: 'simulator',
    baseURL: endpoint.baseURL,
    maxRetries: 1,
    timeoutMs: 5000,
    sleep: async () => {},
  });
  server = await startTestServer({
    simulatorFor: (key) => createLlmSimulator({ client, preset: key.preset }),
    defaults: { preset: 'sage', lang: 'en' },
  });
  return server;
}

describe('rlver-serve with the LLM simulated user', () => {
  it('should answer 502 when the endpoint fails after its retries, and keep the episode steppable', async () => {
    const behaviour = { failing: false, delayMs: 0 };
    const { call } = await startWithLlmUser(behaviour);
    const { body: created } = await call('POST', '/v1/episodes', { seed: 1 });
    behaviour.failing = true;
    const failed = await call('POST', `/v1/episodes/${created.episode_id}/step`, {
      content: 'That sounds hard.',
      request_id: 'r1',
    });
    expect(failed.status).toBe(502);
    expect(failed.body.error.code).toBe('simulator_unavailable');
    expect(failed.body.error.message).toContain('retry the step');
    expect((await call('GET', `/v1/episodes/${created.episode_id}`)).body).toMatchObject({ turn: 0, status: 'active' });
    behaviour.failing = false;
    const retried = await call('POST', `/v1/episodes/${created.episode_id}/step`, {
      content: 'That sounds hard.',
      request_id: 'r1',
    });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({
      observation: { role: 'user', content: 'Yeah, it has been a long week.' },
      done: false,
      info: { emotion: 45, delta: 5, turn: 1 },
    });
  });

  it('should answer concurrent steps in parallel, never one LLM call after another', async () => {
    const { call } = await startWithLlmUser({ failing: false, delayMs: 300 });
    const created = await Promise.all(Array.from({ length: 20 }, (_, seed) => call('POST', '/v1/episodes', { seed })));
    const started = performance.now();
    const steps = await Promise.all(
      created.map(({ body }) => call('POST', `/v1/episodes/${body.episode_id}/step`, { content: 'I hear you.' })),
    );
    const wallMs = performance.now() - started;
    expect(steps.every((step) => step.status === 200)).toBe(true);
    // Each step makes two sequential 300 ms calls; 20 steps one after another would take 12 s.
    expect(wallMs).toBeLessThan(6000);
    expect(endpoint?.maxInFlight()).toBeGreaterThanOrEqual(20);
  });
});
