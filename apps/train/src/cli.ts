#!/usr/bin/env node
import { join } from 'node:path';
import { parseSchemaFlags, runCli } from '@rlver/cli-kit';
import { defaultRunId, formatResolvedConfig, resolveTrainConfig, TRAIN_FLAG_ALIASES, trainFlags } from '@rlver/trainer';
import { runExportCommand } from './export-command';
import { formatDryRun, resumableCheckpoint, runPreflight } from './preflight';
import { runTrainApp } from './run-train-app';
import { formatTrainHelp, TRAIN_COMMAND_FLAGS, TRAIN_VERSION } from './train-help';

// Under `pnpm train` / `pnpm bench` the script runs in the app's folder; resolve paths from where the user typed it.
if (process.env.RLVER_CWD) process.chdir(process.env.RLVER_CWD);

void runCli(async () => {
  if (process.argv[2] === 'export') return runExportCommand(process.argv.slice(3));
  const { overrides, flagNames, command } = parseSchemaFlags(process.argv.slice(2), {
    flags: trainFlags(),
    aliases: TRAIN_FLAG_ALIASES,
    commandFlags: TRAIN_COMMAND_FLAGS,
    command: 'rlver-train',
  });
  if (command.help || command.version) {
    process.stdout.write(command.help ? formatTrainHelp() : `rlver-train ${TRAIN_VERSION}\n`);
    return 0;
  }
  const configFile = command.config as string | undefined;
  const config = resolveTrainConfig({ configFile, overrides, flagNames });
  if (command['print-config'] || command['dry-run']) {
    process.stdout.write(formatResolvedConfig(config, { configFile, flagNames }));
    if (!command['dry-run']) return 0;
    const runDirectory = join(config.runsDir, config.runId ?? defaultRunId(config));
    const outcome = await runPreflight(config, command.resume ? resumableCheckpoint(runDirectory) : undefined);
    process.stdout.write(formatDryRun(config, outcome));
    outcome.wiring.algorithm.dispose();
    return 0;
  }
  const controller = new AbortController();
  process.once('SIGINT', () => {
    process.stderr.write('\nstopping after the current step (Ctrl-C again to kill)…\n');
    controller.abort();
    process.once('SIGINT', () => process.exit(130));
  });
  return runTrainApp(config, { resume: Boolean(command.resume), signal: controller.signal });
});
