import type { Language } from '@rlver/spec';

/** Phrases of the user's message a templated reply can echo. */
export interface Grounding {
  /** A quoted phrase, or a short clause of the message. */
  quote: string | undefined;
  /** Someone the user named, addressed from the listener's side (`你妈妈`, `your boss`, `小林`). */
  person: string | undefined;
  /** Whether `quote` was quoted by the user (rather than a clause picked from the message). */
  quoted: boolean;
}

const QUOTED = /[“"「『‘]([^”"」』’]{2,30})[”"」』’]/u;
const ZH_RELATIONS =
  /我(?:的)?(妈妈|妈|爸爸|爸|老公|老婆|男朋友|女朋友|男友|女友|老板|领导|上司|同事|室友|闺蜜|朋友|哥哥|姐姐|弟弟|妹妹|儿子|女儿|孩子|婆婆|老师|同学|对象)/u;
const ZH_NAME = /((?:小|阿|老)[\u4e00-\u9fa5])(?=说|他|她|的|对|跟|和|又|也|就|还|最近|居然|竟然|一直|总是|根本)/u;
const ZH_NOT_NAMES = new Set(['小时', '小心', '小孩', '老是', '老实', '老家', '老板', '老师', '阿姨']);
const EN_RELATIONS =
  /\bmy (mom|mum|dad|mother|father|boss|manager|partner|husband|wife|boyfriend|girlfriend|best friend|friend|sister|brother|son|daughter|roommate|coworker|colleague|teacher)\b/i;
/** A capitalised word that no sentence boundary (end mark, line break, quote, dash, colon) stands before. */
const EN_NAME = /(?<![.!?…:;\n"“'‘(—–-]["”’)]*\s*)(?<!^\s*)\b([A-Z][a-z]{2,})\b/gu;
/**
 * Capitalised words that are not names: sentence openers (a user's message may start a sentence after a comma or
 * with no mark at all: "ugh That hurt"), days, months, languages.
 */
const EN_NOT_NAMES = new Set([
  ...['The', 'And', 'But', 'That', 'This', 'There', 'Then', 'They', 'Their', 'These', 'Those', 'What', 'When'],
  ...['Where', 'Why', 'How', 'Who', 'Which', 'She', 'Her', 'His', 'Him', 'You', 'Your', 'Our', 'Its', 'Not', 'Now'],
  ...['Just', 'Also', 'Still', 'Even', 'Maybe', 'Honestly', 'Anyway', 'Well', 'Yes', 'Yeah', 'Sorry', 'Thanks'],
  ...['Please', 'Okay', 'Today', 'Tonight', 'Tomorrow', 'Yesterday', 'Sometimes', 'Everyone', 'Nobody', 'Someone'],
  ...['Nothing', 'Everything', 'Something', 'Because', 'Since', 'After', 'Before', 'Every', 'Some', 'All', 'One'],
  ...['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday', 'January', 'February', 'March'],
  ...['April', 'June', 'July', 'August', 'September', 'October', 'November', 'December', 'English', 'Chinese'],
  'God',
]);

function shortClause(text: string, lang: Language): string | undefined {
  const clauses = text
    .split(lang === 'zh' ? /[。！？!?，,；;…\n]+/u : /[.!?;\n]+/)
    .map((clause) => clause.trim())
    .filter((clause) =>
      lang === 'zh' ? clause.length >= 4 && clause.length <= 18 : clause.length >= 8 && clause.length <= 60,
    );
  return clauses[clauses.length - 1];
}

function personOf(text: string, lang: Language): string | undefined {
  if (lang === 'zh') {
    const relation = ZH_RELATIONS.exec(text);
    if (relation?.[1]) return `你${relation[1]}`;
    const name = ZH_NAME.exec(text)?.[1];
    return name && !ZH_NOT_NAMES.has(name) ? name : undefined;
  }
  const relation = EN_RELATIONS.exec(text);
  if (relation?.[1]) return `your ${relation[1].toLowerCase()}`;
  for (const match of text.matchAll(EN_NAME)) {
    const name = match[1] as string;
    if (!EN_NOT_NAMES.has(name)) return name;
  }
  return undefined;
}

/** Find what a templated reply can ground itself in: a quoted phrase (else a short clause) and a named person. */
export function extractGrounding(text: string, lang: Language): Grounding {
  const quoted = QUOTED.exec(text)?.[1]?.trim();
  return { quote: quoted ?? shortClause(text, lang), person: personOf(text, lang), quoted: quoted !== undefined };
}
