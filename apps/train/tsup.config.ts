import { defineConfig } from 'tsup';

export default defineConfig({
  // benchmark-child is forked by path (benchmark-child-module.ts), so it must be its own file next to cli.js.
  entry: ['src/index.ts', 'src/cli.ts', 'src/benchmark-child.ts'],
  format: ['esm'],
  dts: { entry: 'src/index.ts' },
  sourcemap: true,
  clean: true,
  target: 'node20',
  banner: { js: '' },
});
