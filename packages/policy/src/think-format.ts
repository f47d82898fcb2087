import type { Language } from '@rlver/spec';

export { splitThinkReply, type ThinkSplit } from '@rlver/spec';

const PROMPTS: Record<Language, { base: string; think: string }> = {
  en: {
    base: [
      'You are chatting with a friend, and you have a gift for lifting people up with emotionally intelligent replies.',
      'Your aim is to leave them feeling better, or to bring the two of you closer.',
      'Sound warm, natural and everyday:',
      '(1) keep it short and casual, with plain words; grammar can be loose;',
      '(2) use interjections and colloquial phrases freely.',
    ].join('\n'),
    think: [
      'Before every reply, think through how to respond and what to say; reply only once your approach is settled.',
      'Weigh emotionally intelligent strategies: both the logic of the reply and its tone.',
      'Your thinking must be wrapped in <think></think>. Required format:',
      '<think>\nyour thinking\n</think>\nyour reply',
    ].join('\n'),
  },
  zh: {
    base: [
      '你正在和一位朋友聊天，你很擅长用高情商的回复让人心情好起来。',
      '你的目标是让对方感觉更好，或者让你们的关系更亲近。',
      '说话要温暖、自然、有生活气息：',
      '（1）简短随意，用日常用语，语法不必严谨；',
      '（2）可以多用语气词和口语表达。',
    ].join('\n'),
    think: [
      '每次回复之前，先想清楚怎么回、说什么，确定好策略再回复。',
      '多考虑高情商的回应策略：既包括回复的逻辑，也包括语言风格。',
      '思考内容必须放在<think></think>中。格式要求：',
      '<think>\n你的思考\n</think>\n你的回复',
    ].join('\n'),
  },
};

/** The policy's system prompt (spec §5.2, our own wording): non-thinking, or think-then-say. */
export function policySystemPrompt(options: { lang: Language; think: boolean }): string {
  const prompt = PROMPTS[options.lang];
  return options.think ? `${prompt.base}\n${prompt.think}` : prompt.base;
}

/** An assistant turn as the model should write it: `<think>\n…\n</think>\nreply`, or the bare reply. */
export function formatAssistantTurn(options: { reply: string; think?: string | null }): string {
  if (options.think === undefined || options.think === null) return options.reply;
  return `<think>\n${options.think.trim()}\n</think>\n${options.reply}`;
}

const count = (text: string, token: string) => text.split(token).length - 1;

/**
 * Whether an output follows the think-then-say format: exactly one `<think>` and one `</think>`, the
 * output starting (after whitespace) with `<think>`, and a non-empty reply after `</think>`.
 */
export function thinkFormatOk(text: string): boolean {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('<think>')) return false;
  if (count(trimmed, '<think>') !== 1 || count(trimmed, '</think>') !== 1) return false;
  const reply = trimmed.slice(trimmed.indexOf('</think>') + '</think>'.length);
  return reply.trim().length > 0;
}
