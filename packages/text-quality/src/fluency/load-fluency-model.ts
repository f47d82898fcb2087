import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { InvalidConfigError, type Language, safeParseJSON } from '@rlver/spec';
import { packageAsset } from '../package-assets';
import { type BigramModel, bigramModelFileSchema, createBigramModel } from './bigram-model';

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
    model = loadFluencyModelFile(packageAsset(`fluency-${lang}.json.gz`));
    loaded.set(lang, model);
  }
  return model;
}
