import { freemem, totalmem } from 'node:os';
import { InvalidConfigError } from '@rlver/spec';
import type { TransformerConfig } from './model-config';

/** One full-sequence attention pass a run will make: how many rows of how many tokens, and what sets them. */
export interface AttentionPass {
  /** What the pass is, for the message (e.g. "prefilling 4 prompts"). */
  what: string;
  rows: number;
  tokens: number;
  /** The settings that size it, for the message (e.g. "maxContextTokens or concurrency"). */
  fields: string;
}

const GIB = 1024 ** 3;
/** The wasm backend's heap: 32-bit addresses, at most 4 GiB for every tensor together. */
export const WASM_HEAP_BYTES = 4 * GIB;

/**
 * A lower bound of the bytes one attention pass holds at once: this engine materialises the scores and the
 * softmax probabilities of every head, `rows × heads × tokens²` float32 each (the mask, the weights and the
 * activations come on top).
 */
export function attentionPassBytes(config: Pick<TransformerConfig, 'numAttentionHeads'>, pass: AttentionPass): number {
  return 2 * pass.rows * config.numAttentionHeads * pass.tokens * pass.tokens * 4;
}

/** Memory tensors can use on a tfjs backend: the wasm heap, else the machine's memory. */
export function backendMemoryBytes(backend: string): number {
  return backend === 'wasm' ? WASM_HEAP_BYTES : Math.max(totalmem(), freemem());
}

const gib = (bytes: number) => `${(bytes / GIB).toFixed(bytes < 10 * GIB ? 1 : 0)} GiB`;

/**
 * Refuse, before anything starts, a run whose attention passes cannot fit the backend's memory (the wasm
 * backend otherwise aborts mid-step with "memory access out of bounds"). The message names the pass, the
 * settings that size it, the backend and the longest sequence that would fit.
 */
export function checkAttentionBudget(options: {
  config: Pick<TransformerConfig, 'numAttentionHeads'>;
  backend: string;
  passes: readonly AttentionPass[];
  /** Memory available to tensors (default: `backendMemoryBytes(backend)`). */
  limitBytes?: number;
}): void {
  const limit = options.limitBytes ?? backendMemoryBytes(options.backend);
  for (const pass of options.passes) {
    const bytes = attentionPassBytes(options.config, pass);
    if (bytes <= limit) continue;
    const heads = options.config.numAttentionHeads;
    const fittingTokens = Math.floor(Math.sqrt(limit / (2 * pass.rows * heads * 4)));
    throw new InvalidConfigError({
      field: pass.fields.split(' ')[0],
      message: `${pass.what} needs at least ${gib(bytes)} for one attention pass (${pass.rows} rows × ${heads} heads × ${pass.tokens}² positions, scores and probabilities in float32), more than the ${gib(limit)} the ${options.backend} backend has. Lower ${pass.fields} (at ${pass.rows} rows, up to ${fittingTokens} tokens fit), or run on a backend with more memory (RLVER_TF_BACKEND=tensorflow with @tensorflow/tfjs-node installed).`,
    });
  }
}
