import { describeSchemaFlags, type FlagAlias, type SchemaFlag, type SchemaHelpSection } from '@rlver/cli-kit';
import { z } from 'zod';
import { ALGORITHMS } from './algorithm-registry';
import { trainConfigShape } from './train-config';
import { TRAIN_PRESETS } from './train-presets';

const valueAt = (root: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], root);

/** Flags of the run fields, generated from `trainConfigShape`, with the embedded preset's values as defaults. */
function runFlags(): SchemaFlag[] {
  return describeSchemaFlags(z.object(trainConfigShape)).map((flag) => {
    const preset = valueAt(TRAIN_PRESETS.embedded, flag.path);
    return preset === undefined ? flag : { ...flag, defaultValue: preset };
  });
}

/** `--algo`: the registered algorithms. */
function algoFlag(): SchemaFlag {
  return {
    name: 'algo',
    path: ['algo'],
    kind: 'enum',
    nullable: false,
    choices: ALGORITHMS.map((descriptor) => descriptor.id),
    description: `RL algorithm: ${ALGORITHMS.map((descriptor) => descriptor.summary).join('; ')}`,
    defaultValue: TRAIN_PRESETS.embedded.algo,
  };
}

/**
 * `--algorithm.*`: the union of the registered algorithms' block fields, one flag per name (shared fields have one
 * name across algorithms); a field only some algorithms have says which.
 */
function algorithmFlags(): (SchemaFlag & { note?: string })[] {
  const owners = new Map<string, { flag: SchemaFlag; ids: string[] }>();
  for (const descriptor of ALGORITHMS) {
    for (const flag of describeSchemaFlags(descriptor.configSchema, ['algorithm'])) {
      const known = owners.get(flag.name);
      if (known) known.ids.push(descriptor.id);
      else owners.set(flag.name, { flag, ids: [descriptor.id] });
    }
  }
  return [...owners.values()].map(({ flag, ids }) =>
    ids.length === ALGORITHMS.length ? flag : { ...flag, note: `${ids.join(', ')} only` },
  );
}

/** Every config flag of `rlver-train`, generated from the schemas. */
export function trainFlags(): SchemaFlag[] {
  return [...runFlags(), algoFlag(), ...algorithmFlags()];
}

/** The sections of `rlver-train --help`: run fields, then the algorithm and its block. */
export function trainHelpSections(): SchemaHelpSection[] {
  return [
    { title: 'Run (defaults: the embedded preset)', flags: runFlags() },
    {
      title:
        "Algorithm (the `algorithm` block; defaults: the algorithm's own, presets override some, see --print-config)",
      flags: [algoFlag(), ...algorithmFlags()],
    },
  ];
}

/** Short and older spellings users know, each naming the generated flag it stands for. */
export const TRAIN_FLAG_ALIASES: Readonly<Record<string, FlagAlias>> = {
  'no-eval': { target: 'evaluate', value: false, description: 'Skip the before/after benchmark' },
  'timeout-ms': { target: 'simulator-endpoint.timeout-ms', description: 'Limit of one simulator LLM call in ms' },
  'simulator-timeout-ms': { target: 'simulator-endpoint.timeout-ms', description: 'Same as --timeout-ms' },
  'max-retries': { target: 'simulator-endpoint.max-retries', description: 'Retries per simulator LLM call' },
  'simulator-max-retries': { target: 'simulator-endpoint.max-retries', description: 'Same as --max-retries' },
  'max-rate-limit-retries': {
    target: 'simulator-endpoint.max-rate-limit-retries',
    description: 'Retries of HTTP 429 per simulator LLM call',
  },
  'max-retry-after-ms': {
    target: 'simulator-endpoint.max-retry-after-ms',
    description: 'Longest Retry-After wait honoured, in ms',
  },
};
