/**
 * Tag every assistant turn of the SAGE result files with the rule tagger and relate label shares to the
 * benchmark score: per model the Sentient score and label shares, then per label the Spearman correlation
 * (across the files) between its share and the score. Reads the data at run time; commits none of it.
 *
 *   npx tsx --conditions=source scripts/tag-sage-transcripts.ts [--dir ../shared/data/sage/transcripts]
 */
import { existsSync, readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CommandSpec, formatHelp, parseCommandArgs } from '@rlver/cli-kit';
import { InvalidInputError, readJsonlFile, STRATEGY_LABELS, type StrategyLabel } from '@rlver/spec';
import { spearmanRho } from '@rlver/stats';
import { z } from 'zod';
import {
  computeLabelDistribution,
  computeStrategyEntropy,
  createRuleTagger,
  type LabelledDialogue,
} from '../src/index';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

const commandSpec: CommandSpec = {
  usage: 'npx tsx --conditions=source scripts/tag-sage-transcripts.ts [options]',
  summary: 'Strategy label shares of SAGE transcripts per model, and their Spearman correlation with the score.',
  flags: {
    dir: {
      type: 'string',
      description: 'Folder with <agent>/<model>.jsonl result files',
      default: resolve(repositoryRoot, '../shared/data/sage/transcripts'),
    },
  },
};

const resultRecordSchema = z.object({
  emo_point: z.number().int(),
  history: z.array(z.object({ role: z.string(), content: z.string() })),
});

const SHORT: Record<StrategyLabel, string> = {
  praise: 'prais',
  deep_empathy: 'empat',
  active_listening: 'listn',
  validation: 'valid',
  dialectical_analysis: 'dialc',
  advice: 'advic',
  perspective_taking: 'persp',
  guided_reflection: 'refl',
  question: 'quest',
  self_disclosure: 'selfd',
  information: 'info',
  generic_comfort: 'gcomf',
  other: 'other',
};

interface ModelRow {
  model: string;
  score: number;
  turns: number;
  shares: Record<StrategyLabel, number>;
  entropy: number;
}

/** Sentient score: mean final emo_point, 1 decimal, half-up on the exact value from the integer sum. */
function sentientScore(points: readonly number[]): number {
  const sum = points.reduce((total, point) => total + point, 0);
  const n = points.length;
  return Math.floor((20 * sum + n) / (2 * n)) / 10;
}

function listResultFiles(directory: string): string[] {
  if (!existsSync(directory)) {
    throw new InvalidInputError({
      message: 'folder not found; pass --dir <folder with <agent>/<model>.jsonl>',
      file: directory,
    });
  }
  return readdirSync(directory, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((agent) =>
      readdirSync(join(directory, agent.name))
        .filter((name) => name.endsWith('.jsonl'))
        .map((name) => join(directory, agent.name, name)),
    )
    .sort();
}

function analyseFile(file: string, agent: string): ModelRow {
  const tagger = createRuleTagger();
  const records = readJsonlFile(file, resultRecordSchema).records.map((record) => record.value);
  const dialogues: LabelledDialogue[] = records.map((record) =>
    record.history
      .filter((message) => message.role === 'assistant')
      .map((message) => tagger.tag(message.content).labels),
  );
  const distribution = computeLabelDistribution(dialogues);
  return {
    model: `${agent}/${basename(file, '.jsonl')}`,
    score: sentientScore(records.map((record) => record.emo_point)),
    turns: distribution.turnCount,
    shares: distribution.shares,
    entropy: computeStrategyEntropy(distribution.shares),
  };
}

function printTable(rows: readonly ModelRow[]): void {
  const header = [
    'model'.padEnd(36),
    'score',
    'turns',
    ...STRATEGY_LABELS.map((label) => SHORT[label].padStart(5)),
    'H(bit)',
  ];
  console.log(header.join(' '));
  for (const row of rows) {
    const shares = STRATEGY_LABELS.map((label) => (row.shares[label] * 100).toFixed(1).padStart(5));
    console.log(
      [
        row.model.padEnd(36),
        row.score.toFixed(1).padStart(5),
        String(row.turns).padStart(5),
        ...shares,
        row.entropy.toFixed(2).padStart(6),
      ].join(' '),
    );
  }
  console.log('(label shares in % of assistant turns; a turn can carry several labels)');
}

function printCorrelations(rows: readonly ModelRow[]): void {
  const scores = rows.map((row) => row.score);
  const correlations = STRATEGY_LABELS.map((label) => ({
    label,
    rho: spearmanRho(
      rows.map((row) => row.shares[label]),
      scores,
    ),
  })).sort((a, b) => (Number.isNaN(b.rho) ? -2 : b.rho) - (Number.isNaN(a.rho) ? -2 : a.rho));
  console.log(`\nSpearman rho between label share and score across ${rows.length} files:`);
  for (const { label, rho } of correlations) {
    console.log(`  ${label.padEnd(22)} ${Number.isNaN(rho) ? '   n/a' : rho.toFixed(2).padStart(6)}`);
  }
  const entropyRho = spearmanRho(
    rows.map((row) => row.entropy),
    scores,
  );
  console.log(`  ${'(entropy)'.padEnd(22)} ${entropyRho.toFixed(2).padStart(6)}`);
}

function main(): void {
  const { flags, help } = parseCommandArgs(process.argv.slice(2), commandSpec);
  if (help) {
    process.stdout.write(formatHelp(commandSpec));
    return;
  }
  const directory = String(flags.dir);
  const rows = listResultFiles(directory).map((file) => analyseFile(file, basename(resolve(file, '..'))));
  rows.sort((a, b) => b.score - a.score);
  printTable(rows);
  printCorrelations(rows);
}

main();
