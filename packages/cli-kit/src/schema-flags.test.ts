import { InvalidConfigError } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatSchemaHelp } from './format-schema-help';
import { parseSchemaFlags } from './parse-schema-flags';
import { describeSchemaFlags, normalizeFlagName } from './schema-flags';

const schema = z
  .object({
    steps: z.number().int().positive().describe('Optimisation steps.'),
    baseURL: z.string().optional().describe('Endpoint'),
    think: z.boolean().describe('Reason first'),
    reportTo: z.preprocess((value) => value, z.array(z.enum(['tensorboard', 'mlflow']))).default([]),
    sampling: z.object({ topP: z.number().default(1).describe('Nucleus mass') }).strict(),
    algorithm: z
      .object({
        klCoefficient: z.number().min(0).default(0).describe('β of the KL term'),
        targetKl: z.number().positive().nullable().default(null).describe('Early stop'),
        lossAggregation: z.enum(['token-mean', 'sequence-mean']).default('token-mean').describe('Aggregation'),
      })
      .strict(),
    blocks: z.record(z.string(), z.unknown()),
  })
  .strict();

const flags = describeSchemaFlags(schema);

describe('describeSchemaFlags', () => {
  it('should generate one dotted kebab flag per leaf field with its type, choices, default and description', () => {
    expect(flags.map((flag) => flag.name)).toEqual([
      'steps',
      'base-url',
      'think',
      'report-to',
      'sampling.top-p',
      'algorithm.kl-coefficient',
      'algorithm.target-kl',
      'algorithm.loss-aggregation',
    ]);
    expect(flags.find((flag) => flag.name === 'steps')).toMatchObject({
      kind: 'integer',
      description: 'Optimisation steps',
    });
    expect(flags.find((flag) => flag.name === 'algorithm.target-kl')).toMatchObject({
      kind: 'number',
      nullable: true,
      defaultValue: null,
      path: ['algorithm', 'targetKl'],
    });
    expect(flags.find((flag) => flag.name === 'algorithm.loss-aggregation')?.choices).toEqual([
      'token-mean',
      'sequence-mean',
    ]);
    expect(flags.find((flag) => flag.name === 'report-to')).toMatchObject({ kind: 'list', defaultValue: [] });
  });

  it('should normalise camel and snake segments to the generated spelling', () => {
    expect(normalizeFlagName('algorithm.kl_coefficient')).toBe('algorithm.kl-coefficient');
    expect(normalizeFlagName('algorithm.klCoefficient')).toBe('algorithm.kl-coefficient');
    expect(normalizeFlagName('baseURL')).toBe('base-url');
  });
});

describe('parseSchemaFlags', () => {
  const parse = (argv: string[]) =>
    parseSchemaFlags(argv, {
      flags,
      command: 'demo',
      commandFlags: { config: 'string', help: 'boolean' },
      aliases: { 'no-think': { target: 'think', value: false, description: 'No reasoning' } },
    });

  it('should build nested overrides from dotted flags in any case, with the flag as typed for errors', () => {
    const parsed = parse([
      '--steps',
      '3',
      '--algorithm.kl_coefficient',
      '0.02',
      '--algorithm.targetKl=null',
      '--sampling.top-p=0.9',
      '--think',
      '--config',
      'x.yaml',
    ]);
    expect(parsed.overrides).toEqual({
      steps: 3,
      algorithm: { klCoefficient: 0.02, targetKl: null },
      sampling: { topP: 0.9 },
      think: true,
    });
    expect(parsed.flagNames.get('algorithm.klCoefficient')).toBe('--algorithm.kl_coefficient');
    expect(parsed.command).toEqual({ config: 'x.yaml' });
    expect(parse(['--no-think']).overrides).toEqual({ think: false });
    expect(parse(['-h']).command).toEqual({ help: true });
  });

  it('should reject unknown flags with a suggestion and bad values naming the flag', () => {
    expect(() => parse(['--kl-coefficient', '1'])).toThrow(
      /unknown flag --kl-coefficient; did you mean --algorithm\.kl-coefficient/,
    );
    expect(() => parse(['--steps', '2.5'])).toThrow(InvalidConfigError);
    expect(() => parse(['--steps', '2.5'])).toThrow(/--steps "2.5" is not an integer/);
    expect(() => parse(['--algorithm.loss-aggregation', 'sum'])).toThrow(/use one of: token-mean, sequence-mean/);
    expect(() => parse(['--steps'])).toThrow(/--steps needs a value/);
    expect(() => parse(['stray'])).toThrow(/unexpected argument "stray"/);
  });
});

describe('formatSchemaHelp', () => {
  it('should list every generated flag with its description, choices and default', () => {
    const help = formatSchemaHelp({
      usage: 'demo [options]',
      summary: 'A demo.',
      commandFlags: { config: 'Config file' },
      sections: [{ title: 'Algorithm', flags: flags.filter((flag) => flag.path[0] === 'algorithm') }],
    });
    expect(help).toMatch(/--algorithm\.kl-coefficient <value> +β of the KL term \(default: 0\)/);
    expect(help).toMatch(
      /--algorithm\.loss-aggregation <choice> +Aggregation \(one of: token-mean, sequence-mean; default: token-mean\)/,
    );
    expect(help).toMatch(/--algorithm\.target-kl <value> +Early stop \(or null; default: null\)/);
  });
});
