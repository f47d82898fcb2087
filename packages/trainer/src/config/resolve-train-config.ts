import { type ConfigSource, describeFieldSource, readConfigFile } from '@rlver/cli-kit';
import { InvalidConfigError, safeParseJSON } from '@rlver/spec';
import type { z } from 'zod';
import { findAlgorithm } from './algorithm-registry';
import { findLegacyField } from './legacy-config-fields';
import { type TrainConfig, trainConfigSchema, trainConfigShape } from './train-config';
import { defaultPresetFor, TRAIN_PRESETS, type TrainPreset } from './train-presets';

/** Config files are read by `@rlver/cli-kit` (shared with `rlver-eval run --config`). */
export { type ConfigSource, describeFieldSource, readConfigFile };

/** The fields a path may hold, for an unknown-field error: the base fields, or the algorithm block's. */
function knownFields(path: readonly PropertyKey[], algo: unknown): string[] {
  if (path[0] !== 'algorithm') return [...Object.keys(trainConfigShape), 'algo', 'algorithm'];
  const schema = findAlgorithm(String(algo)).configSchema as unknown as { shape?: Record<string, unknown> };
  return Object.keys(schema.shape ?? {});
}

function describeIssues(
  error: z.ZodError,
  source: ConfigSource,
  flagNames: Map<string, string>,
  algo: unknown,
): string {
  return error.issues
    .map((issue) => {
      // An unknown key is reported at its own line (`algorithm.scaleRewards`), not at its block's.
      const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
      const where = describeFieldSource(path.map(String).join('.'), source, flagNames);
      const hint =
        issue.code === 'unrecognized_keys' ? ` (known fields: ${knownFields(issue.path, algo).join(', ')})` : '';
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
}

/**
 * Resolve the config of a run: preset defaults ← config file ← CLI flags, validated by `trainConfigSchema`.
 * Nested blocks (`sampling`, `algorithm`, `simulatorEndpoint`, `degenerationStop`) of a file or of overrides refine
 * the preset's, field by field; the preset's `algorithm` block is its shared defaults plus those of the chosen
 * algorithm. Choosing another algorithm than the preset's sets its default group size (`rolloutsPerPrompt`) and
 * keeps the number of dialogues per step, unless the file or flags set them. Old field names are errors naming
 * the new ones.
 */
export function resolveTrainConfig(options: ResolveTrainConfigOptions = {}): Readonly<TrainConfig> {
  const fromFile: { values: Record<string, unknown>; source: ConfigSource } = options.configFile
    ? readConfigFile(options.configFile)
    : { values: {}, source: { lines: new Map() } };
  const flagNames = options.flagNames ?? new Map<string, string>();
  const overrides = Object.fromEntries(
    Object.entries(options.overrides ?? {}).filter(([, value]) => value !== undefined),
  );
  const presetName = (overrides.preset ??
    fromFile.values.preset ??
    defaultPresetFor(overrides.policy ?? fromFile.values.policy)) as string;
  const preset = TRAIN_PRESETS[presetName as TrainConfig['preset']];
  if (!preset) {
    throw new InvalidConfigError({
      field: 'preset',
      message: `unknown preset "${presetName}"; use one of ${Object.keys(TRAIN_PRESETS).join(', ')}`,
    });
  }
  const explicit: Record<string, unknown> = { ...fromFile.values, ...overrides };
  // A flag inside a block (`--algorithm.learning-rate`) refines the file's block instead of replacing it.
  for (const [key, value] of Object.entries(overrides)) {
    const inFile = fromFile.values[key];
    if (isPlainObject(value) && isPlainObject(inFile)) explicit[key] = { ...inFile, ...value };
  }
  const legacy = findLegacyField(explicit);
  if (legacy) {
    throw new InvalidConfigError({
      field: legacy.path,
      message: `${describeFieldSource(legacy.path, fromFile.source, flagNames)}: ${legacy.message}`,
    });
  }
  const { algorithmDefaults, thinkDefaults, ...presetFields } = preset;
  const thinking = (explicit.think ?? presetFields.think) === true;
  if (thinking && thinkDefaults) applyThinkDefaults(presetFields, thinkDefaults);
  const merged: Record<string, unknown> = { ...presetFields, ...explicit, preset: presetName };
  const algo = String(merged.algo);
  // Turn-level groups (branching, enumerated candidates) need no dialogue groups: the group defaults stay.
  if (algo !== preset.algo && Number(merged.branching ?? 1) < 2 && Number(merged.branchCandidates ?? 0) < 2) {
    const groupSize = findAlgorithm(algo).rolloutsPerPrompt.default;
    if (explicit.groupSize === undefined) merged.groupSize = groupSize;
    if (explicit.profilesPerStep === undefined) {
      merged.profilesPerStep = Math.max(1, Math.round((preset.profilesPerStep * preset.groupSize) / groupSize));
    }
  }
  // Nested blocks refine the preset's block field by field (a file setting one learning rate keeps the rest).
  const presetAlgorithm = { ...preset.algorithm, ...algorithmDefaults[algo as keyof typeof algorithmDefaults] };
  const presetBlocks: Record<string, unknown> = { ...presetFields, algorithm: presetAlgorithm };
  for (const block of [
    'sampling',
    'algorithm',
    'simulatorEndpoint',
    'degenerationStop',
    'lora',
    'choiceLayer',
    'endpoints',
    'decodingRules',
  ] as const) {
    const given = explicit[block];
    const base = presetBlocks[block];
    if (typeof given === 'object' && given !== null && !Array.isArray(given)) {
      merged[block] = { ...(typeof base === 'object' ? base : {}), ...given };
    } else if (given === undefined && block === 'algorithm') merged.algorithm = presetAlgorithm;
  }
  const parsed = trainConfigSchema.safeParse(merged);
  if (!parsed.success) {
    throw new InvalidConfigError({
      message: `invalid training config:\n${describeIssues(parsed.error, fromFile.source, flagNames, merged.algo)}`,
      cause: parsed.error,
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

/** Think runs' token budgets replace the preset's; the file and the flags still override them field by field. */
function applyThinkDefaults(
  presetFields: { maxContextTokens: number; sampling: TrainConfig['sampling'] },
  thinkDefaults: NonNullable<TrainPreset['thinkDefaults']>,
): void {
  if (thinkDefaults.maxContextTokens !== undefined) presetFields.maxContextTokens = thinkDefaults.maxContextTokens;
  if (thinkDefaults.sampling) presetFields.sampling = { ...presetFields.sampling, ...thinkDefaults.sampling };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
