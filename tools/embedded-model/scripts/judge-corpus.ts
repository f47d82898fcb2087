/**
 * Score the pretraining corpus's replies with the offline simulated user (`@rlver/simulator`, the RL reward):
 *   npx tsx --conditions=source tools/embedded-model/scripts/judge-corpus.ts [--dialogues 200] [--seed 11]
 *     [--quote-fraction 0.7] [--copy-curriculum-fraction 0.5] [--grounded-fraction 0] [--examples 5] [--json FILE]
 * Generates the corpus (defaults: the shipped phase-1 options), judges every assistant reply in its dialogue's
 * state (`judge-corpus-replies.ts`) and prints the mean change and the share sunk (slot template, one-size, not my
 * story, …) per language × strategy and per language × template kind, then `--examples` judged replies per language
 * × strategy. `--json FILE` writes every judged reply (one JSON object a line).
 */
import { writeFileSync } from 'node:fs';
import { generateCorpus } from '../corpus/generate-corpus';
import { type JudgedCorpusReply, judgeCorpusReplies } from './judge-corpus-replies';

function numberFlag(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  if (index < 0) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isFinite(value)) {
    process.stderr.write(`judge-corpus: ${name} needs a number (got "${process.argv[index + 1] ?? ''}")\n`);
    process.exit(2);
  }
  return value;
}

const dialogueCount = numberFlag('--dialogues', 200);
const examples = numberFlag('--examples', 5);
const jsonIndex = process.argv.indexOf('--json');
const jsonFile = jsonIndex >= 0 ? process.argv[jsonIndex + 1] : undefined;
const started = performance.now();
const dialogues = generateCorpus({
  seed: numberFlag('--seed', 11),
  dialogueCount,
  quoteFraction: numberFlag('--quote-fraction', 0.7),
  copyCurriculumFraction: numberFlag('--copy-curriculum-fraction', 0.5),
  groundedFraction: numberFlag('--grounded-fraction', 0),
  thinkingFraction: 0.3,
});
const judged = await judgeCorpusReplies(dialogues);
const seconds = (performance.now() - started) / 1000;

interface Tally {
  count: number;
  change: number;
  sunk: Map<string, number>;
}
function tally(rows: readonly JudgedCorpusReply[]): Tally {
  const sunk = new Map<string, number>();
  for (const row of rows) if (row.sunk) sunk.set(row.sunk, (sunk.get(row.sunk) ?? 0) + 1);
  return { count: rows.length, change: rows.reduce((sum, row) => sum + row.change, 0), sunk };
}
function line(label: string, rows: readonly JudgedCorpusReply[]): string {
  const { count, change, sunk } = tally(rows);
  const sunkCount = [...sunk.values()].reduce((sum, value) => sum + value, 0);
  const kinds = [...sunk.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([code, value]) => `${code} ${value}`)
    .join(', ');
  const mean = count > 0 ? (change / count).toFixed(2) : '–';
  const share = count > 0 ? ((100 * sunkCount) / count).toFixed(1) : '–';
  return `${label.padEnd(34)} n=${String(count).padStart(4)}  mean change ${mean.padStart(6)}  sunk ${share.padStart(5)} %  ${kinds}`;
}
function groupBy(rows: readonly JudgedCorpusReply[], key: (row: JudgedCorpusReply) => string) {
  const groups = new Map<string, JudgedCorpusReply[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return [...groups.entries()].sort((a, b) => a[0].localeCompare(b[0]));
}

const out: string[] = [`${judged.length} replies of ${dialogueCount} dialogues judged in ${seconds.toFixed(1)} s`];
out.push(line('all', judged));
for (const [label, rows] of groupBy(judged, (row) => `${row.lang} ${row.kind}`)) out.push(line(label, rows));
out.push('', 'per language × strategy:');
for (const [label, rows] of groupBy(judged, (row) => `${row.lang} ${row.strategy}`)) out.push(line(label, rows));
out.push('', 'per language × strategy × kind:');
for (const [label, rows] of groupBy(judged, (row) => `${row.lang} ${row.strategy} ${row.kind}`))
  out.push(line(label, rows));
if (examples > 0) {
  out.push('', 'examples (change, sunk, reply | inner thoughts):');
  for (const [label, rows] of groupBy(judged, (row) => `${row.lang} ${row.strategy}`)) {
    out.push(`## ${label}`);
    for (const row of rows.slice(0, examples))
      out.push(
        `  ${row.change} [${row.kind}${row.sunk ? ` sunk:${row.sunk}` : ''}] ${row.reply}\n      | ${row.innerThoughts.slice(0, 160)}`,
      );
  }
}
process.stdout.write(`${out.join('\n')}\n`);
if (jsonFile) writeFileSync(jsonFile, `${judged.map((row) => JSON.stringify(row)).join('\n')}\n`);
