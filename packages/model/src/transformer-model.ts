import { hashSeed } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import '@rlver/optim/register-gradients';
import { variableFrom } from '@rlver/optim';
import type { ScoreSequencesOptions, SequenceScores, TrainableLanguageModel } from '@rlver/spec';
import { batchRuleMask, hostBatch } from './batch-rule-mask';
import {
  cachedCopyContext,
  copyAttention,
  copyContextInCache,
  copyMixtureLogProbs,
  copyRowTerms,
  fullSequenceCopyContext,
} from './copy-head';
import { copyMixtureNextLogProbs } from './copy-mixture-next';
import type { CopyRowTerms } from './copy-mixture-scores';
import { releaseFusedDecodeWeights } from './fused-decode-cache';
import type { LogitsRules } from './logits-rules';
import {
  createLoraState,
  disposeLoraState,
  type LoraConfigInput,
  type LoraState,
  loraVariables,
  mergeLora,
  unmergeLora,
} from './lora';
import { linear } from './mat-mul';
import { resolveTransformerConfig, type TransformerConfig, type TransformerConfigInput } from './model-config';
import type { NamedFloatTensor, SafetensorsDtype } from './safetensors';
import {
  planPrefixGroups,
  rightPaddedRows,
  scoreHiddenStates,
  scoreWithSharedPrefixes,
  sharingPays,
} from './shared-prefix-scoring';
import {
  causalMask,
  type KeyValueWriter,
  type LayerKeyValues,
  languageModelHead,
  positionsFromMask,
  rotaryTables,
  transformerHidden,
} from './transformer-forward';
import {
  allVariables,
  disposeWeights,
  exportNamedTensors,
  initializeWeights,
  seededNormal,
  type TransformerWeights,
} from './transformer-weights';

export interface CreateTransformerModelOptions {
  /** Resolved config, or camelCase fields to resolve. */
  config: TransformerConfig | TransformerConfigInput;
  /** Seed of the weight initialisation (default 0). */
  seed?: number;
  /** Std of the normal initialisation of matrices (HF `initializer_range`, default 0.02). */
  initStd?: number;
  /** Attach a value head (critic) (default false). */
  valueHead?: boolean;
}

/** Flat per-token scores `[rows · positions]` reshaped to `[rows, positions]` (features keep their last axis). */
function perRowScores(scores: ReturnType<typeof scoreHiddenStates>, rows: number, positions: number): SequenceScores {
  const shape: [number, number] = [rows, positions];
  const result: SequenceScores = { logProbs: tf.reshape(scores.logProbs, shape) as tf.Tensor2D };
  if (scores.entropies) result.entropies = tf.reshape(scores.entropies, shape) as tf.Tensor2D;
  if (scores.values) result.values = tf.reshape(scores.values, shape) as tf.Tensor2D;
  if (scores.features) result.features = tf.reshape(scores.features, [...shape, -1]) as tf.Tensor3D;
  return result;
}

/**
 * Decoder-only transformer (Llama / Qwen2 family) in tfjs: RMSNorm, rotary embeddings, grouped-query
 * attention, SwiGLU, optional QKV bias, tied or untied embeddings, optional value head and LoRA.
 * Implements `TrainableLanguageModel`. Owns its variables: call `dispose()` when done.
 */
export class TransformerModel implements TrainableLanguageModel {
  readonly config: TransformerConfig;
  readonly weights: TransformerWeights;
  /**
   * What the checkpoint it was loaded from stored beside the weights (set by `loadTransformerModel`):
   * `saveCheckpoint` keeps the storage dtype and generation_config.json.
   */
  source: { dtype: SafetensorsDtype; generationConfig?: Record<string, unknown> } | undefined;
  /**
   * The policy's decoding rules (logits-rules.ts), applied alike by `generate` and `scoreSequences`: the model is
   * then the renormalised distribution over allowed tokens. Undefined = plain softmax. Reference copies share it.
   */
  logitsRules: LogitsRules | undefined;
  /**
   * Gradient checkpointing of the full-sequence passes (`hiddenStates`, so `scoreSequences` without shared
   * prefixes, `forwardLogits`, the losses): each decoder layer keeps only its input for the backward pass and is
   * recomputed there (`checkpointed-layer.ts`). Lowers a training step's peak memory from all layers' activations
   * and gradients to one layer's, for one more forward pass. Default false.
   */
  checkpointLayers = false;
  private lora: LoraState | undefined;
  private frozen = false;

