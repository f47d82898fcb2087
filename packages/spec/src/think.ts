/** Result of splitting a think-then-say output (spec §5.3). */
export interface ThinkSplit {
  /** Text inside the last `<think>…</think>`, or null when there is none. */
  think: string | null;
  /** The visible reply. */
  reply: string;
  /** Whether the output contained `</think>` (format check). */
  hasThinkClose: boolean;
}

/**
 * Split a policy output into reasoning and visible reply, as the reference `extract_content`:
 * keep the text after the last `</think>` (trimmed); then, if it contains `你：` or `你:`, keep what follows
 * the last occurrence. Without `</think>` the whole output is the reply.
 */
export function splitThinkReply(output: string): ThinkSplit {
  const close = output.lastIndexOf('</think>');
  let think: string | null = null;
  let reply = output;
  if (close >= 0) {
    const open = output.lastIndexOf('<think>', close);
    think = output.slice(open >= 0 ? open + '<think>'.length : 0, close).trim();
    reply = output.slice(close + '</think>'.length);
  }
  reply = reply.trim();
  const speaker = Math.max(reply.lastIndexOf('你：'), reply.lastIndexOf('你:'));
  if (speaker >= 0) reply = reply.slice(speaker + 2).trim();
  return { think, reply, hasThinkClose: close >= 0 };
}

const occurrences = (text: string, token: string) => text.split(token).length - 1;

/**
 * Whether an output follows the think-then-say format (spec §5.2): exactly one `<think>` and one `</think>`, the
 * output starting (after whitespace) with `<think>`, and a non-empty reply after `</think>`.
 */
export function thinkFormatOk(text: string): boolean {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('<think>')) return false;
  if (occurrences(trimmed, '<think>') !== 1 || occurrences(trimmed, '</think>') !== 1) return false;
  const reply = trimmed.slice(trimmed.indexOf('</think>') + '</think>'.length);
  return reply.trim().length > 0;
}
