import { parseSchemaFlags } from '@rlver/cli-kit';
import { resolveTrainConfig, TRAIN_FLAG_ALIASES, trainFlags } from '@rlver/trainer';
import { vi } from 'vitest';
import { runTrainApp } from '../run-train-app';
import { TRAIN_COMMAND_FLAGS } from '../train-help';

/**
 * Test support: an `rlver-train` run in the calling process. The arguments are parsed and resolved as cli.ts does,
 * then `runTrainApp` runs; resolves with its exit code and what it wrote to stderr. It saves a CLI start-up (tsx,
 * module loading, the backend) per run where a test checks the run's outputs, not the process around it; the tests
 * that check exit codes, stdout and the process boundary start the real CLI.
 */
export async function runTrainHere(args: readonly string[]): Promise<{ code: number; stderr: string }> {
  const { overrides, flagNames, command } = parseSchemaFlags(args, {
    flags: trainFlags(),
    aliases: TRAIN_FLAG_ALIASES,
    commandFlags: TRAIN_COMMAND_FLAGS,
    command: 'rlver-train',
  });
  const config = resolveTrainConfig({ configFile: command.config as string | undefined, overrides, flagNames });
  let stderr = '';
  const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  });
  try {
    const code = await runTrainApp(config, { resume: Boolean(command.resume), signal: new AbortController().signal });
    return { code, stderr };
  } finally {
    write.mockRestore();
  }
}
