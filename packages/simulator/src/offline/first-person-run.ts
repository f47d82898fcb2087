import type { Language } from '@rlver/spec';
import { quotedSpans } from './quote-spans';

/**
 * Shortest run of the user's words, said back verbatim with their first person in it, that counts as the reply speaking
 * as the user: zh characters / en words. Measured 2026-11-27 (docs/decisions/2026-11-27-other-dialogue.md): among the
 * 1,400 judged strong-model replies of the zh SAGE red-team set the longest such run is 1–5 characters for all but two
 * (a quote in marks the quote reader missed, 6; "自我觉察", 7, which this reader does not count), and among the 96 shipped
 * en reference replies it is 2 words at most; a clause of the user's 8+ characters / 5+ words said back whole is far
 * longer.
 */
const MIN_RUN: Readonly<Record<Language, number>> = { zh: 6, en: 4 };

/** Clause and sentence breaks: a run said back stays inside one clause of the reply. */
const CLAUSE_BREAK = /[，。！？：；、,.!?:;…\n]+/;

/** en words that are the speaker's first person. */
const EN_FIRST_PERSON = new Set(['i', "i'm", "i've", "i'd", "i'll", 'me', 'my', 'mine', 'myself']);

/** zh: 我 as the speaker (not inside 自我, "self"). */
function zhFirstPersonAt(text: string, index: number): boolean {
  return text[index] === '我' && text[index - 1] !== '自';
}

/** The reply with every quoted span blanked by a clause break: a quote in marks is the user's words, honestly cited. */
function outsideQuotes(reply: string, lang: Language): string {
  let text = '';
  let cursor = 0;
  for (const span of quotedSpans(reply, lang)) {
    if (span.start < cursor) continue;
    text += `${reply.slice(cursor, span.start)}。`;
    cursor = span.end;
  }
  return text + reply.slice(cursor);
}

function zhRun(clause: string, said: string): string | undefined {
  if (!clause.includes('我')) return undefined;
  let best: string | undefined;
  for (let start = 0; start < clause.length; start += 1) {
    // The longest stretch from `start` the user said (a stretch the user said has every shorter prefix said too).
    let end = start;
    while (end < clause.length && said.includes(clause.slice(start, end + 1))) end += 1;
    for (let index = start; index < end; index += 1) {
      if (!zhFirstPersonAt(clause, index)) continue;
      if (end - start >= MIN_RUN.zh && end - start > (best?.length ?? 0)) best = clause.slice(start, end);
      break;
    }
  }
  return best;
}

const enWords = (text: string) =>
  (text
    .replace(/’/g, "'")
    .toLowerCase()
    .match(/[a-z0-9]+(?:'[a-z]+)*/g) ?? []) as string[];

function enRun(clause: string, said: readonly string[]): string | undefined {
  const words = enWords(clause);
  if (!words.some((word) => EN_FIRST_PERSON.has(word))) return undefined;
  const saidText = ` ${said.join(' ')} `;
  let best: string[] | undefined;
  for (let start = 0; start < words.length; start += 1) {
    let end = start;
    while (end < words.length && saidText.includes(` ${words.slice(start, end + 1).join(' ')} `)) end += 1;
    const run = words.slice(start, end);
    if (run.length >= MIN_RUN.en && run.length > (best?.length ?? 0) && run.some((word) => EN_FIRST_PERSON.has(word)))
      best = run;
  }
  return best?.join(' ');
}

/**
 * A run of the user's words the reply says back verbatim, outside quotation marks and inside one clause of its own,
 * with the user's first person still in it ("我第二天一早就有课", "I haven't slept in a week"), at least `MIN_RUN` long;
 * undefined when there is none. The reply then says the user's experience as its own: a retelling turns "I" into "you"
 * ("你第二天一早就有课"), a quote puts the words in marks, and a clause pasted whole into a stock frame keeps them as the
 * user wrote them. Unlike the folded runs of `ownWords`, the person is not folded here: the person is the evidence.
 */
export function firstPersonRun(reply: string, userMessages: readonly string[], lang: Language): string | undefined {
  const clauses = outsideQuotes(reply, lang).split(CLAUSE_BREAK);
  let best: string | undefined;
  const size = (run: string) => (lang === 'zh' ? run.length : run.split(' ').length);
  if (lang === 'zh') {
    const said = userMessages.map((message) => message.replace(/\s+/g, '')).join('\n');
    for (const clause of clauses) {
      const run = zhRun(clause.replace(/\s+/g, ''), said);
      if (run && size(run) > (best ? size(best) : 0)) best = run;
    }
  } else {
    const said = userMessages.map((message) => enWords(message).join(' '));
    for (const clause of clauses) {
      const run = enRun(clause, said);
      if (run && size(run) > (best ? size(best) : 0)) best = run;
    }
  }
  return best;
}
