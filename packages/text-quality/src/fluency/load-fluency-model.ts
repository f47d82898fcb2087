import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { InvalidConfigError, type Language, safeParseJSON } from '@rlver/spec';
import { type BigramModel, bigramModelFileSchema, createBigramModel } from './bigram-model';

/** The package root: the nearest folder above this module that holds `assets/` (works from `src/` and `dist/`). */
function packageRoot(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 4; depth += 1) {
    if (existsSync(join(folder, 'assets')) && existsSync(join(folder, 'package.json'))) return folder;
    folder = dirname(folder);
  }
  throw new InvalidConfigError({
    message: `cannot find the assets/ folder of @rlver/text-quality above ${fileURLToPath(import.meta.url)}; reinstall the package (its "files" must include assets)`,
  });
}

const loaded = new Map<Language, BigramModel>();

/** Load a gzip'd model file written by `scripts/build-fluency-model.ts`. */
export function loadFluencyModelFile(file: string): BigramModel {
  const parsed = safeParseJSON(gunzipSync(readFileSync(file)).toString('utf8'), bigramModelFileSchema);
  if (!parsed.success)
    throw new InvalidConfigError({ message: `${file}: not a fluency model file: ${parsed.error.message}` });
  return createBigramModel(parsed.value, file);
}

/** The shipped fluency model of a language (loaded once per process, ~100 ms). */
export function fluencyModel(lang: Language): BigramModel {
  let model = loaded.get(lang);
  if (!model) {
    model = loadFluencyModelFile(join(packageRoot(), 'assets', `fluency-${lang}.json.gz`));
    loaded.set(lang, model);
  }
  return model;
}
