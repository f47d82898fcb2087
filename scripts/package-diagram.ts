/**
 * The package dependency diagram of docs/architecture.md, generated from the workspace's package.json files.
 * `pnpm docs:diagram` rewrites the block between the markers; `test/src/docs/package-diagram.test.ts` fails when
 * the checked-in block differs from what this renders.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Opening and closing markers of the generated block in docs/architecture.md. */
export const DIAGRAM_BEGIN =
  '<!-- package-diagram:begin — generated from the package.json files by `pnpm docs:diagram`; do not edit -->';
export const DIAGRAM_END = '<!-- package-diagram:end -->';

interface WorkspacePackage {
  name: string;
  directory: string;
  dependencies: string[];
}

/** Workspace folders: the globs of pnpm-workspace.yaml (`dir/*` or a plain `dir`). */
function workspaceDirectories(root: string): string[] {
  const yaml = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const globs = [...yaml.matchAll(/^\s*-\s*["']?([^"'\s]+)["']?\s*$/gm)].map((match) => match[1] as string);
  const directories: string[] = [];
  for (const glob of globs) {
    if (glob.endsWith('/*')) {
      const parent = join(root, glob.slice(0, -2));
      if (!existsSync(parent)) continue;
      for (const entry of readdirSync(parent, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
        if (entry.isDirectory() && existsSync(join(parent, entry.name, 'package.json')))
          directories.push(join(parent, entry.name));
      }
    } else if (existsSync(join(root, glob, 'package.json'))) directories.push(join(root, glob));
  }
  return directories;
}

/** Every workspace package with its runtime workspace dependencies (`dependencies`, `optionalDependencies`). */
export function readWorkspacePackages(root: string): WorkspacePackage[] {
  const manifests = workspaceDirectories(root).map((directory) => ({
    directory: relative(root, directory),
    json: JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as {
      name: string;
      dependencies?: Record<string, string>;
      optionalDependencies?: Record<string, string>;
    },
  }));
  const names = new Set(manifests.map((manifest) => manifest.json.name));
  return manifests.map(({ directory, json }) => ({
    name: json.name,
    directory,
    dependencies: [
      ...new Set([...Object.keys(json.dependencies ?? {}), ...Object.keys(json.optionalDependencies ?? {})]),
    ]
      .filter((name) => names.has(name) && name !== json.name)
      .sort(),
  }));
}

const nodeId = (directory: string) => directory.replace(/[^A-Za-z0-9]+/g, '_');

/** The mermaid block (markers included): one node per workspace package, one edge per runtime dependency. */
export function renderPackageDiagram(root: string): string {
  const packages = readWorkspacePackages(root);
  const idOf = new Map(packages.map((entry) => [entry.name, nodeId(entry.directory)]));
  const lines = [DIAGRAM_BEGIN, '```mermaid', 'graph BT'];
  for (const entry of packages) lines.push(`  ${nodeId(entry.directory)}["${entry.name}<br/>${entry.directory}"]`);
  for (const entry of packages) {
    for (const dependency of entry.dependencies) lines.push(`  ${nodeId(entry.directory)} --> ${idOf.get(dependency)}`);
  }
  lines.push('```', DIAGRAM_END);
  return lines.join('\n');
}

/** The generated block as it stands in `markdown`, or undefined when the markers are missing. */
export function checkedInDiagram(markdown: string): string | undefined {
  const start = markdown.indexOf(DIAGRAM_BEGIN);
  const end = markdown.indexOf(DIAGRAM_END);
  if (start < 0 || end < start) return undefined;
  return markdown.slice(start, end + DIAGRAM_END.length);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '\0')) {
  const root = join(import.meta.dirname, '..');
  const file = join(root, 'docs', 'architecture.md');
  const markdown = readFileSync(file, 'utf8');
  const current = checkedInDiagram(markdown);
  if (current === undefined) {
    process.stderr.write(`${file}: no "${DIAGRAM_BEGIN}" … "${DIAGRAM_END}" block; add the two markers first\n`);
    process.exit(1);
  }
  writeFileSync(file, markdown.replace(current, renderPackageDiagram(root)));
  process.stdout.write(
    `${relative(root, file)}: package diagram written (${readWorkspacePackages(root).length} packages)\n`,
  );
}