  constructor(config: TransformerConfig, weights: TransformerWeights) {
    this.config = config;
    this.weights = weights;
  }

  get vocabSize(): number {
    return this.config.vocabSize;
  }

  /** `pad_token_id`, else the first EOS id, else 0. */
  get padTokenId(): number {
    return this.config.padTokenId ?? this.config.eosTokenIds[0] ?? 0;
  }

  get hasValueHead(): boolean {
    return this.weights.valueHead !== undefined;
  }

  /** The LoRA state, when adapters are enabled. */
  get loraState(): LoraState | undefined {
    return this.lora;
  }

  /** Number of weights (base model and value head; LoRA adapters excluded). */
  parameterCount(): number {
    return allVariables(this.weights).reduce((sum, variable) => sum + variable.size, 0);
  }

  /**
   * Final-normed hidden states `[batch·length, hidden]` of a right- or left-padded batch (positions count
   * real tokens only, so padding never shifts them). Call inside `tf.tidy`.
   */
  hiddenStates(inputIds: tf.Tensor2D, attentionMask: tf.Tensor2D): tf.Tensor2D {
    const rotary = rotaryTables(positionsFromMask(attentionMask), this.config);
    return transformerHidden(this.weights, this.config, this.lora, {
      inputIds,
      rotary,
      mask: causalMask(attentionMask),
      checkpointLayers: this.checkpointLayers,
    }).hidden;
  }

  /**
   * Copy-head attention `[batch, length, length]` (query t over the tokens after earlier positions k < t), gate
   * `[batch, length, 1]` and next ids `[batch, length]` (token after each position) of a full-sequence pass with
   * final hidden states `hidden [batch·length, hidden]` (from `hiddenStates`): for losses that score some rows
   * only (`copyMixtureTargetLogProbs`). Call inside `tf.tidy` / `tf.variableGrads`.
   */
  copyHeadTerms(
    inputIds: tf.Tensor2D,
    attentionMask: tf.Tensor2D,
    hidden: tf.Tensor2D,
  ): { attention: tf.Tensor3D; gate: tf.Tensor3D; nextIds: tf.Tensor2D } {
    const head = this.weights.copyHead;
    if (!head) throw new Error('copyHeadTerms: this model has no copy head (config copyHead / rlver_copy_head).');
    const [batch, length] = inputIds.shape;
    const context = fullSequenceCopyContext(head, hidden, inputIds, causalMask(attentionMask), this.padTokenId);
    const terms = copyAttention(head, tf.reshape(hidden, [batch, length, -1]) as tf.Tensor3D, context);
    return { ...terms, nextIds: context.nextIds };
  }

  /**
   * Logits `[batch, length, vocab]` of every position; with a copy head, the normalised log-probabilities of the
   * pointer-generator mixture (copy-head.ts). The caller owns the result.
   */
  forwardLogits(inputIds: tf.Tensor2D, attentionMask: tf.Tensor2D): tf.Tensor3D {
    return tf.tidy(() => {
      const [batch, length] = inputIds.shape;
      if (this.weights.copyHead) return this.copyForward(inputIds, attentionMask).logProbs;
      const logits = languageModelHead(this.hiddenStates(inputIds, attentionMask), this.weights);
      return tf.reshape(logits, [batch, length, this.config.vocabSize]) as tf.Tensor3D;
    });
  }

  /**
   * Full-sequence pass through the copy head: mixture log-probs `[batch, length, vocab]` and the final hidden
   * states `[batch·length, hidden]`. Call inside `tf.tidy`.
   */
  private copyForward(
    inputIds: tf.Tensor2D,
    attentionMask: tf.Tensor2D,
  ): { logProbs: tf.Tensor3D; hidden: tf.Tensor2D } {
    const head = this.weights.copyHead;
    if (!head) throw new Error('copyForward: this model has no copy head.');
    const [batch, length] = inputIds.shape;
    const mask = causalMask(attentionMask);
    const hidden = transformerHidden(this.weights, this.config, this.lora, {
      inputIds,
      rotary: rotaryTables(positionsFromMask(attentionMask), this.config),
      mask,
    }).hidden;
    const lmLogits = tf.reshape(languageModelHead(hidden, this.weights), [batch, length, -1]) as tf.Tensor3D;
    const context = fullSequenceCopyContext(head, hidden, inputIds, mask, this.padTokenId);
    const hidden3d = tf.reshape(hidden, [batch, length, -1]) as tf.Tensor3D;
    return { logProbs: copyMixtureLogProbs(head, hidden3d, lmLogits, context), hidden };
  }

