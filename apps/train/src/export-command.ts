import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type CommandSpec, formatHelp, parseCommandArgs } from '@rlver/cli-kit';
import {
  initTfBackend,
  loadPolicyTokenizer,
  loadTransformerModel,
  type SafetensorsDtype,
  saveCheckpoint,
} from '@rlver/model';
import { InvalidConfigError } from '@rlver/spec';

/** `rlver-train export`: a run's (or a checkpoint's) policy as a plain Hugging Face folder. */
export const EXPORT_COMMAND: CommandSpec = {
  usage: 'rlver-train export --merge <run folder or checkpoint folder> --out <folder>',
  summary:
    'Write a full Hugging Face checkpoint with the LoRA adapters folded into the weights (PEFT merge_and_unload):\n' +
    'config.json, generation_config.json, model.safetensors (or shards + index), tokenizer files; no adapter files,\n' +
    'no value head. Its logits equal those of the base weights with the adapter applied.',
  flags: {
    merge: {
      type: 'string',
      description: 'A run folder (uses checkpoints/latest/policy) or a checkpoint folder with adapter_config.json',
    },
    out: { type: 'string', description: 'Folder to write (created when missing)' },
    dtype: {
      type: 'string',
      description: 'Storage dtype of the merged weights (default: that of the input weights)',
      choices: ['F32', 'F16', 'BF16'],
    },
  },
  details: ['Example:', '  rlver-train export --merge runs/rlver-grpo-grpo-s0 --out ./qwen-rlver-merged'].join('\n'),
};

/** The policy folder of a run folder (checkpoints/latest/policy) or the folder itself when it is a checkpoint. */
export function policyFolderOf(path: string): string {
  if (existsSync(join(path, 'config.json')) && existsSync(join(path, 'tokenizer.json'))) return path;
  const latest = join(path, 'checkpoints', 'latest', 'policy');
  if (existsSync(join(latest, 'config.json'))) return latest;
  throw new InvalidConfigError({
    field: '--merge',
    message: `--merge ${path} is neither a checkpoint folder (config.json + tokenizer.json) nor a run folder with checkpoints/latest/policy; point it at runs/<run-id> or at a checkpoint folder`,
  });
}

/**
 * Merge a checkpoint's LoRA adapters into its weights and save the result as a full checkpoint. Returns what was
 * done, for the log line.
 */
export async function exportMerged(options: { from: string; out: string; dtype?: SafetensorsDtype }): Promise<string> {
  const folder = policyFolderOf(options.from);
  if (!existsSync(join(folder, 'adapter_config.json'))) {
    throw new InvalidConfigError({
      field: '--merge',
      message: `${folder} has no adapter_config.json: there is no LoRA adapter to merge (the folder already is a full checkpoint; copy it as it is)`,
    });
  }
  const model = await loadTransformerModel(folder, { valueHead: false });
  const tokenizer = await loadPolicyTokenizer(folder);
  const rank = model.loraState?.config.rank;
  try {
    model.mergeAndUnloadLora();
    await saveCheckpoint({ directory: options.out, model, tokenizer, dtype: options.dtype });
  } finally {
    model.dispose();
  }
  return `merged the rank-${rank} LoRA adapter of ${folder} into ${options.out} (${options.dtype ?? model.source?.dtype ?? 'F32'})`;
}

/** Run `rlver-train export …` (argv after "export"); returns the exit code. */
export async function runExportCommand(argv: string[]): Promise<number> {
  const { flags, help } = parseCommandArgs(argv, EXPORT_COMMAND);
  if (help) {
    process.stdout.write(formatHelp(EXPORT_COMMAND));
    return 0;
  }
  const from = flags.merge as string | undefined;
  const out = flags.out as string | undefined;
  if (!from || !out) {
    throw new InvalidConfigError({
      field: from ? '--out' : '--merge',
      message: 'rlver-train export needs --merge <run or checkpoint folder> and --out <folder>',
    });
  }
  await initTfBackend({ log: () => {} });
  const line = await exportMerged({ from, out, dtype: flags.dtype as SafetensorsDtype | undefined });
  process.stderr.write(`${line}\n`);
  return 0;
}
