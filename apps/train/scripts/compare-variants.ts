/**
 * The 4-variant table of issue 16: PPO/GRPO × think/no-think on the embedded default (or `--preset`, e.g.
 * `embedded-choice`: the choice layer, whose think turns are a plan chosen by the layer, then a reply), each over
 * several seeds.
 * Runs `rlver-train` for every variant and seed (sequentially, each a child process), then writes the table:
 * mean ± sd over seeds of the held-out gain, the degenerate share after (before), the mixed-language share after,
 * the think format rate after (before), the think dependence (points by which a swapped-in think pulls the reply to
 * its strategy, above the control) and the wall time. Markdown on stdout and in `<runs-dir>/compare-variants.md`,
 * every run's and variant's figures in `<runs-dir>/compare-variants.json`.
 *
 *   npx tsx --conditions=source apps/train/scripts/compare-variants.ts [--seeds 0,1,2] [--quick] \
 *     [--runs-dir runs/compare] [--variants ppo,ppo-think,grpo,grpo-think] [--preset embedded-choice] [--report-only] \
 *     [-- extra rlver-train flags]
 *
 * Resumable: a run with `summary.json` is reused, a run folder without one continues with `--resume`, so the
 * script can be killed and started again with the same command. `--quick` checks the pipeline in under an hour on 2
 * cores: 20 steps and 20 held-out profiles (10 zh + 10 en) per run, seed 0 unless `--seeds` is given, in
 * `runs/compare-quick` (its figures are not the issue's table: 20 steps are a quarter of the embedded run).
 * `--report-only` writes the table of the finished runs without starting any.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { groupVariantRuns, readVariantRun, type VariantRun, variantTableMarkdown } from '../src/variant-table';

const QUICK_FLAGS = ['--steps', '20', '--eval-limit', '10'];
const separator = process.argv.indexOf('--');
const own = separator === -1 ? process.argv.slice(2) : process.argv.slice(2, separator);
const extra = separator === -1 ? [] : process.argv.slice(separator + 1);
const { values } = parseArgs({
  args: own,
  options: {
    seeds: { type: 'string' },
    quick: { type: 'boolean', default: false },
    'runs-dir': { type: 'string' },
    variants: { type: 'string', default: 'ppo,ppo-think,grpo,grpo-think' },
    'report-only': { type: 'boolean', default: false },
    preset: { type: 'string' },
  },
});
const preset = values.preset;
const quick = values.quick ?? false;
const seeds = (values.seeds ?? (quick ? '0' : '0,1,2')).split(',').map((seed) => {
  const value = Number(seed);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`--seeds "${values.seeds}": give whole numbers, e.g. 0,1,2`);
  return value;
});
const runsDir = values['runs-dir'] ?? `runs/compare${preset ? `-${preset}` : ''}${quick ? '-quick' : ''}`;
const variants = (values.variants ?? '').split(',').filter(Boolean);
for (const variant of variants) {
  if (!/^(ppo|grpo|rloo)(-think)?$/.test(variant))
    throw new Error(`--variants: "${variant}" is not <algo> or <algo>-think with algo ppo, grpo or rloo`);
}
const cli = join(import.meta.dirname, '..', 'src', 'cli.ts');

const runs: VariantRun[] = [];
for (const variant of variants) {
  for (const seed of seeds) {
    const [algo, think] = variant.split('-');
    const runId = `${variant}-s${seed}`;
    const runDirectory = join(runsDir, runId);
    const summaryFile = join(runDirectory, 'summary.json');
    if (!existsSync(summaryFile)) {
      if (values['report-only']) continue;
      const args = [
        '--conditions=source',
        cli,
        ...(preset ? ['--preset', preset] : []),
        '--algo',
        algo ?? 'grpo',
        '--seed',
        String(seed),
        '--runs-dir',
        runsDir,
        '--run-id',
        runId,
        ...(think ? ['--think'] : []),
        ...(quick ? QUICK_FLAGS : []),
        ...extra,
      ];
      if (existsSync(join(runDirectory, 'config.json'))) args.push('--resume');
      process.stderr.write(`\n=== ${runId}: tsx ${args.slice(1).join(' ')}\n`);
      const result = spawnSync('npx', ['tsx', ...args], { stdio: 'inherit' });
      if (result.status !== 0) {
        process.stderr.write(`${runId} failed with exit code ${result.status}; rerun the same command to resume it\n`);
        continue;
      }
    }
    runs.push(readVariantRun(runDirectory, variant, seed));
  }
}

const groups = groupVariantRuns(runs, variants);
const markdown = [
  `PPO/GRPO × think/no-think on ${preset ? `--preset ${preset}` : 'the embedded default'}${quick ? ' (--quick: 20 steps, 20 held-out profiles)' : ''}; mean ± sd over seeds.`,
  '',
  variantTableMarkdown(groups),
  '',
].join('\n');
mkdirSync(runsDir, { recursive: true });
writeFileSync(join(runsDir, 'compare-variants.md'), markdown);
writeFileSync(
  join(runsDir, 'compare-variants.json'),
  `${JSON.stringify({ preset: preset ?? null, quick, seeds, extraFlags: extra, variants: groups, runs }, null, 2)}\n`,
);
console.log(markdown);
process.stderr.write(`wrote ${join(runsDir, 'compare-variants.md')} and ${join(runsDir, 'compare-variants.json')}\n`);
