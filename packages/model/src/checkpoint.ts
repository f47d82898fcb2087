import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AdamW } from '@rlver/optim';
import { InvalidInputError } from '@rlver/spec';
import { z } from 'zod';
import { modelConfigFromHF, modelConfigToHF } from './hf-model-config';
import { logitsRulesActive } from './logits-rules';
import { loadAdapters, saveAdapters } from './peft-adapter';
import { PHRASEBOOK_FILE } from './phrasebook';
import type { PolicyTokenizer } from './policy-tokenizer';
import { readJsonObject } from './policy-tokenizer';
import {
  bytesPerElement,
  type NamedFloatTensor,
  readSafetensors,
  type SafetensorsDtype,
  writeSafetensors,
} from './safetensors';
import { SafetensorsFile } from './safetensors-file';
import { TransformerModel } from './transformer-model';
import { freshCopyHeadTensors, weightsFromSource } from './transformer-weights';

/** The lexicon rule's word list beside a checkpoint (one lower-case word a line; logits-rules.ts `lexicon`). */
export const LEXICON_FILE = 'lexicon.txt';

export interface SaveCheckpointOptions {
  /** Folder to write (created when missing; files of the same name are overwritten). */
  directory: string;
  model: TransformerModel;
  /** Writes tokenizer.json and tokenizer_config.json (chat template included). */
  tokenizer?: PolicyTokenizer;
  /** Writes optimizer.safetensors (moments) and its step into trainer_state.json. */
  optimizer?: AdamW;
  /** Extra JSON for trainer_state.json (training step, metrics, …). */
  trainerState?: Record<string, unknown>;
  /** Shard the weights into files of at most this many bytes with model.safetensors.index.json (default: one file). */
  maxShardBytes?: number;
  /**
   * Storage dtype of the weights: the dtype the model was loaded in (`model.source`) by default, else F32.
   * F16 / BF16 round to nearest even, so weights trained in float32 lose precision as they do in PyTorch.
   */
  dtype?: SafetensorsDtype;
  /** generation_config.json content (default: the loaded checkpoint's, else bos/eos/pad from the config). */
  generationConfig?: Record<string, unknown>;
}

/** HF `torch_dtype` names of the stored dtypes. */
const TORCH_DTYPES: Record<SafetensorsDtype, string> = { F32: 'float32', F16: 'float16', BF16: 'bfloat16' };
/** The file of the PPO value head (TRL names `v_head.summary.*`), apart from the language model's weights. */
export const VALUE_HEAD_FILE = 'value_head.safetensors';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

async function writeWeights(
  directory: string,
  tensors: NamedFloatTensor[],
  dtype: SafetensorsDtype,
  maxShardBytes?: number,
): Promise<void> {
  const bytes = (tensor: NamedFloatTensor) => tensor.data.length * bytesPerElement(dtype);
  const totalBytes = tensors.reduce((sum, tensor) => sum + bytes(tensor), 0);
  if (maxShardBytes === undefined || totalBytes <= maxShardBytes) {
    await writeFile(join(directory, 'model.safetensors'), writeSafetensors(tensors, { format: 'pt' }, dtype));
    return;
  }
  const shards: NamedFloatTensor[][] = [[]];
  let shardBytes = 0;
  for (const tensor of tensors) {
    const current = shards[shards.length - 1] as NamedFloatTensor[];
    if (current.length > 0 && shardBytes + bytes(tensor) > maxShardBytes) {
      shards.push([tensor]);
      shardBytes = bytes(tensor);
    } else {
      current.push(tensor);
      shardBytes += bytes(tensor);
    }
  }
  const pad = (index: number) => String(index).padStart(5, '0');
  const weightMap: Record<string, string> = {};
  for (const [index, shard] of shards.entries()) {
    const file = `model-${pad(index + 1)}-of-${pad(shards.length)}.safetensors`;
    for (const tensor of shard) weightMap[tensor.name] = file;
    await writeFile(join(directory, file), writeSafetensors(shard, { format: 'pt' }, dtype));
  }
  const index = { metadata: { total_size: totalBytes }, weight_map: weightMap };
  await writeFile(join(directory, 'model.safetensors.index.json'), json(index));
}

