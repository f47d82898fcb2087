import { writeFileSync } from 'node:fs';
import { loadReportSources, renderReport, serveLiveReport } from '@rlver/bench';
import { type CommandSpec, formatHelp, parseCommandArgs } from '@rlver/cli-kit';
import { InvalidConfigError } from '@rlver/spec';
import { createRuleTagger } from '@rlver/strategies';
import type { CliCommand } from './cli-command';

const spec: CommandSpec = {
  usage: 'rlver-eval report <run or results dir>... [--out report.html | --watch]',
  summary:
    'Write one self-contained HTML report (training curves over steps, leaderboard with simulator, emotion curves, endings, strategies, transcripts filterable by outcome) for one or more runs, overlaid.',
  positionals: [
    {
      name: '<run or results dir>...',
      description:
        'training run folders (runs/<run-id>, with metrics.jsonl), --out directories of `rlver-eval run`, result .jsonl files, or folders of SAGE result files',
    },
  ],
  flags: {
    out: { type: 'string', short: 'o', description: 'HTML file to write', default: 'report.html' },
    title: { type: 'string', description: 'report title', default: 'RLVER report' },
    watch: {
      type: 'boolean',
      description: 'serve a live view on 127.0.0.1 that reloads while a run writes (Ctrl-C stops); writes no file',
    },
    port: { type: 'string', description: 'port of --watch (0 = any free port)', default: '8765' },
  },
  details: [
    'Replies without recorded strategy labels are tagged with the rule tagger. Transcripts are sampled across',
    'outcomes (120 dialogues over all runs); every dialogue counts in the tables and charts.',
    '',
    'Examples:',
    '  rlver-eval report runs/embedded-choice-grpo-s0 runs/embedded-choice-ppo-s0 --out compare.html   # runs overlaid',
    '  rlver-eval report bench/gpt-4o bench/embedded --out report.html                   # benchmark folders',
    '  rlver-eval report runs/embedded-choice-grpo-s0 --watch                            # live, while it trains',
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
    const title = String(flags.title);
    const tagger = createRuleTagger();
    if (flags.watch) {
      const port = Number(flags.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535) {
        throw new InvalidConfigError({
          field: '--port',
          message: `--port "${flags.port}" should be 0–65535, e.g. --port 8765`,
        });
      }
      const live = await serveLiveReport({ paths: positionals, title, tagger, port });
      process.stderr.write(`live report at ${live.url} (reloads when the run writes; Ctrl-C stops)\n`);
      await new Promise<void>((resolve) => process.once('SIGINT', resolve));
      await live.close();
      return 0;
    }
    const out = String(flags.out);
    if (!out.endsWith('.html')) {
      throw new InvalidConfigError({
        field: '--out',
        message: `--out "${out}" should name an .html file, e.g. --out report.html`,
      });
    }
    const { runs, training } = loadReportSources(positionals);
    const html = renderReport({ runs, training, title, tagger });
    writeFileSync(out, html);
    const episodes = runs.reduce((total, run) => total + run.trajectories.length, 0);
    process.stderr.write(
      `wrote ${out} (${training.length} training run(s), ${runs.length} benchmark run(s), ${episodes} dialogues, ${(Buffer.byteLength(html) / 1e6).toFixed(2)} MB)\n`,
    );
    return 0;
  },
};
