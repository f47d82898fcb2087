import { InvalidConfigError } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { formatHelp, numberFlag, parseCommandArgs } from './parse-command-args';

const spec = {
  usage: 'rlver-eval run [options]',
  summary: 'Run the benchmark.',
  flags: {
    preset: {
      type: 'string' as const,
      description: 'Emotion preset',
      choices: ['sage', 'rlver-train'],
      default: 'sage',
    },
    concurrency: { type: 'string' as const, description: 'Episodes in flight' },
  },
};

describe('parseCommandArgs', () => {
  it('should apply defaults and parse values', () => {
    const parsed = parseCommandArgs(['--concurrency', '8'], spec);
    expect(parsed.flags.preset).toBe('sage');
    expect(numberFlag(parsed.flags, 'concurrency', { integer: true, min: 1 })).toBe(8);
  });
  it('should reject unknown flags with a pointer to --help', () => {
    expect(() => parseCommandArgs(['--bogus'], spec)).toThrow(/--bogus.*rlver-eval run --help/s);
  });
  it('should reject a bad choice naming the allowed values', () => {
    const error = (() => {
      try {
        parseCommandArgs(['--preset', 'x'], spec);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(InvalidConfigError.isInstance(error)).toBe(true);
    expect((error as Error).message).toContain('sage, rlver-train');
  });
  it('should reject a non-numeric number flag', () => {
    expect(() => numberFlag(parseCommandArgs(['--concurrency', 'many'], spec).flags, 'concurrency')).toThrow(
      /--concurrency "many" is not a number/,
    );
  });
  it('should render help with choices and defaults', () => {
    expect(formatHelp(spec)).toMatch(/--preset <value>\s+Emotion preset \(one of: sage, rlver-train; default: sage\)/);
  });
});
