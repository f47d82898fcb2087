import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every package (packages/*, apps/*, tools/*) has a README whose first ```ts runnable block runs as written: it is
// saved beside the package's package.json (so its imports resolve as the package's own would) and run with tsx
// under the `source` condition, from an empty temp folder as the working directory.
const root = join(import.meta.dirname, '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const folders = ['packages', 'apps', 'tools'].flatMap((group) =>
  readdirSync(join(root, group))
    .filter((name) => existsSync(join(root, group, name, 'package.json')))
    .map((name) => `${group}/${name}`),
);

/** The first ```ts runnable block of a README, or undefined. */
export function runnableBlock(markdown: string): string | undefined {
  return /^```ts runnable\n([\s\S]*?)^```$/m.exec(markdown)?.[1];
}

function runExample(folder: string, code: string): Promise<{ code: number | null; output: string }> {
  const file = join(root, folder, `.readme-example-${process.pid}.mts`);
  const cwd = mkdtempSync(join(tmpdir(), 'rlver-readme-'));
  writeFileSync(file, code);
  return new Promise((resolve) => {
    const child = spawn(tsx, ['--conditions=source', file], {
      cwd,
      env: { ...process.env, RLVER_TF_BACKEND: process.env.RLVER_TF_BACKEND ?? 'cpu', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 240_000);
    child.on('close', (exitCode) => {
      clearTimeout(timer);
      rmSync(file, { force: true });
      rmSync(cwd, { recursive: true, force: true });
      resolve({ code: exitCode, output });
    });
  });
}

describe('README examples', () => {
  it('should find a README with a ```ts runnable block in every package', () => {
    const missing = folders.filter((folder) => {
      const readme = join(root, folder, 'README.md');
      return !existsSync(readme) || runnableBlock(readFileSync(readme, 'utf8')) === undefined;
    });
    expect(missing, 'add a README.md with a ```ts runnable block to these').toEqual([]);
  });

  it.concurrent.each(folders)(
    'should run the example of %s',
    async (folder) => {
      const readme = join(root, folder, 'README.md');
      const code = existsSync(readme) ? runnableBlock(readFileSync(readme, 'utf8')) : undefined;
      if (code === undefined) return; // reported by the test above
      const result = await runExample(folder, code);
      expect(result.code, `${folder}/README.md example failed:\n${result.output}`).toBe(0);
      expect(result.output.trim().length, `${folder}/README.md example printed nothing`).toBeGreaterThan(0);
    },
    300_000,
  );
});
