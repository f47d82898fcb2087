import { numberFlag, type ParsedFlags } from '@rlver/cli-kit';

/** `--lora-*` flags → fields of the config's `lora` block (flag spellings recorded for errors and --print-config). */
const LORA_FLAGS = {
  'lora-rank': 'rank',
  'lora-alpha': 'alpha',
  'lora-dropout': 'dropout',
  'lora-target-modules': 'targetModules',
  'lora-rslora': 'useRslora',
} as const;

/** The `lora` override of the `--lora-*` flags, or undefined when none is given. */
export function loraOverrides(flags: ParsedFlags, flagNames: Map<string, string>): Record<string, unknown> | undefined {
  const lora: Record<string, unknown> = {};
  for (const [flag, field] of Object.entries(LORA_FLAGS)) {
    let value: unknown;
    if (field === 'rank') value = numberFlag(flags, flag, { integer: true });
    else if (field === 'alpha' || field === 'dropout') value = numberFlag(flags, flag);
    else if (field === 'targetModules') {
      const list = flags[flag];
      value =
        typeof list === 'string'
          ? list
              .split(',')
              .map((name) => name.trim())
              .filter(Boolean)
          : undefined;
    } else value = flags[flag] ? true : undefined;
    if (value === undefined) continue;
    lora[field] = value;
    flagNames.set(`lora.${field}`, `--${flag}`);
  }
  return Object.keys(lora).length > 0 ? lora : undefined;
}
