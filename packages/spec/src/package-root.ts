import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InvalidConfigError } from './errors/invalid-config-error';

/**
 * The root of the package a module belongs to: the nearest folder above `moduleUrl` (`import.meta.url`) that holds
 * both `package.json` and the shipped `folder`. Works from `src/…` (sources, tests, tsx) and from `dist/` (the
 * bundled build), which sit at different depths. Throws naming the package and the `files` entry to check.
 */
export function packageRootOf(moduleUrl: string, folder: string, packageName: string): string {
  let current = dirname(fileURLToPath(moduleUrl));
  for (let depth = 0; depth < 4; depth += 1) {
    if (existsSync(join(current, folder)) && existsSync(join(current, 'package.json'))) return current;
    current = dirname(current);
  }
  throw new InvalidConfigError({
    message: `cannot find the ${folder}/ folder of ${packageName} above ${fileURLToPath(moduleUrl)}; reinstall the package (its "files" must include ${folder})`,
  });
}
