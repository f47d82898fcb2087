import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const skipped = new Set(['node_modules', 'dist', '.turbo', 'runs', '.git', 'coverage', 'bench-results']);
const codeFile = /\.(ts|tsx|mts|mjs|js|py)$/;

function codeFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || skipped.has(entry.name)) return [];
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return codeFiles(path);
    return codeFile.test(entry.name) ? [path] : [];
  });
}

/** "§N.N" citations of the spec in code, except those of the house style (`house style §9`). */
function citations(): { section: string; where: string }[] {
  const found: { section: string; where: string }[] = [];
  for (const file of ['packages', 'apps', 'tools', 'test', 'scripts'].flatMap((top) => codeFiles(join(root, top)))) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        for (const match of line.matchAll(/§\s?(\d+(?:\.\d+)*)/g)) {
          const before = line.slice(Math.max(0, (match.index ?? 0) - 20), match.index).toLowerCase();
          if (before.includes('house style') || before.includes('house-style')) continue;
          found.push({ section: match[1] as string, where: `${relative(root, file)}:${index + 1}` });
        }
      });
  }
  return found;
}

describe('docs/rlver-spec.md', () => {
  const headings = new Set(
    [...readFileSync(join(root, 'docs', 'rlver-spec.md'), 'utf8').matchAll(/^#{2,4} §(\d+(?:\.\d+)*) /gm)].map(
      (match) => match[1],
    ),
  );

  it('should have a heading for every "§N.N" the code cites', () => {
    const cited = citations();
    expect(cited.length).toBeGreaterThan(100);
    const missing = cited.filter(({ section }) => !headings.has(section)).map((c) => `§${c.section} (${c.where})`);
    expect(missing, 'add these sections to docs/rlver-spec.md or fix the citation').toEqual([]);
  });

  it('should keep its headings unique', () => {
    const all = [...readFileSync(join(root, 'docs', 'rlver-spec.md'), 'utf8').matchAll(/^#{2,4} §(\S+) /gm)];
    expect(all.length).toBe(headings.size);
  });
});