  /**
   * See `TrainableLanguageModel.scoreSequences`. Rows that share a prefix (the branches of one dialogue turn)
   * run it once when that saves a quarter of the decoder tokens or more (`scoreWithSharedPrefixes`); scores
   * are the same up to float rounding. The caller owns the returned tensors.
   */
  scoreSequences(
    inputIds: tf.Tensor2D,
    attentionMask: tf.Tensor2D,
    options: ScoreSequencesOptions = {},
  ): SequenceScores {
    return tf.tidy(() => {
      const [batch, length] = inputIds.shape;
      const parts = {
        weights: this.weights,
        config: this.config,
        lora: this.lora,
        padTokenId: this.padTokenId,
        logitsRules: this.logitsRules,
      };
      // The ids on the host, read before the forward pass uploads them (WebGPU keeps no CPU copy after that):
      // prefix sharing and the decoding rules need them; prefix sharing is skipped where only the GPU has them.
      const host = hostBatch(inputIds, attentionMask);
      const rows = options.sharePrefixes === false || !host ? undefined : rightPaddedRows(inputIds, attentionMask);
      if (rows) {
        const groups = planPrefixGroups(rows);
        if (sharingPays(rows, groups, length)) {
          return scoreWithSharedPrefixes(parts, rows, groups, length, options) as unknown as tf.TensorContainer;
        }
      }
      const hidden = this.hiddenStates(inputIds, attentionMask);
      const queries = tf.slice(tf.reshape(hidden, [batch, length, -1]), [0, 0, 0], [batch, length - 1, -1]);
      const scored = tf.reshape(queries, [-1, this.config.hiddenSize]) as tf.Tensor2D;
      const targets = tf.reshape(tf.slice(inputIds, [0, 1], [batch, length - 1]), [-1]) as tf.Tensor1D;
      // With a copy head, its queries attend over the whole row (scatter-add copy mass, fused scorer).
      const head = this.weights.copyHead;
      let copy: CopyRowTerms | undefined;
      if (head) {
        const context = fullSequenceCopyContext(head, hidden, inputIds, causalMask(attentionMask), this.padTokenId);
        const allowed = tf.slice(context.allowed, [0, 0, 0], [batch, length - 1, length]) as tf.Tensor3D;
        copy = copyRowTerms(head, queries as tf.Tensor3D, { ...context, allowed });
      }
      const ruleMask = batchRuleMask(this.logitsRules, host, this.config.vocabSize);
      const scores = scoreHiddenStates(parts, scored, targets, options, copy, ruleMask);
      return perRowScores(scores, batch, length - 1) as unknown as tf.TensorContainer;
    }) as unknown as SequenceScores;
  }

  /**
   * Mean next-token cross-entropy over positions where `lossMask` (default: `attentionMask`) is 1 at the
   * target token: a scalar for pretraining / supervised fine-tuning. The caller owns it.
   */
  languageModelLoss(inputIds: tf.Tensor2D, attentionMask: tf.Tensor2D, lossMask?: tf.Tensor2D): tf.Scalar {
    return tf.tidy(() => {
      const [batch, length] = inputIds.shape;
      const { logProbs } = this.scoreSequences(inputIds, attentionMask);
      const mask = tf.cast(tf.slice(lossMask ?? attentionMask, [0, 1], [batch, length - 1]), 'float32');
      return tf.div(tf.neg(tf.sum(tf.mul(logProbs, mask))), tf.maximum(tf.sum(mask), 1)) as tf.Scalar;
    });
  }

