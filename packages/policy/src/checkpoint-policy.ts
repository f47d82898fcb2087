import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  decodingRulesFromGenerationConfig,
  LEXICON_FILE,
  type LoadTransformerModelOptions,
  type LogitsRulesConfig,
  loadPolicyTokenizer,
  loadTransformerModel,
  NO_LOGITS_RULES,
  PHRASEBOOK_FILE,
  type Phrasebook,
  parsePhrasebook,
  readJsonObject,
} from '@rlver/model';
import { InvalidConfigError } from '@rlver/spec';
import { z } from 'zod';
import {
  createTfjsDialoguePolicy,
  type TfjsDialoguePolicy,
  type TfjsDialoguePolicyOptions,
} from './tfjs-dialogue-policy';

export type LoadCheckpointPolicyOptions = Omit<TfjsDialoguePolicyOptions, 'model' | 'tokenizer'> &
  LoadTransformerModelOptions & {
    /** Extra end-of-turn tokens by text (e.g. `<|im_end|>`). */
    extraEosTokens?: readonly string[];
    /**
     * Rules that refine the checkpoint's own (its generation_config.json), field by field: what a config file or a
     * `--decoding-rules.*` flag asked for. `decodingRules` instead replaces the checkpoint's rules whole.
     */
    decodingRuleOverrides?: Partial<LogitsRulesConfig>;
  };

const generationConfigSchema = z.looseObject({
  eos_token_id: z.union([z.number().int(), z.array(z.number().int())]).optional(),
});

/** EOS ids of generation_config.json (Qwen2.5-Instruct lists `<|im_end|>` there), if any. */
async function generationEosIds(directory: string): Promise<number[]> {
  const raw = await readJsonObject(join(directory, 'generation_config.json'), false);
  const parsed = generationConfigSchema.safeParse(raw ?? {});
  if (!parsed.success || parsed.data.eos_token_id === undefined) return [];
  const eos = parsed.data.eos_token_id;
  return Array.isArray(eos) ? eos : [eos];
}

/**
 * A `TfjsDialoguePolicy` over a local Hugging Face model folder (config.json, safetensors,
 * tokenizer.json, tokenizer_config.json with a chat template; LoRA adapters when present). The tfjs
 * backend is the app's choice (`initTfBackend`).
 */
export async function loadCheckpointPolicy(
  directory: string,
  options: LoadCheckpointPolicyOptions = {},
): Promise<TfjsDialoguePolicy> {
  const model = await loadTransformerModel(directory, options);
  const tokenizer = await loadPolicyTokenizer(directory, { extraEosTokens: options.extraEosTokens });
  // Found here, at load, rather than inside every episode minutes later.
  if (tokenizer.vocabSize > model.vocabSize) {
    model.dispose();
    throw new InvalidConfigError({
      field: 'vocab_size',
      message: `${join(directory, 'tokenizer.json')} has token ids up to ${tokenizer.vocabSize - 1}, but ${join(directory, 'config.json')} field "vocab_size" is ${model.vocabSize} (the embedding rows): the tokenizer does not belong to these weights. Use the tokenizer files saved with the model.`,
    });
  }
  if ((options.chatTemplate ?? tokenizer.chatTemplate) === undefined) {
    model.dispose();
    throw new InvalidConfigError({
      field: 'chat_template',
      message: `${join(directory, 'tokenizer_config.json')} has no "chat_template", and the policy renders every turn through one: add the model's chat template there, or pass chatTemplate.`,
    });
  }
  const stopTokenIds = options.stopTokenIds ?? [
    ...new Set([...tokenizer.eosTokenIds, ...model.config.eosTokenIds, ...(await generationEosIds(directory))]),
  ];
  // Decoding rules are part of the policy: a checkpoint saved with rules brings them, unless the caller sets its own.
  let decodingRules: LogitsRulesConfig | undefined;
  let lexiconWords = options.lexiconWords;
  let phrasebook = options.phrasebook;
  try {
    decodingRules =
      options.decodingRules ??
      decodingRulesFromGenerationConfig(model.source?.generationConfig, join(directory, 'generation_config.json'));
    const overrides = Object.fromEntries(
      Object.entries(options.decodingRuleOverrides ?? {}).filter(([, value]) => value !== undefined),
    );
    if (Object.keys(overrides).length > 0) decodingRules = { ...(decodingRules ?? NO_LOGITS_RULES), ...overrides };
    if (lexiconWords === undefined && decodingRules?.lexicon) lexiconWords = await readLexicon(directory);
    if (phrasebook === undefined && decodingRules?.phrasebook) phrasebook = await readPhrasebook(directory);
  } catch (error) {
    model.dispose();
    throw error;
  }
  return createTfjsDialoguePolicy({
    ...options,
    decodingRules,
    lexiconWords,
    phrasebook,
    model,
    tokenizer,
    stopTokenIds,
    policyId: options.policyId ?? `checkpoint:${directory}`,
  });
}

/** The words of a checkpoint's lexicon.txt (the lexicon rule's base lexicon); a clear error when it is missing. */
async function readLexicon(directory: string): Promise<string[]> {
  const file = join(directory, LEXICON_FILE);
  const text = await readFile(file, 'utf8').catch(() => {
    throw new InvalidConfigError({
      field: 'decodingRules.lexicon',
      message: `decodingRules.lexicon is on but ${file} is missing: build it with \`npx tsx --conditions=source tools/embedded-model/scripts/build-lexicon.ts --out ${directory}\`, or set decodingRules.lexicon to false.`,
    });
  });
  return text.split('\n').filter((word) => word.length > 0);
}

/** A checkpoint's phrasebook.json (the phrasebook rule's templates); a clear error when it is missing or malformed. */
async function readPhrasebook(directory: string): Promise<Phrasebook> {
  const file = join(directory, PHRASEBOOK_FILE);
  const text = await readFile(file, 'utf8').catch(() => {
    throw new InvalidConfigError({
      field: 'decodingRules.phrasebook',
      message: `decodingRules.phrasebook is on but ${file} is missing: build it with \`npx tsx --conditions=source tools/embedded-model/scripts/build-phrasebook.ts --out ${directory}\`, or set decodingRules.phrasebook to false.`,
    });
  });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InvalidConfigError({
      field: 'decodingRules.phrasebook',
      message: `${file} is not JSON (${(error as Error).message}); rebuild it with tools/embedded-model/scripts/build-phrasebook.ts.`,
    });
  }
  return parsePhrasebook(value, file);
}

/** The embedded model's folder: `assets/embedded` of this package (code runs from src/ or dist/). */
export function embeddedModelDirectory(): string {
  return fileURLToPath(new URL('../assets/embedded/', import.meta.url));
}

/**
 * The small bilingual model shipped with the package (`assets/embedded`), as a `TfjsDialoguePolicy`.
 * Throws `InvalidConfigError` when it has not been built yet.
 */
export async function createEmbeddedPolicy(options: LoadCheckpointPolicyOptions = {}): Promise<TfjsDialoguePolicy> {
  const directory = embeddedModelDirectory();
  const built = await stat(join(directory, 'config.json')).then(
    () => true,
    () => false,
  );
  if (!built) {
    throw new InvalidConfigError({
      field: 'policy',
      message: `The embedded model is not built (no ${join(directory, 'config.json')}); run \`pnpm --filter @rlver/policy pretrain\` first, or choose another policy.`,
    });
  }
  return loadCheckpointPolicy(directory, { ...options, policyId: options.policyId ?? 'embedded' });
}
