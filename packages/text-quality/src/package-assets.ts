import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { InvalidConfigError } from '@rlver/spec';

/**
 * A file of the package's `assets/` folder: found from the nearest folder above this module that holds `assets/`
 * and `package.json` (works from `src/` and `dist/`).
 */
export function packageAsset(name: string): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 4; depth += 1) {
    if (existsSync(join(folder, 'assets')) && existsSync(join(folder, 'package.json'))) {
      return join(folder, 'assets', name);
    }
    folder = dirname(folder);
  }
  throw new InvalidConfigError({
    message: `cannot find the assets/ folder of @rlver/text-quality above ${fileURLToPath(import.meta.url)}; reinstall the package (its "files" must include assets)`,
  });
}
