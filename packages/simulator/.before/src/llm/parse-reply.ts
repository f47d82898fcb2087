import type { ParseMode } from './parse-analysis';
import { cleanFieldValue, excerpt, type ParseOutcome, stripChars } from './parse-text';

/** The reply stage's parsed output (spec §3.8). */
export interface ParsedReply {
  /** The user's message: text after the last `Response:`. */
  reply: string;
  /** Text after `Thinking:` up to `Response:` (includes Origin and Change). */
  thinking: string;
}

const REPLY_STRIP = '\n []“”';

/**
 * Reference behaviour: `reply` = text after the LAST `Response:` (the whole text when there is none),
 * stripped of `\n`, space, `[`, `]`, `“`, `”`; `thinking` = between `Thinking:\n` and the next `Response:`.
 */
function parseParity(text: string): ParseOutcome<ParsedReply> {
  const responseAt = text.lastIndexOf('Response:');
  const reply = stripChars(responseAt >= 0 ? text.slice(responseAt + 'Response:'.length) : text, REPLY_STRIP);
  const thinkingAt = text.indexOf('Thinking:\n');
  const afterThinking = thinkingAt >= 0 ? text.slice(thinkingAt + 'Thinking:\n'.length) : '';
  const thinking = afterThinking.split('Response:')[0] ?? '';
  if (reply === '') return { ok: false, reason: 'empty reply after "Response:"' };
  return { ok: true, value: { reply, thinking }, warnings: [] };
}

const RESPONSE_LABEL = /\**Response[ \t]*\**[ \t]*[:：]\**/g;
const THINKING_LABEL = /\**Thinking[ \t]*\**[ \t]*[:：]\**/;

/**
 * Tolerant parsing: the last `Response:` label (full-width colon and markdown asterisks allowed) is
 * required; an echoed placeholder line and wrapping quotes are dropped. A missing label is a failure
 * (resample), never the whole analysis text sent as the user's message.
 */
function parseClean(text: string, placeholder: string | undefined): ParseOutcome<ParsedReply> {
  const normalised = text.replace(/\r\n/g, '\n');
  const matches = [...normalised.matchAll(RESPONSE_LABEL)];
  const last = matches[matches.length - 1];
  if (!last) return { ok: false, reason: `label "Response:" missing in "${excerpt(text, 80)}"` };
  const raw = normalised.slice(last.index + last[0].length);
  const reply = stripChars(cleanFieldValue(raw, placeholder), `${REPLY_STRIP}*"　`);
  const thinkingMatch = THINKING_LABEL.exec(normalised);
  const thinking =
    thinkingMatch && thinkingMatch.index < last.index
      ? normalised.slice(thinkingMatch.index + thinkingMatch[0].length, last.index).trim()
      : '';
  if (reply === '') return { ok: false, reason: 'empty reply after "Response:"' };
  return { ok: true, value: { reply, thinking }, warnings: [] };
}

/** Parse a reply-stage output (spec §3.8). `structured` uses the clean parser (the reply stage stays free text). */
export function parseReply(text: string, mode: ParseMode, placeholder?: string): ParseOutcome<ParsedReply> {
  return mode === 'parity' ? parseParity(text) : parseClean(text, placeholder);
}
