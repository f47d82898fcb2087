import { defineConfig } from 'vitest/config';

/** Shared vitest settings: workspace packages resolve to their TypeScript sources (the `source` export condition). */
export const sharedVitestConfig = defineConfig({
  resolve: { conditions: ['source', 'import', 'module', 'node', 'default'] },
  ssr: { resolve: { conditions: ['source', 'import', 'node', 'default'], externalConditions: ['source'] } },
  test: {
    environment: 'node',
    setupFiles: [new URL('./vitest.setup.ts', import.meta.url).pathname],
    testTimeout: 60_000,
    passWithNoTests: true,
    hookTimeout: 60_000,
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
