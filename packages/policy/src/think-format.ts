export { splitThinkReply, type ThinkSplit } from '@rlver/spec';

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
