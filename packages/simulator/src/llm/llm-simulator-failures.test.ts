import { InvalidLLMOutputError, LLMCallError } from '@rlver/spec';
import { afterEach, describe, expect, it } from 'vitest';
import { createLlmSimulator } from './create-llm-simulator';
import {
  loopbackClient,
  replyOutput,
  sageAnalysis,
  startStageServer,
  trainAnalysis,
  ZH_PROFILE,
} from './test-fixtures';

type Server = Awaited<ReturnType<typeof startStageServer>>;
let server: Server | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function firstTurn(
  scripts: Parameters<typeof startStageServer>[0],
  settings: Partial<Parameters<typeof createLlmSimulator>[0]> = {},
  clientSettings: Parameters<typeof loopbackClient>[1] = {},
) {
  server = await startStageServer(scripts);
  const client = loopbackClient(server.baseURL, clientSettings);
  const simulator = createLlmSimulator({ client, preset: 'sage', ...settings });
  const { state } = await simulator.doStart({ profile: ZH_PROFILE, seed: 1 });
  return { server, run: () => simulator.doRespond({ state, reply: '你还好吗？' }) };
}

describe('createLlmSimulator (failures)', () => {
  it('should ride out 429 and 500 through the client retries', async () => {
    const { server, run } = await firstTurn({
      analysis: [{ status: 429 }, { status: 500 }, sageAnalysis('+5')],
      reply: [replyOutput('还行')],
    });
    const turn = await run();
    expect(turn).toMatchObject({ emotion: 45, message: '还行', calls: 2 });
    expect(server.requests).toHaveLength(4);
  });

  it('should time out a hanging call and retry it', async () => {
    const { server, run } = await firstTurn(
      { analysis: [sageAnalysis('+5')], reply: [{ hang: true }, replyOutput('来了')] },
      {},
      { timeoutMs: 250 },
    );
    expect(await run()).toMatchObject({ message: '来了', emotion: 45 });
    expect(server.requests).toHaveLength(3);
  });

  it('should throw LLMCallError once the transport retries are spent', async () => {
    const { server, run } = await firstTurn({ analysis: [{ status: 503 }] }, {}, { maxRetries: 1 });
    const error = await run().catch((caught: unknown) => caught);
    expect(LLMCallError.isInstance(error)).toBe(true);
    expect(server.requests).toHaveLength(2);
  });

  it('should resample malformed analysis and reply outputs, then succeed', async () => {
    const { server, run } = await firstTurn({
      analysis: ['我觉得还行吧', sageAnalysis('情绪上升了一些'), sageAnalysis('-5')],
      reply: ['Thinking:\n没写完', replyOutput('嗯…也许吧')],
    });
    const turn = await run();
    expect(turn).toMatchObject({ emotion: 35, delta: -5, message: '嗯…也许吧', calls: 5 });
    expect(server.requests).toHaveLength(5);
    expect(turn.warnings.filter((warning) => warning.includes('unparseable'))).toHaveLength(3);
    expect(server.requests[1]?.body.messages).toEqual(server.requests[0]?.body.messages);
  });

  it('should throw InvalidLLMOutputError after exactly maxResampleAttempts calls of garbage', async () => {
    const { server, run } = await firstTurn({ analysis: ['#$%^&* garbage'] }, { maxResampleAttempts: 4 });
    const error = await run().catch((caught: unknown) => caught);
    expect(InvalidLLMOutputError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ attempts: 4, text: '#$%^&* garbage' });
    expect((error as Error).message).toMatch(/analysis output of sim-model could not be parsed after 4/);
    expect(server.requests).toHaveLength(4);
  });

  it('should bound reply-stage resampling too (rlver-train, "-5分" is not an integer)', async () => {
    server = await startStageServer({ analysis: [trainAnalysis('-5分')], reply: [replyOutput('开场')] });
    const simulator = createLlmSimulator({
      client: loopbackClient(server.baseURL),
      preset: 'rlver-train',
      maxResampleAttempts: 2,
    });
    const { state } = await simulator.doStart({ profile: ZH_PROFILE, seed: 2 });
    await expect(simulator.doRespond({ state, reply: 'x' })).rejects.toMatchObject({ attempts: 2 });
    expect(server.requests).toHaveLength(3);
  });

  it('should treat an empty output as an error, never as a silent empty message or a zero Δ', async () => {
    const { server, run } = await firstTurn({ analysis: [''] });
    const error = await run().catch((caught: unknown) => caught);
    expect(InvalidLLMOutputError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/empty/);
    // The client retries an empty answer like any malformed one (2 retries by default), then gives up.
    expect(server.requests).toHaveLength(3);
  });

  it('should stop before calling when the signal is already aborted', async () => {
    server = await startStageServer({ analysis: [sageAnalysis('+5')] });
    const simulator = createLlmSimulator({ client: loopbackClient(server.baseURL), preset: 'sage' });
    const { state } = await simulator.doStart({ profile: ZH_PROFILE, seed: 3 });
    await expect(simulator.doRespond({ state, reply: 'x', signal: AbortSignal.abort() })).rejects.toThrow();
    expect(server.requests).toHaveLength(0);
  });
});
