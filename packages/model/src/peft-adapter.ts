import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InvalidInputError } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { z } from 'zod';
import { type LoraTarget, loraTargetSchema } from './lora';
import { readJsonObject } from './policy-tokenizer';
import { type NamedFloatTensor, readSafetensors, writeSafetensors } from './safetensors';
import type { TransformerModel } from './transformer-model';

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

/** Write the model's LoRA adapters in PEFT format: adapter_config.json and adapter_model.safetensors. */
export async function saveAdapters(model: TransformerModel, directory: string): Promise<void> {
  const lora = model.loraState;
  if (!lora) return;
  const adapterConfig = {
    peft_type: 'LORA',
    task_type: 'CAUSAL_LM',
    r: lora.config.rank,
    lora_alpha: lora.config.alpha,
    use_rslora: lora.config.useRslora,
    target_modules: lora.config.targetModules,
    lora_dropout: 0,
    bias: 'none',
    fan_in_fan_out: false,
  };
  await writeFile(join(directory, 'adapter_config.json'), `${JSON.stringify(adapterConfig, null, 2)}\n`);
  await writeFile(join(directory, 'adapter_model.safetensors'), writeSafetensors(await loraTensors(model)));
}

const adapterConfigSchema = z.looseObject({
  peft_type: z.literal('LORA', { message: 'only LORA adapters are supported' }).optional(),
  r: z.number().int().positive(),
  lora_alpha: z.number().positive(),
  use_rslora: z.boolean().default(false),
  target_modules: z.array(loraTargetSchema, {
    message: `list the projections by name (${loraTargetSchema.options.join(', ')}); a regex string is not supported`,
  }),
});

/**
 * adapter_config.json fields that change what the adapter computes, with the value this engine implements.
 * Anything else is refused rather than ignored.
 */
const ADAPTER_FIELDS_IMPLEMENTED: Array<[field: string, isImplemented: (value: unknown) => boolean, expected: string]> =
  [
    ['use_dora', (value) => value === undefined || value === false, 'false (DoRA is not supported)'],
    ['bias', (value) => value === undefined || value === 'none', '"none" (adapter biases are not supported)'],
    ['fan_in_fan_out', (value) => value === undefined || value === false, 'false'],
    ['modules_to_save', (value) => value === undefined || value === null, 'null (no fully trained extra modules)'],
    ['layers_to_transform', (value) => value === undefined || value === null, 'null (adapters on every layer)'],
    ['rank_pattern', isEmptyObject, '{} (one rank for every module)'],
    ['alpha_pattern', isEmptyObject, '{} (one alpha for every module)'],
  ];

function isEmptyObject(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'object' && Object.keys(value).length === 0);
}

/**
 * Load PEFT LoRA adapters (adapter_config.json + adapter_model.safetensors) onto `model`. Settings that change
 * what the adapter computes and that this engine does not implement are refused, naming the field.
 */
export async function loadAdapters(model: TransformerModel, directory: string): Promise<void> {
  const configPath = join(directory, 'adapter_config.json');
  const raw = await readJsonObject(configPath, true);
  const parsed = adapterConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidInputError({
      file: configPath,
      field: issue?.path.join('.'),
      message: issue?.message ?? parsed.error.message,
    });
  }
  for (const [field, isImplemented, expected] of ADAPTER_FIELDS_IMPLEMENTED) {
    const value = (raw as Record<string, unknown>)[field];
    if (!isImplemented(value)) {
      throw new InvalidInputError({
        file: configPath,
        field,
        message: `is ${JSON.stringify(value)}; only ${expected} is supported. The adapter is refused rather than applied wrongly.`,
      });
    }
  }
  const state = model.enableLora({
    rank: parsed.data.r,
    alpha: parsed.data.lora_alpha,
    useRslora: parsed.data.use_rslora,
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
