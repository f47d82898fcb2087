import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const repositoryRoot = join(import.meta.dirname, '..', '..');

/** The `include` list of a tsconfig file (all of ours are plain JSON). */
function includesOf(file: string): string[] {
  const config = JSON.parse(readFileSync(file, 'utf8')) as { include?: string[] };
  return config.include ?? [];
}

/** Whether `path` (relative to the root, `/`-separated) is matched by a tsconfig include pattern with `*` segments. */
function covered(path: string, patterns: string[]): boolean {
  const parts = path.split('/');
  return patterns.some((pattern) => {
    const want = pattern.split('/');
    return want.length === parts.length && want.every((segment, index) => segment === '*' || segment === parts[index]);
  });
}

describe('the one-program type check (tsconfig.all.json, run by pnpm test)', () => {
  it("should cover every folder and file pattern that a workspace package's own tsconfig.json includes", () => {
    const rootPatterns = includesOf(join(repositoryRoot, 'tsconfig.all.json'));
    const workspaceFolders = ['packages', 'apps', 'tools']
      .flatMap((group) => readdirSync(join(repositoryRoot, group)).map((name) => join(repositoryRoot, group, name)))
      .concat(join(repositoryRoot, 'test'))
      .filter((folder) => existsSync(join(folder, 'tsconfig.json')));
    expect(workspaceFolders.length).toBeGreaterThan(20);
    const missed = workspaceFolders.flatMap((folder) =>
      includesOf(join(folder, 'tsconfig.json'))
        .map((include) => relative(repositoryRoot, join(folder, include)).split('\\').join('/'))
        .filter((path) => !covered(path, rootPatterns)),
    );
    expect(missed, 'add these to "include" in tsconfig.all.json').toEqual([]);
  });

  it('should check with the same compiler options as the packages (it extends tsconfig.base.json only)', () => {
    const config = JSON.parse(readFileSync(join(repositoryRoot, 'tsconfig.all.json'), 'utf8'));
    expect(config.extends).toBe('./tsconfig.base.json');
    expect(config.compilerOptions).toBeUndefined();
  });
});
