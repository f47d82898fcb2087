/**
 * A small byte-level BPE trainer (GPT-2 / Qwen2 style): words are strings of byte symbols (see
 * `bytesToUnicode`), merges are learnt greedily by pair frequency, ties broken by the pair's text so that
 * training is deterministic.
 */

/** GPT-2's reversible byte → printable character table (256 entries, in byte order). */
export function bytesToUnicode(): string[] {
  const printable: number[] = [];
  for (let code = 33; code <= 126; code += 1) printable.push(code);
  for (let code = 161; code <= 172; code += 1) printable.push(code);
  for (let code = 174; code <= 255; code += 1) printable.push(code);
  const table: string[] = [];
  let extra = 0;
  for (let byte = 0; byte < 256; byte += 1) {
    if (printable.includes(byte)) table.push(String.fromCodePoint(byte));
    else {
      table.push(String.fromCodePoint(256 + extra));
      extra += 1;
    }
  }
  return table;
}

/** Options of `trainByteLevelBpe`. */
export interface BpeTrainingOptions {
  /** Pre-tokens already mapped to byte symbols (as produced by the ByteLevel pre-tokenizer) with their counts. */
  wordCounts: ReadonlyMap<string, number>;
  /** Size of the BPE vocabulary: 256 byte symbols plus the merges (special tokens come on top). */
  vocabSize: number;
  /** A pair seen fewer times than this is never merged (default 2). */
  minFrequency?: number;
}

/** Result: `vocab` maps token → id (bytes first, then merge results in merge order). */
export interface BpeModel {
  vocab: Record<string, number>;
  /** Merges as `"left right"`, in rank order. */
  merges: string[];
}

const SEPARATOR = '\u0000';

function pairKey(left: string, right: string): string {
  return `${left}${SEPARATOR}${right}`;
}

interface PairIndex {
  counts: Map<string, number>;
  wordsWithPair: Map<string, Set<number>>;
}

function addWordPairs(index: PairIndex, symbols: readonly string[], wordId: number, count: number): void {
  for (let position = 0; position + 1 < symbols.length; position += 1) {
    const key = pairKey(symbols[position] as string, symbols[position + 1] as string);
    index.counts.set(key, (index.counts.get(key) ?? 0) + count);
    let words = index.wordsWithPair.get(key);
    if (words === undefined) {
      words = new Set();
      index.wordsWithPair.set(key, words);
    }
    words.add(wordId);
  }
}

function removeWordPairs(index: PairIndex, symbols: readonly string[], count: number): void {
  for (let position = 0; position + 1 < symbols.length; position += 1) {
    const key = pairKey(symbols[position] as string, symbols[position + 1] as string);
    const remaining = (index.counts.get(key) ?? 0) - count;
    if (remaining > 0) index.counts.set(key, remaining);
    else index.counts.delete(key);
  }
}

function mergeSymbols(symbols: readonly string[], left: string, right: string): string[] {
  const merged: string[] = [];
  let position = 0;
  while (position < symbols.length) {
    if (position + 1 < symbols.length && symbols[position] === left && symbols[position + 1] === right) {
      merged.push(left + right);
      position += 2;
    } else {
      merged.push(symbols[position] as string);
      position += 1;
    }
  }
  return merged;
}

function bestPair(counts: ReadonlyMap<string, number>, minFrequency: number): string | undefined {
  let best: string | undefined;
  let bestCount = minFrequency - 1;
  for (const [key, count] of counts) {
    if (count > bestCount || (count === bestCount && best !== undefined && key < best)) {
      best = key;
      bestCount = count;
    }
  }
  return best;
}

/** Train byte-level BPE merges on counted pre-tokens. */
export function trainByteLevelBpe(options: BpeTrainingOptions): BpeModel {
  const byteSymbols = bytesToUnicode();
  const vocab: Record<string, number> = {};
  byteSymbols.forEach((symbol, id) => {
    vocab[symbol] = id;
  });
  const words = [...options.wordCounts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const symbolsOf = words.map(([word]) => Array.from(word));
  const index: PairIndex = { counts: new Map(), wordsWithPair: new Map() };
  words.forEach(([, count], wordId) => {
    addWordPairs(index, symbolsOf[wordId] as string[], wordId, count);
  });
  const merges: string[] = [];
  const minFrequency = options.minFrequency ?? 2;
  let nextId = byteSymbols.length;
  while (nextId < options.vocabSize) {
    const key = bestPair(index.counts, minFrequency);
    if (key === undefined) break;
    const [left, right] = key.split(SEPARATOR) as [string, string];
    merges.push(`${left} ${right}`);
    if (vocab[left + right] === undefined) {
      vocab[left + right] = nextId;
      nextId += 1;
    }
    for (const wordId of index.wordsWithPair.get(key) ?? []) {
      const count = (words[wordId] as [string, number])[1];
      const before = symbolsOf[wordId] as string[];
      removeWordPairs(index, before, count);
      const after = mergeSymbols(before, left, right);
      symbolsOf[wordId] = after;
      addWordPairs(index, after, wordId, count);
    }
    index.wordsWithPair.delete(key);
    index.counts.delete(key);
  }
  return { vocab, merges };
}
