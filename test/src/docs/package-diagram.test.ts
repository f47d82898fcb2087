import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkedInDiagram, readWorkspacePackages, renderPackageDiagram } from '../../../scripts/package-diagram';

const root = join(import.meta.dirname, '..', '..', '..');

describe('the package diagram of docs/architecture.md', () => {
  it('should equal what the package.json files give (else run `pnpm docs:diagram`)', () => {
    const checkedIn = checkedInDiagram(readFileSync(join(root, 'docs', 'architecture.md'), 'utf8'));
    expect(checkedIn, 'docs/architecture.md has no generated package-diagram block').toBeDefined();
    expect(checkedIn, 'docs/architecture.md: the package diagram is stale; run `pnpm docs:diagram`').toBe(
      renderPackageDiagram(root),
    );
  });

  it('should name every workspace package, the trainer and the factories among them', () => {
    const diagram = renderPackageDiagram(root);
    const packages = readWorkspacePackages(root);
    expect(packages.map((entry) => entry.name)).toEqual(
      expect.arrayContaining(['@rlver/trainer', '@rlver/factories', '@rlver/model', '@rlver/policy']),
    );
    for (const entry of packages) expect(diagram).toContain(`["${entry.name}<br/>${entry.directory}"]`);
  });

  it('should draw one node per package and one edge per runtime workspace dependency (synthetic workspace)', () => {
    const workspace = mkdtempSync(join(tmpdir(), 'rlver-diagram-'));
    writeFileSync(join(workspace, 'pnpm-workspace.yaml'), 'packages:\n  - packages/*\n  - tool\n');
    const write = (directory: string, manifest: object) => {
      mkdirSync(join(workspace, directory), { recursive: true });
      writeFileSync(join(workspace, directory, 'package.json'), JSON.stringify(manifest));
    };
    write('packages/a', { name: '@x/a', dependencies: { zod: '^4' } });
    write('packages/b', { name: '@x/b', dependencies: { '@x/a': 'workspace:*' }, devDependencies: { '@x/c': '*' } });
    write('tool', { name: '@x/c', optionalDependencies: { '@x/b': 'workspace:*' } });
    expect(renderPackageDiagram(workspace).split('\n').slice(1, -1)).toEqual([
      '```mermaid',
      'graph BT',
      '  packages_a["@x/a<br/>packages/a"]',
      '  packages_b["@x/b<br/>packages/b"]',
      '  tool["@x/c<br/>tool"]',
      '  packages_b --> packages_a',
      '  tool --> packages_b',
      '```',
    ]);
  });
});
