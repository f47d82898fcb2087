import { readConfigFile } from './resolve-train-config';
import type { TrainConfig } from './train-config';
import { DEFAULT_TRAIN_PRESET, TRAIN_PRESETS } from './train-presets';

export interface FormatResolvedConfigOptions {
  /** The `--config` file the config was resolved from. */
  configFile?: string;
  /** Flag spelling of each field set by a flag (`steps` → `--steps`, `simulatorEndpoint.timeoutMs` → `--timeout-ms`). */
  flagNames?: ReadonlyMap<string, string>;
}

function has(values: unknown, path: readonly string[]): boolean {
  let node = values;
  for (const key of path) {
    if (node === null || typeof node !== 'object' || !(key in node)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}

/**
 * The resolved config as YAML (values in JSON flow style, so the text is a valid `--config` file), each value
 * followed by where it came from: the flag, `<file> line N`, `preset <name>`, `derived` (set from another
 * field, e.g. GRPO's group size on a PPO preset) or `schema default`.
 */
export function formatResolvedConfig(config: Readonly<TrainConfig>, options: FormatResolvedConfigOptions = {}): string {
  const file = options.configFile ? readConfigFile(options.configFile) : undefined;
  const { algorithmDefaults, ...presetFields } = TRAIN_PRESETS[config.preset];
  // The preset's algorithm block for this algorithm: its shared defaults and the algorithm's additions.
  const preset = {
    ...presetFields,
    algorithm: { ...presetFields.algorithm, ...algorithmDefaults[config.algo] },
  };
  const sourceOf = (path: readonly string[], value: unknown): string => {
    const dotted = path.join('.');
    const flag = options.flagNames?.get(dotted);
    if (flag) return flag;
    if (file && has(file.values, path)) {
      const line = file.source.lines.get(dotted);
      return `${options.configFile}${line ? ` line ${line}` : ''}`;
    }
    if (path[0] === 'preset')
      return config.preset === DEFAULT_TRAIN_PRESET ? 'default preset' : 'default preset for a --policy checkpoint';
    if (has(preset, path)) {
      const presetValue = path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], preset);
      return JSON.stringify(presetValue) === JSON.stringify(value) ? `preset ${config.preset}` : 'derived';
    }
    return 'schema default';
  };
  const lines = [`# rlver-train resolved config (preset ${config.preset}); after each value: where it came from`];
  const write = (values: Readonly<Record<string, unknown>>, path: readonly string[]) => {
    const indent = '  '.repeat(path.length);
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) continue;
      const here = [...path, key];
      const isBlock = value !== null && typeof value === 'object' && !Array.isArray(value);
      if (isBlock && Object.keys(value).length > 0) {
        lines.push(`${indent}${key}:`);
        write(value as Record<string, unknown>, here);
      } else {
        lines.push(`${indent}${key}: ${JSON.stringify(value)}  # ${sourceOf(here, value)}`);
      }
    }
  };
  write(config, []);
  return `${lines.join('\n')}\n`;
}
