import type { Language } from '@rlver/spec';

/**
 * A reply that says again what the policy said earlier in this dialogue in other slot words: the same frame once
 * the user's own words are set aside, or the same opening clause. Exact copies are the integrity check's
 * `repeated-reply`; this catches the template re-filled, which an overlap over all words misses (the slot words
 * differ each turn).
 */
export interface SaidBefore {
  /** Earlier replies this one repeats (by frame or by opening clause). */
  repeats: number;
  /** The shared opening clause, or the start of the shared frame, shown in the inner thought. */
  detail: string;
  /** Of `repeats`, how many share the frame (the rest share only the opening clause). */
  frames: number;
}

/** Frame units a reply needs, after the user's words are set aside, before it is compared (zh bigrams, en word pairs). */
const MIN_FRAME_UNITS = { zh: 8, en: 5 } as const;
/** Share of the smaller frame found in the other for the two to be the same frame. */
const FRAME_OVERLAP = 0.7;
/** An opening clause this long (zh characters, en words) said again is a formula, not a start. */
const MIN_OPENING = { zh: 8, en: 5 } as const;

const CLAUSE_BREAK = /[，,。.!?！？；;:：—…\n]/;

/** zh character bigrams or en lower-case word pairs, as strings. */
function frameUnits(text: string, lang: Language): string[] {
  if (lang === 'zh') {
    const units: string[] = [];
    for (const run of text.match(/[\u4e00-\u9fff]+/g) ?? []) {
      for (let index = 0; index + 1 < run.length; index += 1) units.push(run.slice(index, index + 2));
    }
    return units;
  }
  const words = text.toLowerCase().match(/[a-z]+(?:['’][a-z]+)?/g) ?? [];
  return words.slice(1).map((word, index) => `${words[index]} ${word}`);
}

/** The reply's own frame: its units that are not in anything the user said or wrote. */
function ownFrame(text: string, lang: Language, userUnits: ReadonlySet<string>): Set<string> {
  return new Set(frameUnits(text, lang).filter((unit) => !userUnits.has(unit)));
}

/** The first clause, lower-cased, without spaces, when long enough to be a formula; otherwise undefined. */
export function openingClause(text: string, lang: Language): string | undefined {
  const first = text.trim().split(CLAUSE_BREAK)[0]?.trim() ?? '';
  const size = lang === 'zh' ? (first.match(/[\u4e00-\u9fff]/g) ?? []).length : first.split(/\s+/).length;
  if (size < MIN_OPENING[lang]) return undefined;
  return first.toLowerCase().replace(/[\s'’"“”]+/g, '');
}

function frameOverlap(a: ReadonlySet<string>, b: ReadonlySet<string>, lang: Language): number {
  if (a.size < MIN_FRAME_UNITS[lang] || b.size < MIN_FRAME_UNITS[lang]) return 0;
  let shared = 0;
  for (const unit of a) if (b.has(unit)) shared += 1;
  return shared / Math.min(a.size, b.size);
}

/**
 * How many of the policy's earlier replies this reply says again: the same frame (≥ `FRAME_OVERLAP` of the
 * smaller frame, the user's words set aside) or the same opening clause. `userSide` is everything the user said or
 * wrote (their messages, persona, story): slot words taken from it do not make a reply new.
 */
export function saidBefore(
  reply: string,
  earlier: readonly string[],
  userSide: readonly string[],
  lang: Language,
): SaidBefore | undefined {
  if (earlier.length === 0) return undefined;
  const userUnits = new Set(userSide.flatMap((text) => frameUnits(text, lang)));
  const frame = ownFrame(reply, lang, userUnits);
  const opening = openingClause(reply, lang);
  let repeats = 0;
  let frames = 0;
  let detail = '';
  for (const previous of earlier) {
    const sameOpening = opening !== undefined && openingClause(previous, lang) === opening;
    const sameFrame = frameOverlap(frame, ownFrame(previous, lang, userUnits), lang) >= FRAME_OVERLAP;
    if (!sameOpening && !sameFrame) continue;
    repeats += 1;
    if (sameFrame) frames += 1;
    if (!detail)
      detail =
        reply
          .trim()
          .split(CLAUSE_BREAK)[0]
          ?.trim()
          .slice(0, lang === 'zh' ? 16 : 60) ?? '';
  }
  return repeats > 0 ? { repeats, frames, detail } : undefined;
}
