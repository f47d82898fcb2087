/**
 * Compare PPO vs GRPO and think vs no-think on the embedded default: runs `rlver-train` for each variant and
 * seed (sequentially, each a child process), then prints mean ± std of the held-out before/after scores and the
 * strategy shift. Usage (from the repo root):
 *   npx tsx --conditions=source apps/train/scripts/compare-variants.ts [--seeds 0,1,2] [--runs-dir runs/compare] [-- extra rlver-train flags]
 * Finished runs (summary.json present) are reused, so the script can be interrupted and rerun;
 * `--report-only` prints the table of the finished runs without starting any.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseJsonl, trajectorySchema } from '@rlver/spec';
import { repeatsOwnNgram, trainingSummarySchema } from '@rlver/trainer';

const separator = process.argv.indexOf('--');
const own = separator === -1 ? process.argv.slice(2) : process.argv.slice(2, separator);
const extra = separator === -1 ? [] : process.argv.slice(separator + 1);
const { values } = parseArgs({
  args: own,
  options: {
    seeds: { type: 'string', default: '0,1,2' },
    'runs-dir': { type: 'string', default: 'runs/compare' },
    variants: { type: 'string', default: 'ppo,ppo-think,grpo,grpo-think' },
    'report-only': { type: 'boolean', default: false },
  },
});
const seeds = (values.seeds ?? '0').split(',').map(Number);
const runsDir = values['runs-dir'] ?? 'runs/compare';
const variants = (values.variants ?? '').split(',').filter(Boolean);
const cli = join(import.meta.dirname, '..', 'src', 'cli.ts');

interface Row {
  variant: string;
  seed: number;
  before: number;
  after: number;
  seconds: number;
  shares: { before: Record<string, number>; after: Record<string, number> };
  selfRepetition: { before: number; after: number };
}

/** Share of a benchmark folder's replies that repeat an n-gram of their own (degeneration; NaN if absent). */
function selfRepetitionShare(benchmarkDirectory: string): number {
  const file = join(benchmarkDirectory, 'results.jsonl');
  if (!existsSync(file)) return Number.NaN;
  const flags = parseJsonl(readFileSync(file, 'utf8'), trajectorySchema).records.flatMap(({ value }) =>
    value.turns.map((turn) => (repeatsOwnNgram(turn.reply, value.lang) ? 1 : 0)),
  );
  return flags.reduce<number>((sum, flag) => sum + flag, 0) / Math.max(flags.length, 1);
}
const rows: Row[] = [];
for (const variant of variants) {
  for (const seed of seeds) {
    const [algo, think] = variant.split('-');
    const runId = `${variant}-s${seed}`;
    const summaryFile = join(runsDir, runId, 'summary.json');
    if (!existsSync(summaryFile) && values['report-only']) continue;
    if (!existsSync(summaryFile)) {
      const args = [
        '--conditions=source',
        cli,
        '--algo',
        algo ?? 'ppo',
        '--seed',
        String(seed),
        '--runs-dir',
        runsDir,
        '--run-id',
        runId,
        ...(think ? ['--think'] : []),
        ...extra,
      ];
      if (existsSync(join(runsDir, runId, 'config.json'))) args.push('--resume');
      process.stderr.write(`\n=== ${runId}: tsx ${args.slice(1).join(' ')}\n`);
      const result = spawnSync('npx', ['tsx', ...args], { stdio: 'inherit' });
      if (result.status !== 0) {
        process.stderr.write(`${runId} failed with exit code ${result.status}\n`);
        continue;
      }
    }
    const summary = trainingSummarySchema.parse(JSON.parse(readFileSync(summaryFile, 'utf8')));
    rows.push({
      variant,
      seed,
      before: summary.before?.score ?? Number.NaN,
      after: summary.after?.score ?? Number.NaN,
      seconds: summary.wallSeconds,
      shares: { before: summary.before?.strategies ?? {}, after: summary.after?.strategies ?? {} },
      selfRepetition: {
        before: selfRepetitionShare(join(runsDir, runId, 'before')),
        after: selfRepetitionShare(join(runsDir, runId, 'after')),
      },
    });
  }
}

const meanStd = (values: number[]) => {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const std =
    values.length > 1
      ? Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1))
      : 0;
  return `${mean.toFixed(1)} ± ${std.toFixed(1)}`;
};
const labels = ['praise', 'deep_empathy', 'advice', 'generic_comfort'];
console.log(
  `| variant | seeds | before | after | gain | wall s | ${labels.map((label) => `${label} before→after`).join(' | ')} | self-repetition before→after |`,
);
console.log(`|---|---|---|---|---|---|${labels.map(() => '---').join('|')}|---|`);
for (const variant of variants) {
  const group = rows.filter((row) => row.variant === variant);
  if (group.length === 0) continue;
  const share = (label: string, when: 'before' | 'after') =>
    ((100 * group.reduce((sum, row) => sum + (row.shares[when][label] ?? 0), 0)) / group.length).toFixed(0);
  const repetition = (when: 'before' | 'after') =>
    ((100 * group.reduce((sum, row) => sum + row.selfRepetition[when], 0)) / group.length).toFixed(0);
  console.log(
    `| ${variant} | ${group.map((row) => row.seed).join(',')} | ${meanStd(group.map((row) => row.before))} | ${meanStd(group.map((row) => row.after))} | ${meanStd(group.map((row) => row.after - row.before))} | ${meanStd(group.map((row) => row.seconds))} | ${labels.map((label) => `${share(label, 'before')}→${share(label, 'after')} %`).join(' | ')} | ${repetition('before')}→${repetition('after')} % |`,
  );
}
