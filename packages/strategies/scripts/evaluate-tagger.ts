/**
 * Score the rule tagger on a hand-labelled file: per-label precision/recall/F1 and micro-F1 for the dev
 * split, the held-out test split and all items. Records may lack `id` and `split` and carry an `author`;
 * a file without any `split` (eval/independent-replies.jsonl) is split by position: even 0-based index →
 * dev, odd → test.
 *
 *   npx tsx --conditions=source scripts/evaluate-tagger.ts [--file eval/independent-replies.jsonl] [--errors dev]
 */
import { fileURLToPath } from 'node:url';
import { type CommandSpec, formatHelp, parseCommandArgs } from '@rlver/cli-kit';
import { readJsonlFile, STRATEGY_LABELS, type StrategyLabel } from '@rlver/spec';
import {
  computeMultiLabelScores,
  createRuleTagger,
  type LabelledReply,
  labelledReplySchema,
  resolveLabelledReplies,
  type SplitRule,
} from '../src/index';

const commandSpec: CommandSpec = {
  usage: 'npx tsx --conditions=source scripts/evaluate-tagger.ts [options]',
  summary: 'Per-label precision/recall/F1 and micro-F1 of the rule tagger on the hand-labelled replies.',
  flags: {
    file: {
      type: 'string',
      description: 'Labelled JSONL file',
      default: fileURLToPath(new URL('../eval/labelled-replies.jsonl', import.meta.url)),
    },
    'split-by': {
      type: 'string',
      description:
        "field: the record's split (missing → test); index: even 0-based position → dev, odd → test; auto: index when no record has a split",
      choices: ['auto', 'field', 'index'],
      default: 'auto',
    },
    errors: { type: 'string', description: 'Print the misclassified items of this split', choices: ['dev', 'test'] },
  },
};

function percent(value: number): string {
  return (value * 100).toFixed(1).padStart(6);
}

function report(
  name: string,
  items: readonly LabelledReply[],
  predictions: Map<string, readonly StrategyLabel[]>,
): void {
  const scores = computeMultiLabelScores(
    items.map((item) => item.labels),
    items.map((item) => predictions.get(item.id) ?? []),
  );
  console.log(`\n== ${name} (${items.length} replies) ==`);
  console.log(`${'label'.padEnd(22)} support      P      R     F1`);
  for (const label of STRATEGY_LABELS) {
    const s = scores.perLabel[label];
    console.log(
      `${label.padEnd(22)} ${String(s.support).padStart(7)} ${percent(s.precision)} ${percent(s.recall)} ${percent(s.f1)}`,
    );
  }
  const m = scores.micro;
  console.log(
    `${'micro'.padEnd(22)} ${String(m.support).padStart(7)} ${percent(m.precision)} ${percent(m.recall)} ${percent(m.f1)}`,
  );
  console.log(`macro-F1 ${percent(scores.macroF1)}   exact-match ${percent(scores.exactMatch)}`);
}

function main(): void {
  const { flags, help } = parseCommandArgs(process.argv.slice(2), commandSpec);
  if (help) {
    process.stdout.write(formatHelp(commandSpec));
    return;
  }
  const records = readJsonlFile(String(flags.file), labelledReplySchema).records.map((record) => record.value);
  const items = resolveLabelledReplies(records, flags['split-by'] as SplitRule);
  console.log(`file ${String(flags.file)} (splits by ${String(flags['split-by'])})`);
  const tagger = createRuleTagger();
  const predictions = new Map(items.map((item) => [item.id, tagger.tag(item.text, item.lang).labels]));
  report(
    'dev',
    items.filter((item) => item.split === 'dev'),
    predictions,
  );
  report(
    'test (held out)',
    items.filter((item) => item.split === 'test'),
    predictions,
  );
  report('all', items, predictions);
  if (flags.errors) {
    for (const item of items.filter((entry) => entry.split === flags.errors)) {
      const predicted = predictions.get(item.id) ?? [];
      const gold = item.labels;
      const missing = gold.filter((label) => !predicted.includes(label));
      const extra = predicted.filter((label) => !gold.includes(label));
      if (missing.length + extra.length > 0) console.log(`${item.id} -[${missing}] +[${extra}] ${item.text}`);
    }
  }
}

main();
