import { type ChatClient, createOpenAIChatClient, type OpenAIChatClientConfig } from '@rlver/llm';
import type { Profile } from '@rlver/spec';
import { type ScriptedResponse, startOpenAITestServer } from '@rlver/test-utils';

// Synthetic fixtures for tests (our own text; nothing from the reference data).

/** A synthetic Chinese profile with a recorded opener. */
export const ZH_PROFILE: Profile = {
  id: 'test-zh-0001',
  player: '- 姓名：林小雨\n- 年龄：27\n- 职业：花店店员\n- 爱好：养多肉、夜跑、拼图\n- 说话风格：语速快，爱用反问',
  scene:
    '## 背景故事\n### 1. 倾诉背景事件\n花店老板突然决定把店搬到郊区，小雨每天通勤要多花两个小时。\n### 2. 情绪反应\n情绪高时爱开玩笑，情绪低时敷衍。\n### 3. 对话影响\n被理解时情绪上升，被说教时情绪下降。\n####隐藏主题:\n***你希望对方耐心听你把情绪倾诉出来',
  main_cha: '被动型',
  cha_group: ['内向', '谨慎', '乐观'],
  task: '你希望对方耐心听你把情绪倾诉出来',
  first_talk: '最近上班路上快累死了，老板把店搬走了。',
};

/** A synthetic English profile without an opener. */
export const EN_PROFILE: Profile = {
  id: 'test-en-0001',
  player: '- Name: Sam Reed\n- Age: 34\n- Occupation: bus driver\n- Hobbies: chess, baking, birdwatching',
  scene:
    '## Background\n### 1. The event\nSam was passed over for a route he had asked for twice.\n#### Hidden theme:\n***You want deep empathy for your feelings, not shallow comfort',
  main_cha: 'avoidant',
  cha_group: ['cautious', 'sensitive', 'aloof'],
  task: 'You want deep empathy for your feelings, not shallow comfort',
  lang: 'en',
};

/** A well-formed sage analysis output with the given Change text. */
export function sageAnalysis(change: string, activity = '有点被理解的感觉'): string {
  return `Content:\n[NPC回复的含义]\nNPC在关心我的通勤。\nTargetCompletion:\n[与目标的契合情况]\n契合倾听的需求。\nActivity:\n[心理活动]\n${activity}\nAnalyse:\n[对回复的感受]\n还不错。\nChange:\n${change}`;
}

/** A well-formed rlver-train analysis output with the given Change text. */
export function trainAnalysis(change: string): string {
  return `Content:\nNPC在安慰我。\nReason:\n部分契合隐藏主题。\nActivity:\n心里松了一点。\nAnalyse:\n感觉被听见了。\nChange:\n${change}`;
}

/** A well-formed reply-stage output. */
export function replyOutput(response: string): string {
  return `Thinking:\n态度中立，想继续说。\nOrigin:\n嗯，还行吧。\nChange:\n更口语一点。\nResponse:\n${response}`;
}

/** What a scripted stage answers: text, or a scripted HTTP behaviour. */
export type StageScript = ReadonlyArray<string | ScriptedResponse>;

/**
 * A loopback OpenAI server that routes each request by stage (the reply-stage prompt has a `Response:`
 * label line; the analysis prompt has none) and answers from that stage's script, repeating its last item.
 */
export async function startStageServer(scripts: { analysis?: StageScript; reply?: StageScript }) {
  const positions = { analysis: 0, reply: 0 };
  const stageOf = (prompt: string) => (prompt.includes('\nResponse:\n') ? 'reply' : 'analysis');
  return startOpenAITestServer((request) => {
    const prompt = request.body.messages?.[0]?.content ?? '';
    const stage = stageOf(prompt);
    const script = scripts[stage] ?? [];
    const item = script[Math.min(positions[stage], script.length - 1)];
    positions[stage] += 1;
    if (item === undefined) return { content: '' };
    return typeof item === 'string' ? { content: item } : item;
  });
}

/** A chat client for the loopback server: no backoff sleeps, short timeout. */
export function loopbackClient(baseURL: string, extra: Partial<OpenAIChatClientConfig> = {}): ChatClient {
  return createOpenAIChatClient({
    model: 'sim-model',
    baseURL,
    sleep: async () => {},
    timeoutMs: 2000,
    ...extra,
  });
}