/** generation_config.json as transformers derives it from config.json (`GenerationConfig.from_model_config`). */
function generationConfigOf(model: TransformerModel): Record<string, unknown> {
  const { bosTokenId, eosTokenIds, padTokenId } = model.config;
  return {
    _from_model_config: true,
    ...(bosTokenId === undefined ? {} : { bos_token_id: bosTokenId }),
    ...(eosTokenIds.length === 0 ? {} : { eos_token_id: eosTokenIds.length === 1 ? eosTokenIds[0] : [...eosTokenIds] }),
    ...(padTokenId === undefined ? {} : { pad_token_id: padTokenId }),
  };
}

/**
 * generation_config.json with the model's decoding rules (logits-rules.ts), which are part of the policy: the
 * full set as `rlver_decoding_rules` (read back by the policy loader) and the no-repeat size also under
 * transformers' own `no_repeat_ngram_size`. Without active rules, the file is kept as it is.
 */
function withDecodingRules(
  generationConfig: Record<string, unknown>,
  model: TransformerModel,
): Record<string, unknown> {
  const rules = model.logitsRules?.config;
  if (!rules || !logitsRulesActive(rules)) return generationConfig;
  const { rlver_decoding_rules: _rules, no_repeat_ngram_size: _size, ...rest } = generationConfig;
  return {
    ...rest,
    ...(rules.noRepeatNgramSize > 0 ? { no_repeat_ngram_size: rules.noRepeatNgramSize } : {}),
    rlver_decoding_rules: {
      no_repeat_ngram_size: rules.noRepeatNgramSize,
      earlier_reply_ngram_size: rules.earlierReplyNgramSize,
      max_token_run: rules.maxTokenRun,
      script: rules.script,
      quote_min_units: rules.quoteMinUnits,
      ...(rules.lexicon ? { lexicon: true } : {}),
      ...(rules.phrasebook ? { phrasebook: true } : {}),
    },
  };
}

/**
 * Write a Hugging Face model folder: config.json, generation_config.json, model.safetensors (or shards +
 * index) in the model's storage dtype, the value head in value_head.safetensors, the tokenizer files, LoRA
 * adapters in PEFT format (adapter_config.json, adapter_model.safetensors; base weights unmerged) and the
 * optimizer state. Loading it back gives bit-identical weights when the dtype is F32 or the weights are
 * those loaded.
 */
