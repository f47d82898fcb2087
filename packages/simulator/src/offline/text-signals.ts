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

const CJK = /[\u4e00-\u9fff]/;
const LATIN = /[A-Za-z]/;
const OTHER_SCRIPT = /[\u0400-\u04ff\u0590-\u05ff\u0600-\u06ff\u0900-\u097f\u0e00-\u0e7f\uac00-\ud7af\u3040-\u30ff]/;
const LETTER_LIKE = /[\p{L}\p{N}]/u;
const EN_WORD_LIKE = /^(?:[a-z]{1,3}|(?=[a-z]*[aeiouy])(?![a-z]*[bcdfghjklmnpqrstvwxz]{5})(?![a-z]*(.)\1\1)[a-z]{4,16})$/;

/** Why a reply reads as garbled (not natural language); empty when it reads fine. */
export interface GarbleReport {
  garbled: boolean;
  /** Short reasons, e.g. `symbols`, `repetition`, `mixed-scripts`, `random-characters`, `random-letters`. */
  reasons: string[];
}

function distinctBigramRatio(text: string): number {
  const compact = text.replace(/\s+/g, '');
  if (compact.length < 24) return 1;
  const seen = new Set<string>();
  for (let index = 0; index + 2 <= compact.length; index += 1) seen.add(compact.slice(index, index + 2));
  return seen.size / (compact.length - 1);
}

function repeatedWordRatio(text: string): number {
  const words = text.toLowerCase().split(/[\s,.!?;:，。！？；：]+/).filter(Boolean);
  if (words.length < 8) return 0;
  const counts = new Map<string, number>();
  for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  return Math.max(...counts.values()) / words.length;
}

/**
 * Detect text that is not natural language: mostly symbols, one token repeated, several unrelated scripts,
 * random (rare) CJK characters, or random Latin letter strings. Cheap enough for every reply.
 */
export function detectGarbled(text: string): GarbleReport {
  const reasons: string[] = [];
  const visible = [...text.replace(/\s+/g, '')];
  if (visible.length === 0) return { garbled: true, reasons: ['empty'] };
  let letters = 0;
  let cjk = 0;
  let common = 0;
  let latin = 0;
  let other = 0;
  for (const character of visible) {
    if (LETTER_LIKE.test(character)) letters += 1;
    if (CJK.test(character)) {
      cjk += 1;
      if (COMMON_ZH_CHARACTERS.has(character)) common += 1;
    } else if (LATIN.test(character)) latin += 1;
    else if (OTHER_SCRIPT.test(character)) other += 1;
  }
  if (letters / visible.length < 0.5) reasons.push('symbols');
  if (distinctBigramRatio(text) < 0.3 || repeatedWordRatio(text) > 0.4) reasons.push('repetition');
  const scripts = [cjk, latin, other].filter((count) => count / Math.max(letters, 1) > 0.12).length;
  if (scripts >= 3 || (other > 0 && other / Math.max(letters, 1) > 0.2 && (cjk > 0 || latin > 0))) {
    reasons.push('mixed-scripts');
  }
  if (cjk >= 6 && common / cjk < 0.45) reasons.push('random-characters');
  if (latin >= 12 && cjk === 0) {
    const words = text.toLowerCase().replace(/['’]/g, '').match(/[a-z]+/g) ?? [];
    const plausible = words.filter((word) => EN_WORD_LIKE.test(word)).length;
    const frequent = words.filter((word) => COMMON_EN_WORDS.has(word)).length;
    if (words.length >= 3 && (plausible / words.length < 0.6 || (words.length >= 5 && frequent / words.length < 0.1))) {
      reasons.push('random-letters');
    }
  }
  return { garbled: reasons.length > 0, reasons };
}

/** Whether the reply is written in another language than the user's (enough text to tell). */
export function isLanguageMismatch(text: string, lang: Language): boolean {
  const letters = (text.match(/[\u4e00-\u9fffA-Za-z]/g) ?? []).length;
  if (letters < 8) return false;
  return detectLanguage(text) !== lang;
}

/** Word-like units for similarity: CJK character bigrams and lower-case Latin words. */
export function similarityUnits(text: string): Set<string> {
  const units = new Set<string>();
  const cjkRuns = text.match(/[\u4e00-\u9fff]+/g) ?? [];
  for (const run of cjkRuns) for (let index = 0; index + 2 <= run.length; index += 1) units.add(run.slice(index, index + 2));
  for (const word of text.toLowerCase().match(/[a-z']+/g) ?? []) units.add(word);
  return units;
}

/** Highest overlap (|A∩B| / min(|A|,|B|)) between a reply and any earlier reply; 0 when none. */
export function maxOverlapWithEarlier(reply: string, earlier: readonly string[]): number {
  const current = similarityUnits(reply);
  if (current.size < 4) return 0;
  let best = 0;
  for (const previous of earlier) {
    const units = similarityUnits(previous);
    if (units.size < 4) continue;
    let shared = 0;
    for (const unit of current) if (units.has(unit)) shared += 1;
    best = Math.max(best, shared / Math.min(current.size, units.size));
  }
  return best;
}

/** Count of markdown structure (list items, bold headings) — replies that read like a report. */
export function reportFormatting(text: string): number {
  const listItems = (text.match(/^\s*(?:[-*•]|\d+[.、)])\s+/gm) ?? []).length;
  const bold = (text.match(/\*\*[^*]+\*\*/g) ?? []).length;
  const headings = (text.match(/^#{1,4}\s/gm) ?? []).length;
  return listItems + bold + headings;
}
