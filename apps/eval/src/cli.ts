#!/usr/bin/env node
import { packageVersion, runCli } from '@rlver/cli-kit';
import { InvalidConfigError } from '@rlver/spec';
import { auditCommand } from './commands/audit';
import { chatCommand } from './commands/chat';
import type { CliCommand } from './commands/cli-command';
import { leaderboardCommand } from './commands/leaderboard';
import { redteamCommand } from './commands/redteam';
import { replayCommand } from './commands/replay';
import { reportCommand } from './commands/report';
import { runCommand } from './commands/run';
import { tagCommand } from './commands/tag';

const commands: CliCommand[] = [
  runCommand,
  leaderboardCommand,
  reportCommand,
  auditCommand,
  tagCommand,
  replayCommand,
  redteamCommand,
  chatCommand,
];

function topLevelHelp(): string {
  const rows = commands.map((command) => `  ${command.name.padEnd(12)} ${command.summary}`);
  return [
    'Usage: rlver-eval <command> [options]',
    '',
    'Evaluate empathetic dialogue agents against simulated users (the Sentient benchmark) and inspect their strategies.',
    '',
    'Commands:',
    ...rows,
    '',
    'Run `rlver-eval <command> --help` for the options of a command; `rlver-eval --version` prints the version.',
    '',
  ].join('\n');
}

// Under `pnpm train` / `pnpm bench` the script runs in the app's folder; resolve paths from where the user typed it.
if (process.env.RLVER_CWD) process.chdir(process.env.RLVER_CWD);

void runCli(async () => {
  const [name, ...rest] = process.argv.slice(2);
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(topLevelHelp());
    return name === undefined ? 2 : 0;
  }
  if (name === '--version') {
    process.stdout.write(`rlver-eval ${packageVersion(import.meta.url)}\n`);
    return 0;
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) {
    throw new InvalidConfigError({
      message: `unknown command "${name}"; use one of: ${commands.map((candidate) => candidate.name).join(', ')} (see rlver-eval --help)`,
    });
  }
  return command.run(rest);
});