export async function saveCheckpoint(options: SaveCheckpointOptions): Promise<void> {
  const { directory, model } = options;
  await mkdir(directory, { recursive: true });
  const lora = model.loraState;
  const wasMerged = lora?.mergedBase !== undefined;
  if (wasMerged) model.unmergeLora();
  const dtype = options.dtype ?? model.source?.dtype ?? 'F32';
  await writeFile(join(directory, 'config.json'), json(modelConfigToHF(model.config, TORCH_DTYPES[dtype])));
  const generationConfig = withDecodingRules(
    options.generationConfig ?? model.source?.generationConfig ?? generationConfigOf(model),
    model,
  );
  await writeFile(join(directory, 'generation_config.json'), json(generationConfig));
  const tensors = await model.exportWeights();
  const isValueHead = (tensor: NamedFloatTensor) => tensor.name.startsWith('v_head.');
  await writeWeights(
    directory,
    tensors.filter((tensor) => !isValueHead(tensor)),
    dtype,
    options.maxShardBytes,
  );
  const valueHead = tensors.filter(isValueHead);
  if (valueHead.length > 0) await writeFile(join(directory, VALUE_HEAD_FILE), writeSafetensors(valueHead));
  if (lora) await saveAdapters(model, directory);
  if (wasMerged) model.mergeLora();
  const lexiconWords = model.logitsRules?.lexiconWords ?? [];
  if (lexiconWords.length > 0) await writeFile(join(directory, LEXICON_FILE), `${lexiconWords.join('\n')}\n`);
  const phrasebook = model.logitsRules?.phrasebook;
  if (phrasebook) await writeFile(join(directory, PHRASEBOOK_FILE), json(phrasebook));
  if (options.tokenizer) {
    await writeFile(join(directory, 'tokenizer.json'), json(options.tokenizer.tokenizerJson));
    await writeFile(join(directory, 'tokenizer_config.json'), json(options.tokenizer.tokenizerConfig));
  }
  const optimizerState = options.optimizer ? await options.optimizer.exportState(model.namedVariables()) : undefined;
  if (optimizerState) {
    await writeFile(join(directory, 'optimizer.safetensors'), writeSafetensors(optimizerState.tensors));
  }
  if (optimizerState || options.trainerState) {
    const trainerState = {
      schemaVersion: 1,
      ...(optimizerState
        ? { optimizer: { step: optimizerState.step, learningRate: optimizerState.learningRate } }
        : {}),
      extra: options.trainerState ?? {},
    };
    await writeFile(join(directory, 'trainer_state.json'), json(trainerState));
  }
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

const indexSchema = z.object({ weight_map: z.record(z.string(), z.string()) });

/**
 * Every tensor of a model folder: model.safetensors, or the shards listed in model.safetensors.index.json,
 * and the value head of value_head.safetensors when present.
 */
export async function readCheckpointTensors(directory: string): Promise<Map<string, NamedFloatTensor>> {
  const indexPath = join(directory, 'model.safetensors.index.json');
  const files = (await exists(indexPath)) ? await readShardList(indexPath) : ['model.safetensors'];
  if (await exists(join(directory, VALUE_HEAD_FILE))) files.push(VALUE_HEAD_FILE);
  const tensors = new Map<string, NamedFloatTensor>();
  for (const file of files) {
    const path = join(directory, file);
    const buffer = await readFile(path).catch((error: unknown) => {
      throw new InvalidInputError({
        file: path,
        message: 'cannot be read (expected safetensors weights).',
        cause: error,
      });
    });
    for (const tensor of readSafetensors(buffer, path)) tensors.set(tensor.name, tensor);
  }
  return tensors;
}

/** The weight files of a model folder (as `readCheckpointTensors`), opened with only their headers read. */
async function openCheckpointFiles(directory: string): Promise<SafetensorsFile[]> {
  const indexPath = join(directory, 'model.safetensors.index.json');
  const names = (await exists(indexPath)) ? await readShardList(indexPath) : ['model.safetensors'];
  if (await exists(join(directory, VALUE_HEAD_FILE))) names.push(VALUE_HEAD_FILE);
  const files: SafetensorsFile[] = [];
  try {
    for (const name of names) files.push(SafetensorsFile.open(join(directory, name)));
  } catch (error) {
    for (const file of files) file.close();
    throw error;
  }
  return files;
}

async function readShardList(indexPath: string): Promise<string[]> {
  const parsed = indexSchema.safeParse(await readJsonObject(indexPath, true));
  if (!parsed.success) {
    throw new InvalidInputError({ file: indexPath, field: 'weight_map', message: parsed.error.message });
  }
  return [...new Set(Object.values(parsed.data.weight_map))];
}

export interface LoadTransformerModelOptions {
  /** Attach a value head: true (from v_head.summary.* when saved, else fresh zeros), false, or default: when saved. */
  valueHead?: boolean;
  /** Load adapter_config.json / adapter_model.safetensors when present (default true). */
  loadAdapters?: boolean;
  /**
   * Warm start of a copy head (copy-head.ts) on a checkpoint without one: fresh query/key projections of width
   * `keyDim` (normal(0, 0.02), seeded), gate weight likewise and gate bias logit(0.05), so g ≈ 0.05.
   */
  addCopyHead?: { keyDim: number; seed?: number };
  /**
   * Threads that read and decode the safetensors files (default: the cores, at most 4, on native TensorFlow for
   * weights of 256 MiB and more; else 1, which reads on the calling thread one variable at a time).
   */
  readThreads?: number;
  /**
   * Gradient checkpointing of the decoder layers (`TransformerModel.checkpointLayers`). Default: on from
   * `CHECKPOINT_LAYERS_FROM` parameters (real checkpoints, where a step's activations and their gradients would
   * otherwise dominate memory), off below (the embedded policy, where the extra forward pass is the cost).
   */
  checkpointLayers?: boolean;
}

/** Parameters from which `loadTransformerModel` turns gradient checkpointing on by default. */
export const CHECKPOINT_LAYERS_FROM = 100_000_000;

/**
 * Load a local Hugging Face model folder (config.json + safetensors, LoRA adapters when present). The
 * weights are streamed from the files into tensors one variable at a time (`SafetensorsFile`).
 */
export async function loadTransformerModel(
  directory: string,
  options: LoadTransformerModelOptions = {},
): Promise<TransformerModel> {
  const configPath = join(directory, 'config.json');
  let config = modelConfigFromHF(await readJsonObject(configPath, true), configPath);
  // A warm-started copy head: fresh tensors served beside the files' (copy-head.ts).
  const fresh = new Map<string, { shape: number[]; data: Float32Array }>();
  if (options.addCopyHead) {
    if (config.copyHead) {
      throw new InvalidInputError({
        file: configPath,
        field: 'rlver_copy_head',
        message: 'the checkpoint already has a copy head; load it without addCopyHead.',
      });
    }
    config = { ...config, copyHead: { keyDim: options.addCopyHead.keyDim } };
    for (const tensor of freshCopyHeadTensors(config, options.addCopyHead.seed ?? 0)) fresh.set(tensor.name, tensor);
  }
  const files = await openCheckpointFiles(directory);
  let weights: TransformerModel['weights'];
  const fileOf = new Map<string, SafetensorsFile>();
  for (const file of files) for (const name of file.entries.keys()) fileOf.set(name, file);
  try {
    weights = await weightsFromSource(
      config,
      {
        shapeOf: (name) => fresh.get(name)?.shape ?? fileOf.get(name)?.entries.get(name)?.shape,
        readInto: (name, out, offset) => {
          const tensor = fresh.get(name);
          if (tensor) out.set(tensor.data, offset);
          else fileOf.get(name)?.readInto(name, out, offset);
        },
        locate: (name) => (fresh.has(name) ? undefined : fileOf.get(name)?.locate(name)),
      },
      {
        source: directory,
        valueHead: options.valueHead ?? fileOf.has('v_head.summary.weight'),
        ...(options.readThreads === undefined ? {} : { readThreads: options.readThreads }),
      },
    );
  } finally {
    for (const file of files) file.close();
  }
  const model = new TransformerModel(config, weights);
  model.checkpointLayers = options.checkpointLayers ?? model.parameterCount() >= CHECKPOINT_LAYERS_FROM;
  const storedDtypes = new Set(
    [...fileOf.entries()]
      .filter(([name]) => !name.startsWith('v_head.'))
      .map(([name, file]) => file.entries.get(name)?.dtype),
  );
  const [onlyDtype] = storedDtypes;
  const generationConfig = await readJsonObject(join(directory, 'generation_config.json'), false);
  model.source = {
    // Mixed storage dtypes are saved as F32, which holds every one of them exactly.
    dtype: storedDtypes.size === 1 && onlyDtype !== undefined ? onlyDtype : 'F32',
    ...(generationConfig ? { generationConfig } : {}),
  };
  if ((options.loadAdapters ?? true) && (await exists(join(directory, 'adapter_config.json')))) {
    await loadAdapters(model, directory);
  }
  return model;
}

const trainerStateSchema = z.object({
  schemaVersion: z.literal(1),
  optimizer: z.object({ step: z.number().int().nonnegative(), learningRate: z.number() }).optional(),
  extra: z.record(z.string(), z.unknown()).default({}),
});

/**
 * Restore optimizer moments and step saved by `saveCheckpoint` into `optimizer` (for `model`'s
 * variables). Returns trainer_state.json's `extra`, or undefined when the folder has no optimizer state.
 */
export async function loadOptimizerState(
  directory: string,
  optimizer: AdamW,
  model: TransformerModel,
): Promise<Record<string, unknown> | undefined> {
  const statePath = join(directory, 'trainer_state.json');
  const raw = await readJsonObject(statePath, false);
  if (!raw) return undefined;
  const parsed = trainerStateSchema.safeParse(raw);
  if (!parsed.success) throw new InvalidInputError({ file: statePath, message: parsed.error.message });
  if (!parsed.data.optimizer) return parsed.data.extra;
  const path = join(directory, 'optimizer.safetensors');
  const tensors = readSafetensors(await readFile(path), path);
  optimizer.importState({ ...parsed.data.optimizer, tensors }, model.namedVariables(), path);
  return parsed.data.extra;
}
