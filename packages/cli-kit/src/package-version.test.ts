import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packageVersion } from './package-version';
import { formatHelp, parseCommandArgs } from './parse-command-args';

const spec = { usage: 'rlver-x [options]', summary: 'X.', flags: {}, version: '1.2.3' };

describe('packageVersion', () => {
  it("should read the version of the module's own package.json", () => {
    const own = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(packageVersion(import.meta.url)).toBe(own.version);
    expect(packageVersion(import.meta.url)).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('parseCommandArgs --version', () => {
  it('should accept --version only when the spec has a version, and list it in --help', () => {
    expect(parseCommandArgs(['--version'], spec).version).toBe(true);
    expect(parseCommandArgs([], spec).version).toBe(false);
    expect(formatHelp(spec)).toMatch(/--version\s+Print the version \(1\.2\.3\) and exit/);
    const { version: _version, ...withoutVersion } = spec;
    expect(() => parseCommandArgs(['--version'], withoutVersion)).toThrow(/--version/);
    expect(formatHelp(withoutVersion)).not.toContain('--version');
  });
});
