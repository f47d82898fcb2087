import { detectLanguage, type Language } from '@rlver/spec';
import { COMMON_EN_WORDS, COMMON_ZH_CHARACTERS } from './common-zh-characters';

/** Reply length in the unit the user perceives: CJK characters for zh, words for en. */
export function replyLength(text: string, lang: Language): number {
  if (lang === 'zh') {
    let count = 0;
    for (const character of text) if (/[\u4e00-\u9fffA-Za-z0-9]/.test(character)) count += 1;
    return count;
  }
  return text.split(/\s+/).filter((word) => /[A-Za-z0-9]/.test(word)).length;
}

const EN_WORD_LIKE =
  /^(?:[a-z]{1,3}|(?=[a-z]*[aeiouy])(?![a-z]*[bcdfghjklmnpqrstvwxz]{5})(?![a-z]*(.)\1\1)[a-z]{4,16})$/;

/** Why a reply reads as garbled (not natural language); empty when it reads fine. */
export interface GarbleReport {
  garbled: boolean;
  /** Short reasons, e.g. `symbols`, `repetition`, `mixed-scripts`, `random-characters`, `random-letters`. */
  reasons: string[];
}

const isCjk = (code: number) => code >= 0x4e00 && code <= 0x9fff;
const isLatin = (code: number) => (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
const isDigit = (code: number) => code >= 0x30 && code <= 0x39;
/** Cyrillic, Hebrew, Arabic, Devanagari, Thai, Hangul, kana: scripts foreign to both zh and en replies. */
const isOtherScript = (code: number) =>
  (code >= 0x0400 && code <= 0x06ff) ||
  (code >= 0x0900 && code <= 0x097f) ||
  (code >= 0x0e00 && code <= 0x0e7f) ||
  (code >= 0xac00 && code <= 0xd7af) ||
  (code >= 0x3040 && code <= 0x30ff);
const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x09 || code === 0x0d || code === 0x3000;

interface CharacterCounts {
  visible: number;
  letters: number;
  cjk: number;
  commonCjk: number;
  latin: number;
  other: number;
}

function countCharacters(text: string): CharacterCounts {
  const counts: CharacterCounts = { visible: 0, letters: 0, cjk: 0, commonCjk: 0, latin: 0, other: 0 };
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (isSpace(code)) continue;
    counts.visible += 1;
    if (isCjk(code)) {
      counts.cjk += 1;
      counts.letters += 1;
      if (COMMON_ZH_CODES.has(code)) counts.commonCjk += 1;
    } else if (isLatin(code)) {
      counts.latin += 1;
      counts.letters += 1;
    } else if (isOtherScript(code)) {
      counts.other += 1;
      counts.letters += 1;
    } else if (isDigit(code) || (code >= 0xc0 && code <= 0x24f)) counts.letters += 1;
  }
  return counts;
}

const COMMON_ZH_CODES: ReadonlySet<number> = new Set(
  [...COMMON_ZH_CHARACTERS].map((character) => character.charCodeAt(0)),
);

function distinctBigramRatio(text: string): number {
  const seen = new Set<number>();
  let previous = -1;
  let total = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (isSpace(code)) continue;
    if (previous >= 0) {
      seen.add(previous * 65536 + code);
      total += 1;
    }
    previous = code;
  }
  return total < 23 ? 1 : seen.size / total;
}

function repeatedWordRatio(text: string): number {
  const words = text
    .toLowerCase()
    .split(/[\s,.!?;:，。！？；：]+/)
    .filter(Boolean);
  if (words.length < 8) return 0;
  const counts = new Map<string, number>();
  let most = 0;
  for (const word of words) {
    const count = (counts.get(word) ?? 0) + 1;
    counts.set(word, count);
    most = Math.max(most, count);
  }
  return most / words.length;
}

