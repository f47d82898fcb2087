#!/usr/bin/env node
import { join } from 'node:path';
import { formatHelp, numberFlag, parseCommandArgs, runCli } from '@rlver/cli-kit';
import { defaultRunId, formatResolvedConfig, resolveTrainConfig } from '@rlver/trainer';
import { checkAlgorithmConfig } from './build-training-components';
import { runExportCommand } from './export-command';
import { loraOverrides } from './lora-flags';
import { formatDryRun, resumableCheckpoint, runPreflight } from './preflight';
import { runTrainApp } from './run-train-app';
import { ENDPOINT_FLAG_TO_FIELD, FLAG_TO_FIELD, INTEGER_FLAGS, TRAIN_COMMAND } from './train-command-spec';

// Under `pnpm train` / `pnpm bench` the script runs in the app's folder; resolve paths from where the user typed it.
if (process.env.RLVER_CWD) process.chdir(process.env.RLVER_CWD);

void runCli(async () => {
  if (process.argv[2] === 'export') return runExportCommand(process.argv.slice(3));
  const { flags, help, version } = parseCommandArgs(process.argv.slice(2), TRAIN_COMMAND);
  if (help || version) {
    process.stdout.write(help ? formatHelp(TRAIN_COMMAND) : `rlver-train ${TRAIN_COMMAND.version}\n`);
    return 0;
  }
  const overrides: Record<string, unknown> = {};
  const flagNames = new Map<string, string>();
  for (const [flag, field] of Object.entries(FLAG_TO_FIELD)) {
    const value = INTEGER_FLAGS.has(flag) ? numberFlag(flags, flag, { integer: true }) : flags[flag];
    if (value === undefined || value === false) continue;
    overrides[field] = value;
    flagNames.set(field, `--${flag}`);
  }
  const endpoint: Record<string, number> = {};
  for (const [flag, field] of Object.entries(ENDPOINT_FLAG_TO_FIELD)) {
    const value = numberFlag(flags, flag, { integer: true });
    if (value === undefined) continue;
    endpoint[field] = value;
    flagNames.set(`simulatorEndpoint.${field}`, `--${flag}`);
  }
  if (Object.keys(endpoint).length > 0) overrides.simulatorEndpoint = endpoint;
  const lora = loraOverrides(flags, flagNames);
  if (lora) overrides.lora = lora;
  if (flags['no-eval']) {
    overrides.evaluate = false;
    flagNames.set('evaluate', '--no-eval');
  }
  const config = resolveTrainConfig({
    configFile: flags.config as string | undefined,
    overrides,
    flagNames,
    checkAlgorithmConfig,
  });
  if (flags['print-config'] || flags['dry-run']) {
    process.stdout.write(formatResolvedConfig(config, { configFile: flags.config as string | undefined, flagNames }));
    if (!flags['dry-run']) return 0;
    const runDirectory = join(config.runsDir, config.runId ?? defaultRunId(config));
    const outcome = await runPreflight(config, flags.resume ? resumableCheckpoint(runDirectory) : undefined);
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
  return runTrainApp(config, { resume: Boolean(flags.resume), signal: controller.signal });
});
