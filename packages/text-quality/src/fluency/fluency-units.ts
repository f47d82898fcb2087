import type { Language } from '@rlver/spec';

/** Unit the fluency model reads at the start of every text. */
export const START_UNIT = '<s>';
/** A run of Latin letters inside zh text. */
export const LATIN_UNIT = '<L>';
/** A run of digits. */
export const DIGIT_UNIT = '<D>';
/** A CJK character inside en text. */
export const CJK_UNIT = '<C>';
/** Any other symbol run (punctuation that is not a sentence mark, emoji, markdown). */
export const SYMBOL_UNIT = '<P>';

const isCjk = (character: string) => /[\u4e00-\u9fff]/.test(character);
const SENTENCE_MARKS_ZH: Readonly<Record<string, string>> = {
  '，': '，',
  ',': '，',
  '。': '。',
  '.': '。',
  '！': '！',
  '!': '！',
  '？': '？',
  '?': '？',
  '；': '；',
  ';': '；',
  '：': '：',
  ':': '：',
  '、': '、',
};
const SENTENCE_MARKS_EN = new Set([',', '.', '!', '?', ';', ':']);

/**
 * The units the zh fluency model reads: each CJK character; a run of Latin letters, digits or other symbols
 * becomes one placeholder; sentence marks are kept (half- and full-width alike). Whitespace is ignored.
 */
function zhUnits(text: string): string[] {
  const units: string[] = [START_UNIT];
  for (const character of text) {
    let unit: string | undefined;
    if (isCjk(character)) unit = character;
    else if (/\s/.test(character)) continue;
    else if (/[A-Za-z]/.test(character)) unit = LATIN_UNIT;
    else if (/[0-9]/.test(character)) unit = DIGIT_UNIT;
    else unit = SENTENCE_MARKS_ZH[character] ?? SYMBOL_UNIT;
    const previous = units[units.length - 1];
    if (unit.startsWith('<') && unit === previous) continue;
    units.push(unit);
  }
  return units;
}

/** The units the en fluency model reads: lower-cased words (apostrophes kept), sentence marks, placeholders. */
function enUnits(text: string): string[] {
  const units: string[] = [START_UNIT];
  const tokens =
    text
      .toLowerCase()
      .replace(/[’‘]/g, "'")
      .match(/[a-z]+(?:'[a-z]+)*|[0-9]+|[\u4e00-\u9fff]|\S/g) ?? [];
  for (const token of tokens) {
    let unit: string;
    if (/^[a-z]/.test(token)) unit = token;
    else if (/^[0-9]/.test(token)) unit = DIGIT_UNIT;
    else if (isCjk(token)) unit = CJK_UNIT;
    else if (SENTENCE_MARKS_EN.has(token)) unit = token;
    else if (token === "'" || token === '"' || token === '-') continue;
    else unit = SYMBOL_UNIT;
    const previous = units[units.length - 1];
    if (unit.startsWith('<') && unit === previous) continue;
    units.push(unit);
  }
  return units;
}

/** Split a text into the units of the language's fluency model (the first unit is always {@link START_UNIT}). */
export function fluencyUnits(text: string, lang: Language): string[] {
  return lang === 'zh' ? zhUnits(text) : enUnits(text);
}

/** Whether a unit is a word or character the model scores (not a placeholder, mark or the start). */
export function isContentUnit(unit: string): boolean {
  return !unit.startsWith('<') && /[\p{L}]/u.test(unit);
}