function randomLetters(text: string): boolean {
  const words =
    text
      .toLowerCase()
      .replace(/['’]/g, '')
      .match(/[a-z]+/g) ?? [];
  if (words.length < 3) return false;
  const plausible = words.filter((word) => EN_WORD_LIKE.test(word)).length;
  const frequent = words.filter((word) => COMMON_EN_WORDS.has(word)).length;
  return plausible / words.length < 0.6 || (words.length >= 5 && frequent / words.length < 0.1);
}

/**
 * Detect text that is not natural language: mostly symbols, one token repeated, several unrelated scripts,
 * random (rare) CJK characters, or random Latin letter strings. One pass over the characters; cheap.
 */
export function detectGarbled(text: string): GarbleReport {
  const counts = countCharacters(text);
  if (counts.visible === 0) return { garbled: true, reasons: ['empty'] };
  const reasons: string[] = [];
  const letters = Math.max(counts.letters, 1);
  if (counts.letters / counts.visible < 0.5) reasons.push('symbols');
  if (distinctBigramRatio(text) < 0.3 || repeatedWordRatio(text) > 0.4) reasons.push('repetition');
  const scripts = [counts.cjk, counts.latin, counts.other].filter((count) => count / letters > 0.12).length;
  if (scripts >= 3 || (counts.other / letters > 0.2 && counts.cjk + counts.latin > 0)) reasons.push('mixed-scripts');
  if (counts.cjk >= 6 && counts.commonCjk / counts.cjk < 0.45) reasons.push('random-characters');
  if (counts.latin >= 12 && counts.cjk === 0 && randomLetters(text)) reasons.push('random-letters');
  return { garbled: reasons.length > 0, reasons };
}

/** Whether the reply is written in another language than the user's (enough text to tell). */
export function isLanguageMismatch(text: string, lang: Language): boolean {
  const letters = (text.match(/[\u4e00-\u9fffA-Za-z]/g) ?? []).length;
  if (letters < 8) return false;
  return detectLanguage(text) !== lang;
}

/** Sorted, distinct similarity units as numbers: CJK character bigrams and hashed lower-case Latin words. */
export function similarityUnits(text: string): Uint32Array {
  const units: number[] = [];
  let word = 0;
  let wordLength = 0;
  let previousCjk = -1;
  for (let index = 0; index <= text.length; index += 1) {
    const code = index < text.length ? text.charCodeAt(index) : 0;
    if (isCjk(code)) {
      if (previousCjk >= 0) units.push(((previousCjk - 0x4e00) * 0x5200 + (code - 0x4e00)) >>> 0);
      previousCjk = code;
    } else previousCjk = -1;
    if (isLatin(code)) {
      word = (Math.imul(word ^ (code | 0x20), 0x01000193) + 1) >>> 0;
      wordLength += 1;
    } else if (wordLength > 0) {
      units.push((word | 0x80000000) >>> 0);
      word = 0;
      wordLength = 0;
    }
  }
  const sorted = Uint32Array.from(units).sort();
  let distinct = 0;
  for (let index = 0; index < sorted.length; index += 1) {
    if (index === 0 || sorted[index] !== sorted[index - 1]) sorted[distinct++] = sorted[index] as number;
  }
  return sorted.subarray(0, distinct);
}

function sharedCount(a: Uint32Array, b: Uint32Array): number {
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      shared += 1;
      i += 1;
      j += 1;
    } else if (x < y) i += 1;
    else j += 1;
  }
  return shared;
}

/** Small memo of earlier replies' units (pure function of the text; bounded, so safe across dialogues). */
const unitsMemo = new Map<string, Uint32Array>();

function memoisedUnits(text: string): Uint32Array {
  const cached = unitsMemo.get(text);
  if (cached) return cached;
  const units = similarityUnits(text);
  if (unitsMemo.size >= 512) unitsMemo.delete(unitsMemo.keys().next().value as string);
  unitsMemo.set(text, units);
  return units;
}

/** Overlap (|A∩B| / min(|A|,|B|)) between a reply and each earlier reply; 0 for texts too short to compare. */
export function overlapsWithEarlier(reply: string, earlier: readonly string[]): number[] {
  const current = memoisedUnits(reply);
  return earlier.map((previous) => {
    const units = memoisedUnits(previous);
    if (current.length < 4 || units.length < 4) return 0;
    return sharedCount(current, units) / Math.min(current.length, units.length);
  });
}

/** Highest overlap (|A∩B| / min(|A|,|B|)) between a reply and any earlier reply; 0 when none. */
export function maxOverlapWithEarlier(reply: string, earlier: readonly string[]): number {
  return Math.max(0, ...overlapsWithEarlier(reply, earlier));
}

/** Count of markdown structure (list items, bold headings) — replies that read like a report. */
export function reportFormatting(text: string): number {
  const listItems = (text.match(/^\s*(?:[-*•]|\d+[.、)])\s+/gm) ?? []).length;
  const bold = (text.match(/\*\*[^*]+\*\*/g) ?? []).length;
  const headings = (text.match(/^#{1,4}\s/gm) ?? []).length;
  return listItems + bold + headings;
}
