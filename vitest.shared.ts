import { defineConfig } from 'vitest/config';

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
