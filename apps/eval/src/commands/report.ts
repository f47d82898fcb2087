import { writeFileSync } from 'node:fs';
import { loadReportRuns, renderReport } from '@rlver/bench';
import { type CommandSpec, formatHelp, parseCommandArgs } from '@rlver/cli-kit';
import { InvalidConfigError } from '@rlver/spec';
import { createRuleTagger } from '@rlver/strategies';
import type { CliCommand } from './cli-command';

const spec: CommandSpec = {
  usage: 'rlver-eval report <results dir>... --out report.html',
  summary:
    'Write one self-contained HTML report (leaderboard, emotion curves, endings, strategies, transcripts) for one or more runs.',
  positionals: [
    {
      name: '<results dir>...',
      description: '--out directories of `rlver-eval run`, result .jsonl files, or folders of SAGE result files',
    },
  ],
  flags: {
    out: { type: 'string', short: 'o', description: 'HTML file to write', default: 'report.html' },
    title: { type: 'string', description: 'report title', default: 'Sentient benchmark report' },
  },
  details: [
    'Replies without recorded strategy labels are tagged with the rule tagger.',
    '',
    'Example:',
    '  rlver-eval report runs/gpt-4o runs/embedded --out report.html',
  ].join('\n'),
};

export const reportCommand: CliCommand = {
  name: 'report',
  summary: 'Write an HTML report for one or more runs',
  async run(argv) {
    const { flags, positionals, help } = parseCommandArgs(argv, spec);
    if (help) {
      process.stdout.write(formatHelp(spec));
      return 0;
    }
    if (positionals.length === 0) {
      throw new InvalidConfigError({
        message: 'report needs at least one results directory, e.g. rlver-eval report runs/my-model --out report.html',
      });
    }
    const out = String(flags.out);
    if (!out.endsWith('.html')) {
      throw new InvalidConfigError({
        field: '--out',
        message: `--out "${out}" should name an .html file, e.g. --out report.html`,
      });
    }
    const runs = loadReportRuns(positionals);
    writeFileSync(out, renderReport({ runs, title: String(flags.title), tagger: createRuleTagger() }));
    const episodes = runs.reduce((total, run) => total + run.trajectories.length, 0);
    process.stderr.write(`wrote ${out} (${runs.length} run(s), ${episodes} dialogues)\n`);
    return 0;
  },
};