  /**
   * One incremental step for generation: run `inputIds [batch, length]` at `positions` (float
   * `[batch, length]`) after `past`, with an additive `mask` over past + new keys. Returns logits of the
   * last position `[batch, vocab]` and the updated keys/values; the caller owns both. With `cache` instead
   * of `past`, the new keys/values are written into the cache in place, `mask` covers all of the cache's
   * columns, and `present` is empty. With a copy head the logits are the mixture's log-probs, and the copy
   * cache (keys `[batch, 1, length, keyDim]`, token ids as float `[batch, 1, length, 1]`) is one more entry
   * after the layers: in `present` (so `past`), or in the `cache`, which carries it like a layer's.
   */
  decode(options: {
    inputIds: tf.Tensor2D;
    positions: tf.Tensor2D;
    mask: tf.Tensor;
    past?: LayerKeyValues[];
    cache?: KeyValueWriter;
  }): {
    logits: tf.Tensor2D;
    present: LayerKeyValues[];
  } {
    return tf.tidy(() => {
      const [batch, length] = options.inputIds.shape;
      const { hidden, present } = transformerHidden(this.weights, this.config, this.lora, {
        inputIds: options.inputIds,
        rotary: rotaryTables(options.positions, this.config),
        mask: options.mask,
        past: options.past,
        cache: options.cache,
      });
      const last = tf.slice(tf.reshape(hidden, [batch, length, -1]), [0, length - 1, 0], [batch, 1, -1]);
      const logits = languageModelHead(tf.reshape(last, [batch, -1]) as tf.Tensor2D, this.weights);
      const head = this.weights.copyHead;
      if (!head) return { logits, present: options.cache ? [] : present } as unknown as tf.TensorContainer;
      const copyEntry = this.config.numHiddenLayers;
      const copy = options.cache
        ? copyContextInCache(head, hidden, options.inputIds, options.mask, this.padTokenId, options.cache, copyEntry)
        : cachedCopyContext(head, hidden, options.inputIds, options.mask, this.padTokenId, options.past?.[copyEntry]);
      const keyLength = copy.context.allowed.shape[2];
      const lastQuery = {
        keys: copy.context.keys,
        nextIds: copy.context.nextIds,
        allowed: tf.slice(copy.context.allowed, [0, length - 1, 0], [batch, 1, keyLength]) as tf.Tensor3D,
      };
      const mixed = copyMixtureNextLogProbs(head, last as tf.Tensor3D, logits, lastQuery);
      return {
        logits: mixed,
        present: 'present' in copy ? [...present, copy.present] : [],
      } as unknown as tf.TensorContainer;
    }) as unknown as { logits: tf.Tensor2D; present: LayerKeyValues[] };
  }

  /** Every variable (LoRA adapters included) under a stable name, for optimizer checkpoints. */
  namedVariables(): Map<string, tf.Variable> {
    const named = new Map<string, tf.Variable>([['embedTokens', this.weights.embedTokens]]);
    this.weights.layers.forEach((layer, index) => {
      for (const [key, variable] of Object.entries(layer)) named.set(`layers.${index}.${key}`, variable as tf.Variable);
    });
    named.set('finalNorm', this.weights.finalNorm);
    if (this.weights.lmHead) named.set('lmHead', this.weights.lmHead);
    if (this.weights.valueHead) {
      named.set('valueHead.weight', this.weights.valueHead.weight);
      named.set('valueHead.bias', this.weights.valueHead.bias);
    }
    if (this.weights.copyHead) {
      for (const [key, variable] of Object.entries(this.weights.copyHead)) named.set(`copyHead.${key}`, variable);
    }
    this.lora?.adapters.forEach((perLayer, index) => {
      for (const [target, adapter] of Object.entries(perLayer)) {
        named.set(`lora.${index}.${target}.a`, adapter.a);
        named.set(`lora.${index}.${target}.b`, adapter.b);
      }
    });
    return named;
  }

  /** Variables the policy loss optimises: the LoRA adapters when enabled, else every base weight. */
  policyVariables(): tf.Variable[] {
    if (this.frozen) return [];
    if (this.lora) return loraVariables(this.lora);
    const valueHead = this.weights.valueHead;
    return allVariables(this.weights).filter(
      (variable) => variable !== valueHead?.weight && variable !== valueHead?.bias,
    );
  }

  valuesFromFeatures(features: tf.Tensor3D): tf.Tensor2D {
    const head = this.weights.valueHead;
    if (!head) throw new Error('valuesFromFeatures: this model has no value head; create it with valueHead: true.');
    return tf.tidy(() => {
      const [batch, positions, size] = features.shape;
      const flat = tf.reshape(features, [batch * positions, size]) as tf.Tensor2D;
      return tf.reshape(linear(flat, head.weight as tf.Tensor2D, head.bias), [batch, positions]) as tf.Tensor2D;
    });
  }

  valueVariables(): tf.Variable[] {
    const head = this.weights.valueHead;
    return head && !this.frozen ? [head.weight, head.bias] : [];
  }

