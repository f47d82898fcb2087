import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileCache } from '@rlver/llm';
import type { SimulatorTurnResult, UserSimulatorV1 } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { createLlmSimulator } from './create-llm-simulator';
import { loopbackClient, replyOutput, startStageServer, trainAnalysis, ZH_PROFILE } from './test-fixtures';

/** A short dialogue: live opener, then three policy replies (one analysis is resampled). */
async function dialogue(simulator: UserSimulatorV1): Promise<SimulatorTurnResult[]> {
  const results = [await simulator.doStart({ profile: ZH_PROFILE, seed: 42 })];
  for (const reply of ['辛苦了，慢慢说', '你可以换个工作', '我一直在听']) {
    const last = results[results.length - 1] as SimulatorTurnResult;
    results.push(await simulator.doRespond({ state: last.state, reply }));
  }
  return results;
}

const withoutLatency = (results: SimulatorTurnResult[]) => results.map(({ latencyMs: _latency, ...rest }) => rest);

describe('createLlmSimulator (record/replay)', () => {
  it('should replay a recorded dialogue with identical results and zero network calls', async () => {
    const directory = join(mkdtempSync(join(tmpdir(), 'rlver-sim-cache-')), 'cache');
    const server = await startStageServer({
      analysis: [trainAnalysis('+10'), '乱写一通', trainAnalysis('-5'), trainAnalysis('+5')],
      reply: [replyOutput('最近上班好远啊'), replyOutput('嗯嗯'), replyOutput('不想换'), replyOutput('谢谢你')],
    });
    const recordingClient = loopbackClient(server.baseURL, { cache: createFileCache({ directory, mode: 'write' }) });
    const recorded = await dialogue(createLlmSimulator({ client: recordingClient, preset: 'rlver-train' }));
    await server.close();
    expect(server.requests).toHaveLength(8);
    expect(recorded.map((result) => result.emotion)).toEqual([30, 40, 35, 40]);
    expect(recorded[2]?.calls).toBe(3);

    const replayCache = createFileCache({ directory, mode: 'read' });
    const replayClient = loopbackClient(server.baseURL, { cache: replayCache });
    const replayed = await dialogue(createLlmSimulator({ client: replayClient, preset: 'rlver-train' }));
    expect(withoutLatency(replayed)).toEqual(withoutLatency(recorded));
    expect(replayClient.callCount()).toBe(0);
    expect(replayCache.stats()).toMatchObject({ hits: 8, writes: 0 });
  });

  it('should fail replay with a typed cache miss when the dialogue differs from the recording', async () => {
    const directory = join(mkdtempSync(join(tmpdir(), 'rlver-sim-cache-')), 'cache');
    const server = await startStageServer({ analysis: [trainAnalysis('+5')], reply: [replyOutput('开场')] });
    const simulator = createLlmSimulator({
      client: loopbackClient(server.baseURL, { cache: createFileCache({ directory, mode: 'write' }) }),
      preset: 'rlver-train',
    });
    await simulator.doStart({ profile: ZH_PROFILE, seed: 1 });
    await server.close();
    const replay = createLlmSimulator({
      client: loopbackClient(server.baseURL, { cache: createFileCache({ directory, mode: 'read' }) }),
      preset: 'rlver-train',
    });
    await expect(replay.doStart({ profile: ZH_PROFILE, seed: 2 })).rejects.toMatchObject({
      name: 'RLVER_CacheMissError',
    });
  });
});
