import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { safeParseJSON } from '@rlver/spec';

/**
 * The `version` of the package a module belongs to: the nearest `package.json` above the module's file, as
 * `src/cli.ts` (run by tsx) and the built `dist/cli.js` both sit one folder below it. For `--version`.
 */
export function packageVersion(moduleUrl: string): string {
  let directory = dirname(fileURLToPath(moduleUrl));
  for (;;) {
    const file = join(directory, 'package.json');
    if (existsSync(file)) {
      const parsed = safeParseJSON<{ version?: unknown }>(readFileSync(file, 'utf8'));
      if (parsed.success && typeof parsed.value.version === 'string') return parsed.value.version;
    }
    const parent = dirname(directory);
    if (parent === directory) return 'unknown';
    directory = parent;
  }
}
