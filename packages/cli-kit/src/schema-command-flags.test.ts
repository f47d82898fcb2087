import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseCommandArgs } from './parse-command-args';
import { describeFieldSource, readConfigFile } from './read-config-file';
import { schemaCommandFlags, schemaFlagOverrides } from './schema-command-flags';
import { describeSchemaFlags } from './schema-flags';

const schema = z
  .object({
    endpoints: z
      .object({
        judge: z
          .object({
            baseURL: z.string().optional().describe('Base URL.'),
            concurrency: z.number().int().optional().describe('Calls at once.'),
            price: z.object({ inputPerMillion: z.number() }).optional(),
          })
          .optional(),
      })
      .optional(),
    mode: z.enum(['fast', 'slow']).optional().describe('Speed'),
  })
  .strict();
const flags = describeSchemaFlags(schema);

describe('schemaCommandFlags and schemaFlagOverrides', () => {
  it('should take a config block as dotted flags of a parseCommandArgs command, typed and nested', () => {
    const spec = { usage: 'demo run', summary: 'Demo.', flags: { out: { type: 'string' as const, description: 'x' } } };
    const commandFlags = schemaCommandFlags(flags);
    expect(Object.keys(commandFlags)).toEqual([
      'endpoints.judge.base-url',
      'endpoints.judge.concurrency',
      'endpoints.judge.price.input-per-million',
      'mode',
    ]);
    expect(commandFlags['endpoints.judge.concurrency']?.description).toBe('Calls at once (integer)');
    const parsed = parseCommandArgs(
      ['--endpoints.judge.concurrency', '3', '--endpoints.judge.price.input-per-million=0.5', '--out', 'x'],
      { ...spec, flags: { ...spec.flags, ...commandFlags } },
    );
    const { overrides, flagNames } = schemaFlagOverrides(parsed.flags, flags);
    expect(overrides).toEqual({ endpoints: { judge: { concurrency: 3, price: { inputPerMillion: 0.5 } } } });
    expect(flagNames.get('endpoints.judge.concurrency')).toBe('--endpoints.judge.concurrency');
    expect(() => schemaFlagOverrides({ 'endpoints.judge.concurrency': '2.5' }, flags)).toThrow(
      /--endpoints\.judge\.concurrency "2\.5" is not an integer/,
    );
    expect(() =>
      parseCommandArgs(['--mode', 'medium'], { ...spec, flags: { ...spec.flags, ...commandFlags } }),
    ).toThrow(/--mode "medium" is not valid; use one of: fast, slow/);
  });
});

describe('readConfigFile', () => {
  it("should read YAML with each field's line, and name the line of a syntax error", () => {
    const dir = mkdtempSync(join(tmpdir(), 'cli-kit-config-'));
    const file = join(dir, 'run.yaml');
    writeFileSync(file, '# endpoints\nendpoints:\n  judge:\n    concurrency: 2\n');
    const { values, source } = readConfigFile(file);
    expect(values).toEqual({ endpoints: { judge: { concurrency: 2 } } });
    expect(describeFieldSource('endpoints.judge.concurrency', source, new Map())).toBe(
      `${file} line 4: field "endpoints.judge.concurrency"`,
    );
    writeFileSync(file, 'endpoints:\n  judge: [1,\n');
    expect(() => readConfigFile(file)).toThrow(/run\.yaml line \d: not valid YAML\/JSON/);
    writeFileSync(file, '- a\n- b\n');
    expect(() => readConfigFile(file)).toThrow(/must be a mapping of fields/);
  });
});
