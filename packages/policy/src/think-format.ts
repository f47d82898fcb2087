export { splitThinkReply, type ThinkSplit, thinkFormatOk } from '@rlver/spec';

/** An assistant turn as the model should write it: `<think>\n…\n</think>\nreply`, or the bare reply. */
export function formatAssistantTurn(options: { reply: string; think?: string | null }): string {
  if (options.think === undefined || options.think === null) return options.reply;
  return `<think>\n${options.think.trim()}\n</think>\n${options.reply}`;
}
