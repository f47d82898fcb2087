import type { SimulatorState } from '@rlver/spec';
import { InvalidConfigError } from '@rlver/spec';
import { afterEach, describe, expect, it } from 'vitest';
import { createLlmSimulator } from './create-llm-simulator';
import {
  EN_PROFILE,
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

async function setup(scripts: Parameters<typeof startStageServer>[0]) {
  server = await startStageServer(scripts);
  return { server, client: loopbackClient(server.baseURL) };
}

const promptOf = (s: Server, index: number) => s.requests[index]?.body.messages?.[0]?.content ?? '';
const withEmotion = (state: SimulatorState, emotion: number): SimulatorState => ({ ...state, emotion });

describe('createLlmSimulator', () => {
  it('should make no call on construction and identify itself by model', async () => {
    const { server, client } = await setup({});
    const simulator = createLlmSimulator({ client, preset: 'sage' });
    expect(simulator.simulatorId).toBe('openai:sim-model');
    expect(simulator.specificationVersion).toBe('v1');
    expect(server.requests).toHaveLength(0);
  });

  it('should open sage with first_talk at 40 without any LLM call', async () => {
    const { server, client } = await setup({});
    const start = await createLlmSimulator({ client, preset: 'sage' }).doStart({ profile: ZH_PROFILE, seed: 1 });
    expect(start).toMatchObject({ message: ZH_PROFILE.first_talk, emotion: 40, band: 'B', delta: 0, calls: 0 });
    expect(start.state.history).toEqual([{ role: 'user', content: ZH_PROFILE.first_talk, 'emotion-point': 40 }]);
    expect(server.requests).toHaveLength(0);
  });

  it('should generate the rlver-train opener live at 30 with the Emotion-C label (1 call)', async () => {
    const { server, client } = await setup({ reply: [replyOutput('唉，最近通勤好烦')] });
    const start = await createLlmSimulator({ client, preset: 'rlver-train' }).doStart({ profile: ZH_PROFILE, seed: 1 });
    expect(start).toMatchObject({ message: '唉，最近通勤好烦', emotion: 30, band: 'C', calls: 1 });
    expect(server.requests).toHaveLength(1);
    expect(promptOf(server, 0)).toContain('Emotion-C');
    expect(promptOf(server, 0)).toContain('对话刚刚开始');
  });

  it('should generate the sage opener live when first_talk is missing, with a warning', async () => {
    const { client } = await setup({ reply: [replyOutput('Hey. Rough week at the depot.')] });
    const start = await createLlmSimulator({ client, preset: 'sage' }).doStart({ profile: EN_PROFILE, seed: 2 });
    expect(start).toMatchObject({ message: 'Hey. Rough week at the depot.', emotion: 40, calls: 1 });
    expect(start.state.lang).toBe('en');
    expect(start.warnings.join(' ')).toMatch(/no first_talk/);
  });

  it('should run analysis then reply, apply Δ, and hand the new LABEL to the reply stage (sage)', async () => {
    const { server, client } = await setup({ analysis: [sageAnalysis('+10')], reply: [replyOutput('哈哈，你懂我')] });
    const simulator = createLlmSimulator({ client, preset: 'sage' });
    const start = await simulator.doStart({ profile: ZH_PROFILE, seed: 3 });
    const turn = await simulator.doRespond({ state: withEmotion(start.state, 65), reply: '通勤两小时，真的辛苦了' });
    expect(turn).toMatchObject({
      emotion: 75,
      delta: 10,
      band: 'A',
      message: '哈哈，你懂我',
      calls: 2,
      ended: undefined,
    });
    expect(promptOf(server, 0)).toContain('角色当前的情绪值：65');
    expect(promptOf(server, 1)).toContain('## 当前情绪\nEmotion-A');
    expect(promptOf(server, 1)).not.toMatch(/(?<![0-9a-f])75(?![0-9a-f])|情绪值/);
    expect(promptOf(server, 1)).toContain('契合倾听的需求。');
    const last = turn.state.history[turn.state.history.length - 1];
    expect(last).toMatchObject({ role: 'user', content: '哈哈，你懂我', 'emotion-point': 75 });
    expect(last?.planning).toMatchObject({
      change: 10,
      TargetCompletion: '契合倾听的需求。',
      activity: '有点被理解的感觉',
    });
    expect(turn.state.history[1]).toEqual({ role: 'assistant', content: '通勤两小时，真的辛苦了' });
    expect(turn.state.turn).toBe(1);
  });

  it('should clamp Δ to ±10, cap at 100 and stop at the sage thresholds', async () => {
    const { client } = await setup({
      analysis: [sageAnalysis('+25'), sageAnalysis('+10'), sageAnalysis('-30'), sageAnalysis('-10')],
      reply: [replyOutput('嗯')],
    });
    const simulator = createLlmSimulator({ client, preset: 'sage' });
    const { state } = await simulator.doStart({ profile: ZH_PROFILE, seed: 4 });
    const clamped = await simulator.doRespond({ state, reply: 'a' });
    expect(clamped).toMatchObject({ emotion: 50, delta: 10 });
    expect(clamped.state.history.at(-1)?.planning?.change).toBe(10);
    const capped = await simulator.doRespond({ state: withEmotion(state, 95), reply: 'b' });
    expect(capped).toMatchObject({ emotion: 100, delta: 5, band: 'S', ended: 'ceiling' });
    const floor = await simulator.doRespond({ state: withEmotion(state, 15), reply: 'c' });
    expect(floor).toMatchObject({ emotion: 5, delta: -10, band: 'F', ended: 'floor' });
    const atTen = await simulator.doRespond({ state: withEmotion(state, 20), reply: 'd' });
    expect(atTen).toMatchObject({ emotion: 10, ended: undefined });
  });

  it('should bound Δ to ±20 in rlver-train, cap at 100 without a ceiling stop, and stop at ≤ 0', async () => {
    const { server, client } = await setup({
      analysis: [trainAnalysis('+80'), trainAnalysis('-30'), trainAnalysis('-45')],
      reply: [replyOutput('开头'), replyOutput('嗯')],
    });
    const simulator = createLlmSimulator({ client, preset: 'rlver-train' });
    const { state } = await simulator.doStart({ profile: ZH_PROFILE, seed: 5 });
    const high = await simulator.doRespond({ state: withEmotion(state, 90), reply: 'a' });
    expect(high).toMatchObject({ emotion: 100, delta: 10, band: 'S', ended: undefined });
    expect(high.state.history.at(-1)?.planning).toMatchObject({ change: 20, reason: '部分契合隐藏主题。' });
    expect(await simulator.doRespond({ state: withEmotion(state, 20), reply: 'b' })).toMatchObject({
      emotion: 0,
      ended: 'floor',
    });
    expect(await simulator.doRespond({ state: withEmotion(state, 5), reply: 'c' })).toMatchObject({
      emotion: -15,
      delta: -20,
      ended: 'floor',
    });
    const replyPrompt = promptOf(server, 2);
    expect(replyPrompt).toContain('对NPC回复的客观分析：\n部分契合隐藏主题。\n对NPC回复的主观分析：\n感觉被听见了。');
  });

  it('should leave Δ unclamped in rlver-train only when asked (emotion.deltaClamp null, the reference)', async () => {
    const { client } = await setup({ analysis: [trainAnalysis('-45')], reply: [replyOutput('开头')] });
    const simulator = createLlmSimulator({ client, preset: 'rlver-train', emotion: { deltaClamp: null } });
    const { state } = await simulator.doStart({ profile: ZH_PROFILE, seed: 5 });
    expect(await simulator.doRespond({ state, reply: 'c' })).toMatchObject({ emotion: -15, delta: -45 });
  });

  it('should end on a goodbye in the reply (zh and en) but not on one in the analysis', async () => {
    const { client } = await setup({
      analysis: [sageAnalysis('+5', '真想说再见'), sageAnalysis('+5', '真想说再见'), sageAnalysis('-5')],
      reply: [replyOutput('嗯，你继续说'), replyOutput('好吧，那拜拜啦'), replyOutput('Okay. Bye then.')],
    });
    const simulator = createLlmSimulator({ client, preset: 'sage' });
    const { state } = await simulator.doStart({ profile: ZH_PROFILE, seed: 6 });
    expect((await simulator.doRespond({ state, reply: 'a' })).ended).toBeUndefined();
    expect((await simulator.doRespond({ state, reply: 'b' })).ended).toBe('goodbye');
    const en = await simulator.doStart({ profile: { ...EN_PROFILE, first_talk: 'Hi.' }, seed: 7 });
    expect((await simulator.doRespond({ state: en.state, reply: 'c' })).ended).toBe('goodbye');
  });

  it('should honour strict goodbye detection, difficulty and a mixed preset (rlver-train prompts, SAGE clamp)', async () => {
    const { server, client } = await setup({
      analysis: [trainAnalysis('+30')],
      reply: [replyOutput('他说“再见”就走了')],
    });
    const simulator = createLlmSimulator({
      client,
      preset: 'sage',
      promptVariant: 'rlver-train',
      goodbyeMode: 'strict',
      difficulty: 'hard',
    });
    const { state } = await simulator.doStart({ profile: ZH_PROFILE, seed: 15 });
    const turn = await simulator.doRespond({ state, reply: 'x' });
    expect(turn).toMatchObject({ delta: 10, emotion: 50, ended: undefined });
    expect(promptOf(server, 0)).toContain('## 最新一轮对话');
    expect(promptOf(server, 0)).toContain('冷嘲热讽');
    expect(promptOf(server, 1)).toContain('冷嘲热讽');
  });

  it('should render only content: the policy think never reaches the simulator', async () => {
    const { server, client } = await setup({ analysis: [sageAnalysis('+5')], reply: [replyOutput('嗯')] });
    const simulator = createLlmSimulator({ client, preset: 'sage' });
    const { state } = await simulator.doStart({ profile: ZH_PROFILE, seed: 8 });
    const seeded: SimulatorState = {
      ...state,
      history: [
        ...state.history,
        { role: 'assistant', content: '先前的回复', think: 'SECRET-REASONING-1' },
        { role: 'user', content: '嗯嗯', 'emotion-point': 40, thinking: 'AGENT-THINKING' },
      ],
    };
    await simulator.doRespond({ state: seeded, reply: '可见回复' });
    const bodies = server.requests.map((request) => JSON.stringify(request.body));
    expect(bodies).toHaveLength(2);
    for (const body of bodies) {
      expect(body).not.toContain('SECRET-REASONING-1');
      expect(body).not.toContain('AGENT-THINKING');
      expect(body).toContain('可见回复');
    }
  });

  it('should be stateless: clones evolve independently and the input state is never mutated', async () => {
    const { server, client } = await setup({
      analysis: [sageAnalysis('+5'), sageAnalysis('-5')],
      reply: [replyOutput('好')],
    });
    const simulator = createLlmSimulator({ client, preset: 'sage' });
    const { state } = await simulator.doStart({ profile: ZH_PROFILE, seed: 9 });
    const frozen = structuredClone(state);
    const clone = structuredClone(state);
    expect(server.requests).toHaveLength(0);
    const up = await simulator.doRespond({ state, reply: 'a' });
    const down = await simulator.doRespond({ state: clone, reply: 'a' });
    expect([up.emotion, down.emotion]).toEqual([45, 35]);
    expect(state).toEqual(frozen);
  });

  it('should send the sampling settings and a per-dialogue seed', async () => {
    const { server, client } = await setup({ analysis: [sageAnalysis('+5')], reply: [replyOutput('好')] });
    const simulator = createLlmSimulator({ client, preset: 'sage', temperature: 0.7, maxTokens: 300 });
    const a = await simulator.doStart({ profile: ZH_PROFILE, seed: 10 });
    const b = await simulator.doStart({ profile: ZH_PROFILE, seed: 11 });
    await simulator.doRespond({ state: a.state, reply: 'x' });
    await simulator.doRespond({ state: b.state, reply: 'x' });
    const [first, , third] = server.requests.map((request) => request.body);
    expect(first).toMatchObject({ temperature: 0.7, max_tokens: 300 });
    expect(typeof first?.seed).toBe('number');
    expect(first?.seed).not.toBe(third?.seed);
  });

  it('should request a JSON schema in structured mode and use the integer change', async () => {
    const json = JSON.stringify({ content: 'c', targetCompletion: 't', activity: 'a', analyse: 'n', change: -3 });
    const { server, client } = await setup({ analysis: [json], reply: [replyOutput('嗯')] });
    const simulator = createLlmSimulator({ client, preset: 'sage', parseMode: 'structured' });
    const { state } = await simulator.doStart({ profile: ZH_PROFILE, seed: 12 });
    const turn = await simulator.doRespond({ state, reply: 'x' });
    expect(turn).toMatchObject({ emotion: 37, delta: -3, warnings: [] });
    const format = server.requests[0]?.body.response_format as {
      type: string;
      json_schema: { schema: { required: string[] } };
    };
    expect(format.type).toBe('json_schema');
    expect(format.json_schema.schema.required).toContain('change');
    expect(server.requests[1]?.body.response_format).toBeUndefined();
  });

  it('should reproduce the placeholder leftover in parity mode and drop it in clean mode', async () => {
    const { client } = await setup({ analysis: [sageAnalysis('+5')], reply: [replyOutput('嗯')] });
    const { state } = await createLlmSimulator({ client, preset: 'sage' }).doStart({ profile: ZH_PROFILE, seed: 13 });
    const parity = await createLlmSimulator({ client, preset: 'sage', parseMode: 'parity' }).doRespond({
      state,
      reply: 'x',
    });
    const clean = await createLlmSimulator({ client, preset: 'sage' }).doRespond({ state, reply: 'x' });
    expect(parity.state.history.at(-1)?.planning?.activity).toBe('心理活动]\n有点被理解的感觉');
    expect(clean.state.history.at(-1)?.planning?.activity).toBe('有点被理解的感觉');
  });

  it('should use the English pack for English profiles', async () => {
    const { server, client } = await setup({ analysis: [sageAnalysis('+5')], reply: [replyOutput('ok')] });
    const simulator = createLlmSimulator({ client, preset: 'sage' });
    const { state } = await simulator.doStart({ profile: { ...EN_PROFILE, first_talk: 'Hi.' }, seed: 14 });
    await simulator.doRespond({ state, reply: 'Tell me more.' });
    expect(promptOf(server, 0)).toContain('"role": "you"');
    expect(promptOf(server, 0)).toContain('## Conversation history');
  });

  it('should reject invalid settings before any call, naming the field', async () => {
    const { server, client } = await setup({});
    expect(() => createLlmSimulator({ client, preset: 'sage', maxResampleAttempts: 0 })).toThrow(/maxResampleAttempts/);
    const unknown = () => createLlmSimulator({ client, preset: 'sage', ...({ temprature: 1 } as object) });
    expect(unknown).toThrow(InvalidConfigError);
    expect(() => createLlmSimulator({ client, preset: 'sage', emotion: { maxPolicyTurns: 0 } })).toThrow(
      /maxPolicyTurns/,
    );
    expect(server.requests).toHaveLength(0);
  });
});
