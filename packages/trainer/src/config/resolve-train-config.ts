import { existsSync } from 'node:fs';
import { InvalidConfigError, readUtf8File, safeParseJSON } from '@rlver/spec';
import { isMap, LineCounter, parseDocument } from 'yaml';
import type { z } from 'zod';
import { type TrainConfig, trainConfigSchema } from './train-config';
import { TRAIN_PRESETS } from './train-presets';

/** Where a config value came from, to name it in error messages. */
interface ConfigSource {
  file?: string;
  /** Line of each top-level or nested field in the file (`a.b` → line). */
  lines: Map<string, number>;
}

/** Read a YAML or JSON config file into a plain object, remembering each field's line. */
export function readConfigFile(file: string): { values: Record<string, unknown>; source: ConfigSource } {
  if (!existsSync(file)) {
    throw new InvalidConfigError({
      field: '--config',
      message: `config file ${file} not found; check the --config path`,
    });
  }
  const text = readUtf8File(file);
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: true });
  if (document.errors.length > 0) {
    const first = document.errors[0];
    const line = first?.linePos?.[0]?.line;
    throw new InvalidConfigError({
      field: '--config',
      message: `${file}${line ? ` line ${line}` : ''}: not valid YAML/JSON: ${first?.message.split('\n')[0] ?? 'parse error'}`,
    });
  }
  const lines = new Map<string, number>();
  const visit = (node: unknown, prefix: string) => {
    if (!isMap(node)) return;
    for (const pair of node.items) {
      const key = String((pair.key as { value?: unknown })?.value ?? pair.key);
      const path = prefix ? `${prefix}.${key}` : key;
      const range = (pair.key as { range?: [number, number, number] })?.range;
      if (range) lines.set(path, lineCounter.linePos(range[0]).line);
      visit(pair.value, path);
    }
  };
  visit(document.contents, '');
  const values = document.toJS() as unknown;
  if (values === null || typeof values !== 'object' || Array.isArray(values)) {
    throw new InvalidConfigError({
      field: '--config',
      message: `${file}: the config must be a mapping of fields (e.g. "steps: 30")`,
    });
  }
  return { values: values as Record<string, unknown>, source: { file, lines } };
}

function describeIssues(error: z.ZodError, source: ConfigSource, flagNames: Map<string, string>): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      const flag = flagNames.get(path);
      const line = source.lines.get(path);
      const where = flag
        ? `${flag}`
        : source.file
          ? `${source.file}${line ? ` line ${line}` : ''}: field "${path}"`
          : `field "${path}"`;
      const hint =
        issue.code === 'unrecognized_keys' ? ` (known fields: ${Object.keys(trainConfigSchema.shape).join(', ')})` : '';
      return `${where}: ${issue.message}${hint}`;
    })
    .join('\n');
}

export interface ResolveTrainConfigOptions {
  /** Path of a YAML/JSON config file (`--config`). */
  configFile?: string;
  /** Values from CLI flags (already converted to config field names and types). */
  overrides?: Partial<Record<keyof TrainConfig, unknown>>;
  /** Flag spelling of each overridden field, for error messages (`steps` → `--steps`). */
  flagNames?: Map<string, string>;
  /**
   * Validate the algorithm block (`ppo` / `grpo`) of the resolved config with the algorithm's own schema, so that a
   * bad value there (e.g. a negative learning rate) is reported with its file and line before anything is written.
   * Returns the zod error (paths relative to the block), or undefined when valid.
   */
  checkAlgorithmConfig?: (config: Readonly<TrainConfig>) => z.ZodError | undefined;
}

/**
 * Resolve the config of a run: preset defaults ← config file ← CLI flags, validated by `trainConfigSchema`.
 * Nested blocks (`sampling`, `ppo`, `grpo`) of a file or of overrides refine the preset's, field by field.
 * Algorithm-aware defaults: choosing GRPO on a preset made for PPO sets `groupSize` 4 and keeps the number
 * of dialogues per step (profilesPerStep / 4), unless the file or flags set them.
 */
export function resolveTrainConfig(options: ResolveTrainConfigOptions = {}): Readonly<TrainConfig> {
  const fromFile: { values: Record<string, unknown>; source: ConfigSource } = options.configFile
    ? readConfigFile(options.configFile)
    : { values: {}, source: { lines: new Map() } };
  const overrides = Object.fromEntries(
    Object.entries(options.overrides ?? {}).filter(([, value]) => value !== undefined),
  );
  const presetName = (overrides.preset ?? fromFile.values.preset ?? 'embedded') as string;
  const preset = TRAIN_PRESETS[presetName as TrainConfig['preset']];
  if (!preset) {
    throw new InvalidConfigError({
      field: 'preset',
      message: `unknown preset "${presetName}"; use embedded, rlver-ppo or rlver-grpo`,
    });
  }
  const explicit = { ...fromFile.values, ...overrides };
  const merged: Record<string, unknown> = { ...preset, ...explicit, preset: presetName };
  // Turn-level groups (branching) need no dialogue groups: the group defaults stay.
  if (merged.algo !== preset.algo && Number(merged.branching ?? 1) < 2) {
    const toGroup = merged.algo === 'grpo';
    if (explicit.groupSize === undefined) merged.groupSize = toGroup ? 4 : 1;
    if (explicit.profilesPerStep === undefined) {
      merged.profilesPerStep = toGroup
        ? Math.max(1, Math.round(preset.profilesPerStep / 4))
        : preset.profilesPerStep * preset.groupSize;
    }
  }
  // Nested blocks refine the preset's block field by field (a file setting one learning rate keeps the rest).
  for (const block of ['sampling', 'ppo', 'grpo', 'simulatorEndpoint', 'lora', 'endpoints'] as const) {
    const given = explicit[block];
    if (typeof given === 'object' && given !== null) merged[block] = { ...preset[block], ...given };
  }
  const parsed = trainConfigSchema.safeParse(merged);
  if (!parsed.success) {
    throw new InvalidConfigError({
      message: `invalid training config:\n${describeIssues(parsed.error, fromFile.source, options.flagNames ?? new Map())}`,
      cause: parsed.error,
    });
  }
  const algorithmError = options.checkAlgorithmConfig?.(parsed.data);
  if (algorithmError) {
    const inBlock = {
      ...algorithmError,
      issues: algorithmError.issues.map((issue) => ({ ...issue, path: [parsed.data.algo, ...issue.path] })),
    } as z.ZodError;
    throw new InvalidConfigError({
      message: `invalid training config:\n${describeIssues(inBlock, fromFile.source, options.flagNames ?? new Map())}`,
      cause: algorithmError,
    });
  }
  if (parsed.data.policy === '') {
    throw new InvalidConfigError({
      field: '--policy',
      message: `preset ${presetName} trains a checkpoint of yours: set --policy <folder with config.json, *.safetensors, tokenizer.json>`,
    });
  }
  return Object.freeze(parsed.data);
}

/** Default run folder name: `<preset>-<algo>[-think]-s<seed>`. */
export function defaultRunId(config: TrainConfig): string {
  return `${config.preset}-${config.algo}${config.think ? '-think' : ''}-s${config.seed}`;
}

/** Parse a JSON config given inline (tests, programmatic use). */
export function parseInlineConfig(text: string): Record<string, unknown> {
  const parsed = safeParseJSON<Record<string, unknown>>(text);
  if (!parsed.success) throw new InvalidConfigError({ message: `inline config is not JSON: ${parsed.error.message}` });
  return parsed.value;
}
