import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { InvalidConfigError, safeParseJSON } from '@rlver/spec';
import { z } from 'zod';
import { packageAsset } from '../package-assets';

/**
 * The en function-word model (`assets/function-words-en.json.gz`, built by `scripts/build-function-word-model.ts`
 * from clean text: the Brown corpus's tagged files, nine in ten, the en training scenarios and the embedded policy's
 * generated dialogues):
 * - the closed-class words (those whose most frequent Brown tag is a determiner, preposition, pronoun, auxiliary,
 *   modal, conjunction, wh-word, qualifier or number word), with how often each occurs and how often it ends a
 *   phrase (right before a mark or the end of a sentence);
 * - how often each pair of them (and the sentence start, the end and the clause mark) stands side by side;
 * - the sentence openers: words that often start a sentence and are almost never written with a capital inside one
 *   ("Honestly", "Maybe", "Tell").
 */
export const functionWordModelFileSchema = z.object({
  schemaVersion: z.literal(1),
  lang: z.literal('en'),
  /** Units counted in all (every word and mark of the sources, the sentence starts and ends). */
  total: z.number().positive(),
  /**
   * `[unit, count, phraseFinalCount, Brown tag]` per closed-class word (its most frequent tag: "at" article, "in"
   * preposition, "pps" subject pronoun …), and for `<s>`, `</s>` and `,` (tag "").
   */
  units: z.array(z.tuple([z.string(), z.number().nonnegative(), z.number().nonnegative(), z.string()])),
  /** Side-by-side pairs of those units as flat triples `[left index, right index, count, …]`. */
  pairs: z.array(z.number().nonnegative()),
  /** Lower-cased words that open sentences and take a capital nowhere else. */
  openers: z.array(z.string()),
  sources: z.array(z.string()),
});
export type FunctionWordModelFile = z.infer<typeof functionWordModelFileSchema>;

/** A loaded function-word model. */
export interface FunctionWordModel {
  /** Whether the unit is a closed-class word or one of the boundary units the model counts. */
  isClosed(unit: string): boolean;
  /** How often the unit occurs in the sources (0 when it is not closed-class). */
  count(unit: string): number;
  /** How often the unit stands right before a mark or a sentence's end. */
  phraseFinalCount(unit: string): number;
  /** The unit's most frequent Brown tag ("" for the boundary units). */
  tag(unit: string): string;
  /** How often `right` follows `left`. */
  pairCount(left: string, right: string): number;
  /** Units counted in all. */
  readonly total: number;
  /** Whether a lower-cased word is a sentence opener (see the file schema). */
  isOpener(word: string): boolean;
}

/** Build the lookup object of a parsed model file. */
export function createFunctionWordModel(file: FunctionWordModelFile): FunctionWordModel {
  const index = new Map(file.units.map(([unit], position) => [unit, position]));
  const size = file.units.length;
  const pairs = new Map<number, number>();
  for (let position = 0; position + 2 < file.pairs.length; position += 3)
    pairs.set(
      (file.pairs[position] as number) * size + (file.pairs[position + 1] as number),
      file.pairs[position + 2] as number,
    );
  const openers = new Set(file.openers);
  const row = (unit: string) => {
    const position = index.get(unit);
    return position === undefined ? undefined : file.units[position];
  };
  return {
    isClosed: (unit) => index.has(unit),
    count: (unit) => row(unit)?.[1] ?? 0,
    phraseFinalCount: (unit) => row(unit)?.[2] ?? 0,
    tag: (unit) => row(unit)?.[3] ?? '',
    pairCount(left, right) {
      const a = index.get(left);
      const b = index.get(right);
      return a === undefined || b === undefined ? 0 : (pairs.get(a * size + b) ?? 0);
    },
    total: file.total,
    isOpener: (word) => openers.has(word),
  };
}

let loaded: FunctionWordModel | undefined;

/** The shipped en function-word model (loaded once per process). */
export function functionWordModel(): FunctionWordModel {
  if (!loaded) {
    const file = packageAsset('function-words-en.json.gz');
    const parsed = safeParseJSON(gunzipSync(readFileSync(file)).toString('utf8'), functionWordModelFileSchema);
    if (!parsed.success)
      throw new InvalidConfigError({
        message: `${file}: not a function-word model file (${parsed.error.message}); rebuild it with packages/text-quality/scripts/build-function-word-model.ts`,
      });
    loaded = createFunctionWordModel(parsed.value);
  }
  return loaded;
}