  /** Attach a fresh value head (weight normal(0, 0.02) seeded, bias 0); no-op when one exists. */
  addValueHead(seed = 0): void {
    if (this.weights.valueHead) return;
    const h = this.config.hiddenSize;
    this.weights.valueHead = {
      weight: variableFrom(seededNormal([1, h], 0.02, hashSeed(seed, 'valueHead.weight')), true),
      bias: variableFrom(tf.zeros([1]), true),
    };
  }

  /**
   * Add LoRA adapters (B = 0, so outputs are unchanged); `policyVariables()` then returns only them, and
   * the base weights (value head aside) become non-trainable, so backward passes skip their gradients.
   */
  enableLora(config: LoraConfigInput = {}): LoraState {
    if (this.lora) disposeLoraState(this.lora);
    this.lora = createLoraState(config, this.config);
    const valueHead = this.weights.valueHead;
    for (const variable of allVariables(this.weights)) {
      if (variable !== valueHead?.weight && variable !== valueHead?.bias) variable.trainable = false;
    }
    return this.lora;
  }

  /** Fold the adapters into the base weights (faster generation); `unmergeLora` restores them exactly. */
  mergeLora(): void {
    if (this.lora) mergeLora(this.weights.layers, this.lora, this.config);
  }

  unmergeLora(): void {
    if (this.lora) unmergeLora(this.lora);
  }

  /**
   * Fold the adapters into the base weights for good and drop them (PEFT `merge_and_unload`): the model then
   * computes what base + adapter computed, as a plain model whose every weight trains again. No-op without LoRA.
   */
  mergeAndUnloadLora(): void {
    const lora = this.lora;
    if (!lora) return;
    if (lora.mergedBase) {
      for (const saved of lora.mergedBase.values()) saved.dispose();
      lora.mergedBase = undefined;
    } else {
      mergeLora(this.weights.layers, lora, this.config, { keepBase: false });
    }
    for (const variable of loraVariables(lora)) variable.dispose();
    this.lora = undefined;
    for (const variable of allVariables(this.weights)) variable.trainable = true;
  }

  /**
   * A frozen copy of the current policy (adapters folded in, no value head, no trainable variables)
   * for KL penalties. The caller disposes it.
   */
  createReferenceCopy(): TransformerModel {
    const wasMerged = this.lora?.mergedBase !== undefined;
    this.mergeLora();
    const clone = (variable: tf.Variable) => tf.variable(variable, false);
    const weights: TransformerWeights = {
      embedTokens: clone(this.weights.embedTokens),
      layers: this.weights.layers.map((layer) => {
        const copied = Object.entries(layer).map(([key, variable]) => [key, clone(variable as tf.Variable)]);
        return Object.fromEntries(copied) as unknown as TransformerWeights['layers'][number];
      }),
      finalNorm: clone(this.weights.finalNorm),
      ...(this.weights.lmHead ? { lmHead: clone(this.weights.lmHead) } : {}),
      ...(this.weights.copyHead
        ? {
            copyHead: {
              query: clone(this.weights.copyHead.query),
              key: clone(this.weights.copyHead.key),
              gate: clone(this.weights.copyHead.gate),
              gateBias: clone(this.weights.copyHead.gateBias),
            },
          }
        : {}),
    };
    if (!wasMerged) this.unmergeLora();
    const copy = new TransformerModel(this.config, weights);
    copy.frozen = true;
    copy.logitsRules = this.logitsRules;
    return copy;
  }

  /** HF-named float32 copies of every weight (LoRA adapters not folded in; see `mergeLora`). */
  exportWeights(): Promise<NamedFloatTensor[]> {
    return exportNamedTensors(this.weights, this.config);
  }

  dispose(): void {
    releaseFusedDecodeWeights(this);
    if (this.lora) disposeLoraState(this.lora);
    this.lora = undefined;
    disposeWeights(this.weights);
  }
}

/** A freshly initialised model (seeded, deterministic on every backend). */
export function createTransformerModel(options: CreateTransformerModelOptions): TransformerModel {
  const config = resolveTransformerConfig(options.config as TransformerConfigInput);
  const weights = initializeWeights(config, {
    seed: options.seed ?? 0,
    initStd: options.initStd ?? 0.02,
    valueHead: options.valueHead ?? false,
  });
  return new TransformerModel(config, weights);
}
