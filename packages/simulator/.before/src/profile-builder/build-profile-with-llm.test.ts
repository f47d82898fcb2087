import { INTENTIONS, InvalidConfigError } from '@rlver/spec';
import { type ScriptedResponse, startOpenAITestServer } from '@rlver/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import { loopbackClient, replyOutput } from '../llm/test-fixtures';
import { buildProfileWithLlm } from './build-profile-with-llm';
import { PERSONALITY_TRAITS } from './personality-traits';
import { LLM_PROFILE_SEED_TALKS, LLM_PROFILE_SEED_TOPICS } from './profile-builder-prompts';

const PERSONA = '- 姓名：许安\n- 年龄：29\n- 职业：面包师\n- 爱好：攀岩、做手账、听播客\n- 说话风格：直来直去';
const SCENE =
  '## 背景故事\n### 1. 倾诉背景事件\n面包店被连锁店挤压，老板准备裁员，许安担心自己被裁。\n### 2. 情绪反应\n高时爽朗，低时冷淡。';

type Stage = 'persona' | 'scene' | 'opener';
const stageOf = (prompt: string): Stage =>
  prompt.includes('\nResponse:\n')
    ? 'opener'
    : prompt.includes('## 输出结构') || prompt.includes('## Output structure')
      ? 'scene'
      : 'persona';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve(scripts: Record<Stage, Array<string | ScriptedResponse>>) {
  const positions: Record<Stage, number> = { persona: 0, scene: 0, opener: 0 };
  const server = await startOpenAITestServer((request) => {
    const stage = stageOf(request.body.messages?.[0]?.content ?? '');
    const script = scripts[stage];
    const item = script[Math.min(positions[stage], script.length - 1)] ?? '';
    positions[stage] += 1;
    return typeof item === 'string' ? { content: item } : item;
  });
  close = () => server.close();
  const prompts = () => server.requests.map((request) => request.body.messages?.[0]?.content ?? '');
  return { server, client: loopbackClient(server.baseURL), prompts };
}

describe('buildProfileWithLlm', () => {
  it('should call persona, then scene, then the opener, and assemble the profile', async () => {
    const { client, prompts } = await serve({
      persona: [PERSONA],
      scene: [SCENE],
      opener: [replyOutput('最近店里气氛好怪')],
    });
    const built = await buildProfileWithLlm({
      client,
      lang: 'zh',
      seed: 7,
      intention: 'e3',
      personality: { type: 'negative', traits: ['愤怒', '自私', '虚荣'] },
    });
    const task = INTENTIONS.e3.task.zh;
    expect(built.profile).toMatchObject({
      player: PERSONA,
      scene: `${SCENE}\n####隐藏主题:\n***${task}`,
      main_cha: '负面型',
      cha_group: ['愤怒', '自私', '虚荣'],
      task,
      intention: 'e3',
      lang: 'zh',
      first_talk: '最近店里气氛好怪',
    });
    expect(built.profile.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(LLM_PROFILE_SEED_TOPICS.zh).toContain(built.profile.topic);
    expect(built.calls).toBe(3);
    const [persona, scene, opener] = prompts();
    expect(prompts().map(stageOf)).toEqual(['persona', 'scene', 'opener']);
    expect(persona).toContain('负面型：愤怒、自私、虚荣');
    expect(LLM_PROFILE_SEED_TALKS.zh.filter((talk) => persona?.includes(talk))).toHaveLength(3);
    expect(scene).toContain(PERSONA);
    expect(scene).toContain(task);
    expect(scene).toContain(built.profile.topic ?? 'missing');
    expect(opener).toContain('对话刚刚开始');
    expect(opener).toContain('Emotion-B');
    expect(opener).toContain('####隐藏主题:');
  });

  it('should be reproducible from the seed and pick a valid personality and intention by default', async () => {
    const { client } = await serve({ persona: [PERSONA], scene: [SCENE], opener: [replyOutput('嗯')] });
    const first = await buildProfileWithLlm({ client, lang: 'zh', seed: 11 });
    const again = await buildProfileWithLlm({ client, lang: 'zh', seed: 11 });
    const other = await buildProfileWithLlm({ client, lang: 'zh', seed: 12 });
    expect(again.profile).toEqual(first.profile);
    expect(other.profile.id).not.toBe(first.profile.id);
    const type = { 负面型: 'negative', 被动型: 'passive', 回避型: 'avoidant' }[first.profile.main_cha] as 'negative';
    expect(type).toBeDefined();
    expect(new Set(first.profile.cha_group).size).toBe(3);
    for (const trait of first.profile.cha_group) expect(PERSONALITY_TRAITS[type].zh).toContain(trait);
    expect(INTENTIONS[first.profile.intention ?? 'r1'].task.zh).toBe(first.profile.task);
  });

  it('should write the English hidden-theme tail and English prompts', async () => {
    const { client, prompts } = await serve({
      persona: ['- Name: Ada Moss\n- Age: 30\n- Occupation: baker'],
      scene: ['## Background\n### 1. The event\nThe bakery is cutting staff and Ada fears for her job.'],
      opener: [replyOutput('Work has been weird lately.')],
    });
    const built = await buildProfileWithLlm({ client, lang: 'en', seed: 3, intention: 'r2' });
    expect(built.profile.scene.endsWith(`\n#### Hidden theme:\n***${INTENTIONS.r2.task.en}`)).toBe(true);
    expect(built.profile.first_talk).toBe('Work has been weird lately.');
    expect(prompts()[0]).toContain('professional screenwriter');
  });

  it('should resample a too-short persona and give up with a typed error after the bound', async () => {
    const retried = await serve({ persona: ['好的', PERSONA], scene: [SCENE], opener: [replyOutput('嗯')] });
    expect((await buildProfileWithLlm({ client: retried.client, lang: 'zh', seed: 1 })).calls).toBe(4);
    await close?.();
    const failing = await serve({ persona: ['好的'], scene: [SCENE], opener: [replyOutput('嗯')] });
    await expect(
      buildProfileWithLlm({ client: failing.client, lang: 'zh', seed: 1, maxResampleAttempts: 2 }),
    ).rejects.toMatchObject({
      name: 'RLVER_InvalidLLMOutputError',
      attempts: 2,
    });
    expect(failing.server.requests).toHaveLength(2);
  });

  it('should reject a personality with foreign traits before any call', async () => {
    const { client, server } = await serve({ persona: [PERSONA], scene: [SCENE], opener: [replyOutput('嗯')] });
    await expect(
      buildProfileWithLlm({
        client,
        lang: 'zh',
        seed: 1,
        personality: { type: 'passive', traits: ['愤怒', '内向', '乐观'] },
      }),
    ).rejects.toBeInstanceOf(InvalidConfigError);
    expect(server.requests).toHaveLength(0);
  });
});
