#!/usr/bin/env node
// Check that the published CLIs work from the packed tarballs, as a user gets them: build, `pnpm pack` every
// workspace package rlver-train and rlver-eval need, install the tarballs into an empty temp folder with npm
// (third-party dependencies from the npm registry), then run `npx rlver-train` / `npx rlver-eval` with
// `--version` and `--help` there. Exits non-zero with the failing step named. Used by .ci/run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const apps = ['@rlver/train-app', '@rlver/eval-app'];
const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

/** Every workspace package by name: its folder and manifest. */
function workspacePackages() {
  const packages = new Map();
  for (const group of ['packages', 'apps', 'tools']) {
    for (const name of readdirSync(join(root, group))) {
      const folder = join(root, group, name);
      try {
        const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
        packages.set(manifest.name, { folder, manifest });
      } catch {
        // not a package folder
      }
    }
  }
  return packages;
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    throw new Error(
      `check-packed-bins: \`${command} ${args.join(' ')}\` failed (exit ${result.status}) in ${options.cwd ?? root}`,
    );
  }
  return result.stdout;
}

const packages = workspacePackages();
const needed = new Set();
const visit = (name) => {
  if (needed.has(name)) return;
  const entry = packages.get(name);
  if (!entry) return;
  needed.add(name);
  for (const dependency of Object.keys(entry.manifest.dependencies ?? {})) visit(dependency);
};
for (const app of apps) visit(app);
for (const name of needed) {
  if (packages.get(name).manifest.private)
    throw new Error(`check-packed-bins: ${name} is private, but ${apps.join(' / ')} depend on it; make it publishable`);
}

// RLVER_SKIP_BUILD=1 packs the dist/ folders as they are (after a build of your own).
// RLVER_PACK_WITHOUT_TYPES=1 builds without type declarations (`tsup --no-dts`): the CLIs do not need them, and
// they are most of the build's time (about 11 of 13 CPU-s a package). CI sets it: `pnpm typecheck` checks the
// types there, and a release builds them (`pnpm build && pnpm changeset publish`).
if (!process.env.RLVER_SKIP_BUILD) {
  const withoutTypes = process.env.RLVER_PACK_WITHOUT_TYPES === '1';
  run(
    'pnpm',
    [
      'exec',
      'turbo',
      'run',
      'build',
      ...apps.map((app) => `--filter=${app}...`),
      '--output-logs=errors-only',
      ...(withoutTypes ? ['--', '--no-dts'] : []),
    ],
    { cwd: root },
  );
  console.log(
    `check-packed-bins: built ${needed.size} packages${withoutTypes ? ' without type declarations' : ''} (${seconds()})`,
  );
}

const work = mkdtempSync(join(tmpdir(), 'rlver-packed-'));
try {
  const tarballs = join(work, 'tarballs');
  mkdirSync(tarballs);
  // One `pnpm -r pack` for all of them (it packs two at a time; 22 `pnpm pack` runs, one after another, took 26 s).
  const packed = JSON.parse(
    run(
      'pnpm',
      ['-r', ...[...needed].map((name) => `--filter=${name}`), 'pack', '--pack-destination', tarballs, '--json'],
      { cwd: root },
    ),
  );
  const files = Object.fromEntries(
    (Array.isArray(packed) ? packed : [packed]).map((entry) => [entry.name, `file:${entry.filename}`]),
  );
  const unpacked = [...needed].filter((name) => files[name] === undefined);
  const extra = Object.keys(files).filter((name) => !needed.has(name));
  if (unpacked.length > 0 || extra.length > 0 || readdirSync(tarballs).length !== needed.size)
    throw new Error(
      `check-packed-bins: pnpm -r pack made ${readdirSync(tarballs).length} tarballs for ${needed.size} packages (missing: ${unpacked.join(', ') || 'none'}; not asked for: ${extra.join(', ') || 'none'})`,
    );
  console.log(`check-packed-bins: packed ${needed.size} tarballs (${seconds()})`);
  const app = join(work, 'app');
  mkdirSync(app);
  // Overrides point every @rlver dependency at its tarball, so nothing @rlver comes from the registry.
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify(
      { name: 'rlver-user', private: true, type: 'module', dependencies: files, overrides: files },
      null,
      2,
    ),
  );
  run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], { cwd: app });
  console.log(`check-packed-bins: npm install from the tarballs (${seconds()})`);
  for (const [bin, app_] of [
    ['rlver-train', '@rlver/train-app'],
    ['rlver-eval', '@rlver/eval-app'],
  ]) {
    const expected = packages.get(app_).manifest.version;
    const version = run('npx', ['--no-install', bin, '--version'], { cwd: app }).trim();
    if (!version.includes(expected))
      throw new Error(`check-packed-bins: \`npx ${bin} --version\` printed "${version}", expected ${expected}`);
    const help = run('npx', ['--no-install', bin, '--help'], { cwd: app });
    if (!/usage/i.test(help)) throw new Error(`check-packed-bins: \`npx ${bin} --help\` printed no usage:\n${help}`);
    console.log(`check-packed-bins: npx ${bin} --version → ${version}; --help → ${help.split('\n').length} lines`);
  }
  console.log(`check-packed-bins: ok (${seconds()})`);
} finally {
  if (!process.env.RLVER_KEEP_PACKED) rmSync(work, { recursive: true, force: true });
  else console.log(`check-packed-bins: kept ${work}`);
}
