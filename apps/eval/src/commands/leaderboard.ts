import { formatLeaderboardTable, importLeaderboard, leaderboardJson } from '@rlver/bench';
import { type CommandSpec, formatHelp, parseCommandArgs } from '@rlver/cli-kit';
import { InvalidConfigError } from '@rlver/spec';
import type { CliCommand } from './cli-command';

const spec: CommandSpec = {
  usage: 'rlver-eval leaderboard <dir> [--json]',
  summary:
    'Score a folder of result files (one <model>.jsonl per model, nested folders allowed; SAGE reference format or rlver-eval run output) and print the leaderboard.',
  positionals: [{ name: '<dir>', description: 'folder of .jsonl result files, or one file' }],
  flags: {
    json: {
      type: 'boolean',
      description: 'print {"rows": [{model, name, score, success, failure, …}]} instead of a table',
    },
  },
  details: [
    'Score = mean final emotion (1 decimal, half-up from the integer sum); success = final ≥ 100; failure = final < 10.',
    'Model names are the file paths relative to <dir> without .jsonl (deepseek-v3/claude3.7); `name` is the file stem.',
    '',
    'Example:',
    '  rlver-eval leaderboard ../shared/data/sage/transcripts',
  ].join('\n'),
};

export const leaderboardCommand: CliCommand = {
  name: 'leaderboard',
  summary: 'Score a folder of result files and print the leaderboard',
  async run(argv) {
    const { flags, positionals, help } = parseCommandArgs(argv, spec);
    if (help) {
      process.stdout.write(formatHelp(spec));
      return 0;
    }
    if (positionals.length !== 1) {
      throw new InvalidConfigError({
        message: `leaderboard takes one folder, got ${positionals.length} arguments; e.g. rlver-eval leaderboard runs/ (see --help)`,
      });
    }
    const rows = importLeaderboard(positionals[0] as string);
    process.stdout.write(flags.json ? leaderboardJson(rows) : formatLeaderboardTable(rows));
    return 0;
  },
};
