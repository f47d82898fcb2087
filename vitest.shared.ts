import { configDefaults, defineConfig, mergeConfig, type UserConfig } from 'vitest/config';

/** Shared vitest settings: workspace packages resolve to their TypeScript sources (the `source` export condition). */
export const sharedVitestConfig = defineConfig({
  resolve: { conditions: ['source', 'import', 'module', 'node', 'default'] },
  ssr: { resolve: { conditions: ['source', 'import', 'node', 'default'], externalConditions: ['source'] } },
  test: {
    environment: 'node',
    setupFiles: [new URL('./vitest.setup.ts', import.meta.url).pathname],
    // A limit for hangs, not a speed check: `pnpm test` runs two packages at a time (up to four forks on two cores),
    // so a test can take twice its time alone (docs/decisions/2026-11-27-ci-time.md).
    testTimeout: 120_000,
    passWithNoTests: true,
    hookTimeout: 120_000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});

/**
 * The shared settings, but test files share their fork (`isolate: false`): TensorFlow.js and the other
 * node_modules load once per fork instead of once per file, and the package's own modules stay loaded between files.
 * For packages whose files only import and compute (docs/decisions/2026-11-27-ci-time-2.md). Files in
 * `ownProcessFiles` (paths from the package folder) still get a fresh process each: those that choose a TensorFlow.js
 * backend themselves or change process-wide state, which would otherwise carry over to the files after them.
 */
export function sharedForkVitestConfig(ownProcessFiles: readonly string[]): UserConfig {
  return mergeConfig(sharedVitestConfig, {
    test: {
      poolOptions: { forks: { isolate: false } },
      projects: [
        {
          extends: true,
          test: { name: 'shared-fork', exclude: [...configDefaults.exclude, ...ownProcessFiles] },
        },
        // One project per file: vitest gives each project's files their own fork group and recycles the forks
        // between groups, so each of these files starts in a fresh process, as with `isolate: true`.
        ...ownProcessFiles.map((file) => ({
          extends: true,
          test: { name: `own-process:${file}`, include: [file], poolOptions: { forks: { isolate: true } } },
        })),
      ],
    },
  });
}
