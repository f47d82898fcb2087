import { fileURLToPath } from 'node:url';

/** Path of `benchmark-child` next to this file: `.ts` when run from source, `.js` from the built app. */
export function benchmarkChildModule(): string {
  const extension = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  return fileURLToPath(new URL(`./benchmark-child${extension}`, import.meta.url));
}
