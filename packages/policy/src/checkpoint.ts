import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InvalidInputError } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { z } from 'zod';
import type { AdamW } from './adamw';
import type { LoraTarget } from './lora';
import { loraTargetSchema } from './lora';
import { modelConfigFromHF, modelConfigToHF } from './model-config';
import type { PolicyTokenizer } from './policy-tokenizer';
import { readJsonObject } from './policy-tokenizer';
import { type NamedFloatTensor, readSafetensors, writeSafetensors } from './safetensors';
import { TransformerModel } from './transformer-model';
import { weightsFromNamedTensors } from './transformer-weights';

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
}

const MODULE_OF: Record<LoraTarget, string> = {
  q_proj: 'self_attn',
  k_proj: 'self_attn',
  v_proj: 'self_attn',
  o_proj: 'self_attn',
  gate_proj: 'mlp',
  up_proj: 'mlp',
  down_proj: 'mlp',
};
const peftName = (layer: number, target: LoraTarget, matrix: 'A' | 'B') =>
  `base_model.model.model.layers.${layer}.${MODULE_OF[target]}.${target}.lora_${matrix}.weight`;

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

async function writeWeights(directory: string, tensors: NamedFloatTensor[], maxShardBytes?: number): Promise<void> {
  const totalBytes = tensors.reduce((sum, tensor) => sum + tensor.data.byteLength, 0);
  if (maxShardBytes === undefined || totalBytes <= maxShardBytes) {
    await writeFile(join(directory, 'model.safetensors'), writeSafetensors(tensors, { format: 'pt' }));
    return;
  }
  const shards: NamedFloatTensor[][] = [[]];
  let shardBytes = 0;
  for (const tensor of tensors) {
    const current = shards[shards.length - 1] as NamedFloatTensor[];
    if (current.length > 0 && shardBytes + tensor.data.byteLength > maxShardBytes) {
      shards.push([tensor]);
      shardBytes = tensor.data.byteLength;
    } else {
      current.push(tensor);
      shardBytes += tensor.data.byteLength;
    }
  }
  const pad = (index: number) => String(index).padStart(5, '0');
  const weightMap: Record<string, string> = {};
  for (const [index, shard] of shards.entries()) {
    const file = `model-${pad(index + 1)}-of-${pad(shards.length)}.safetensors`;
    for (const tensor of shard) weightMap[tensor.name] = file;
    await writeFile(join(directory, file), writeSafetensors(shard, { format: 'pt' }));
  }
  const index = { metadata: { total_size: totalBytes }, weight_map: weightMap };
  await writeFile(join(directory, 'model.safetensors.index.json'), json(index));
}

async function loraTensors(model: TransformerModel): Promise<NamedFloatTensor[]> {
  const tensors: NamedFloatTensor[] = [];
  for (const [layer, perLayer] of (model.loraState?.adapters ?? []).entries()) {
    for (const [target, adapter] of Object.entries(perLayer) as Array<
      [LoraTarget, { a: tf.Variable; b: tf.Variable }]
    >) {
      tensors.push({
        name: peftName(layer, target, 'A'),
        shape: [...adapter.a.shape],
        data: (await adapter.a.data()) as Float32Array,
      });
      tensors.push({
        name: peftName(layer, target, 'B'),
        shape: [...adapter.b.shape],
        data: (await adapter.b.data()) as Float32Array,
      });
    }
  }
  return tensors;
}

/**
 * Write a Hugging Face model folder: config.json, model.safetensors (or shards + index), the tokenizer
 * files, LoRA adapters in PEFT format (adapter_config.json, adapter_model.safetensors; base weights
 * unmerged) and the optimizer state. Loading it back gives bit-identical weights.
 */
export async function saveCheckpoint(options: SaveCheckpointOptions): Promise<void> {
  const { directory, model } = options;
  await mkdir(directory, { recursive: true });
  const lora = model.loraState;
  const wasMerged = lora?.mergedBase !== undefined;
  if (wasMerged) model.unmergeLora();
  await writeFile(join(directory, 'config.json'), json(modelConfigToHF(model.config)));
  await writeWeights(directory, await model.exportWeights(), options.maxShardBytes);
  if (lora) {
    const adapterConfig = {
      peft_type: 'LORA',
      task_type: 'CAUSAL_LM',
      r: lora.config.rank,
      lora_alpha: lora.config.alpha,
      target_modules: lora.config.targetModules,
      lora_dropout: 0,
      bias: 'none',
      fan_in_fan_out: false,
    };
    await writeFile(join(directory, 'adapter_config.json'), json(adapterConfig));
    await writeFile(join(directory, 'adapter_model.safetensors'), writeSafetensors(await loraTensors(model)));
  }
  if (wasMerged) model.mergeLora();
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

/** Every tensor of a model folder (model.safetensors, or the shards listed in model.safetensors.index.json). */
export async function readCheckpointTensors(directory: string): Promise<Map<string, NamedFloatTensor>> {
  const indexPath = join(directory, 'model.safetensors.index.json');
  const files = (await exists(indexPath)) ? await readShardList(indexPath) : ['model.safetensors'];
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
}

/** Load a local Hugging Face model folder (config.json + safetensors, LoRA adapters when present). */
export async function loadTransformerModel(
  directory: string,
  options: LoadTransformerModelOptions = {},
): Promise<TransformerModel> {
  const configPath = join(directory, 'config.json');
  const config = modelConfigFromHF(await readJsonObject(configPath, true), configPath);
  const tensors = await readCheckpointTensors(directory);
  const weights = weightsFromNamedTensors(config, tensors, { source: directory, valueHead: options.valueHead });
  const model = new TransformerModel(config, weights);
  if ((options.loadAdapters ?? true) && (await exists(join(directory, 'adapter_config.json')))) {
    await loadAdapters(model, directory);
  }
  return model;
}

const adapterConfigSchema = z.looseObject({
  r: z.number().int().positive(),
  lora_alpha: z.number().positive(),
  target_modules: z.array(loraTargetSchema),
});

async function loadAdapters(model: TransformerModel, directory: string): Promise<void> {
  const configPath = join(directory, 'adapter_config.json');
  const parsed = adapterConfigSchema.safeParse(await readJsonObject(configPath, true));
  if (!parsed.success) throw new InvalidInputError({ file: configPath, message: parsed.error.message });
  const state = model.enableLora({
    rank: parsed.data.r,
    alpha: parsed.data.lora_alpha,
    targetModules: parsed.data.target_modules,
  });
  const path = join(directory, 'adapter_model.safetensors');
  const tensors = new Map(readSafetensors(await readFile(path), path).map((tensor) => [tensor.name, tensor]));
  for (const [layer, perLayer] of state.adapters.entries()) {
    for (const [target, adapter] of Object.entries(perLayer) as Array<
      [LoraTarget, { a: tf.Variable; b: tf.Variable }]
    >) {
      for (const [matrix, variable] of [
        ['A', adapter.a],
        ['B', adapter.b],
      ] as const) {
        const tensor = tensors.get(peftName(layer, target, matrix));
        if (!tensor || tensor.data.length !== variable.size) {
          throw new InvalidInputError({
            file: path,
            message: `tensor "${peftName(layer, target, matrix)}" is missing or mis-shaped.`,
          });
        }
        tf.tidy(() => variable.assign(tf.tensor(tensor.data, variable.shape)));
      }
    }
  }
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
