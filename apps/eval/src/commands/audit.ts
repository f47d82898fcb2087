import { auditReplies, formatReplyAudit, listAuditFiles, readAuditFile } from '@rlver/bench';
import { type CommandSpec, formatHelp, parseCommandArgs } from '@rlver/cli-kit';
import { InvalidConfigError } from '@rlver/spec';
import type { CliCommand } from './cli-command';

const spec: CommandSpec = {
  usage: 'rlver-eval audit <results.jsonl | run folder>... [--json] [--samples 3]',
  summary:
    'Audit the replies of results files for degenerate text (repetition, stutter, mixed language, cut-off, low fluency): the reward-hacking monitors and sample flagged replies.',
  positionals: [
    {
      name: '<results.jsonl | run folder>...',
      description:
        'benchmark results.jsonl, training rollouts.jsonl, SAGE transcript files, or folders (a training run folder: rollouts + before/after benchmarks)',
    },
  ],
  flags: {
    json: {
      type: 'boolean',
      description:
        'print [{file, format, dialogues, monitors: {replies, topOpening, metrics}, samples, steps}] as JSON',
    },
    samples: { type: 'string', description: 'flagged replies shown per kind (spread over the file)', default: '3' },
  },
  details: [
    'The format is detected from the first line; the assistant messages are the replies, in the language of the',
    "dialogue's profile (SAGE files: detected from the opening message). Errored dialogues and empty replies are",
    'left out. The figures are the monitor/* metrics that rlver-train logs every step (apps/train/README.md); for',
    'training rollouts the first and the last steps are compared.',
    '',
    'Examples:',
    '  rlver-eval audit runs/embedded-choice-grpo-s0           # rollouts + before/after benchmarks of a run',
    '  rlver-eval audit runs/bench/gpt-4o/results.jsonl --json',
    '  rlver-eval audit ../shared/data/sage/transcripts --samples 1',
  ].join('\n'),
};

export const auditCommand: CliCommand = {
  name: 'audit',
  summary: 'Audit replies of results files for degenerate text (reward-hacking monitors)',
  async run(argv) {
    const { flags, positionals, help } = parseCommandArgs(argv, spec);
    if (help) {
      process.stdout.write(formatHelp(spec));
      return 0;
    }
    if (positionals.length === 0) {
      throw new InvalidConfigError({
        message: 'audit needs at least one results file or folder, e.g. rlver-eval audit runs/my-run (see --help)',
      });
    }
    const samplesPerKind = Number(flags.samples);
    if (!Number.isInteger(samplesPerKind) || samplesPerKind < 0) {
      throw new InvalidConfigError({
        field: '--samples',
        message: `--samples is "${flags.samples}"; give an integer ≥ 0 (flagged replies shown per kind)`,
      });
    }
    const files = positionals.flatMap((path) => listAuditFiles(path));
    const audits = files.map((file) => {
      const source = readAuditFile(file);
      return { file, format: source.format, ...auditReplies(source.dialogues, { samplesPerKind }) };
    });
    if (flags.json) {
      process.stdout.write(`${JSON.stringify(audits, null, 2)}\n`);
      return 0;
    }
    for (const { file, format, ...report } of audits) {
      process.stdout.write(`${formatReplyAudit(`${file} (${format}, ${report.dialogues} dialogues)`, report)}\n`);
    }
    return 0;
  },
};
