import * as tf from '@tensorflow/tfjs-core';
import { expect } from 'vitest';
import { type GenerationResult, generate } from '../generate';
import type { LogitsRules, PositionRule } from '../logits-rules';
import { createTransformerModel, type TransformerModel } from '../transformer-model';
import { paddedBatch, TINY_TRANSFORMER_CONFIG } from './tiny-transformer';

/** The tiny models the rule tests sample from: a plain one, and one with a copy head whose gate is open. */
export interface RuleTestModels {
  model: TransformerModel;
  copyModel: TransformerModel;
}

/**
 * The plain tiny model (`seed`) and a copy-head one (`seed + 1`) with an open gate, so the copy mass is large, as
 * after copy pretraining. The caller disposes both.
 */
export function createRuleTestModels(seed: number): RuleTestModels {
  const model = createTransformerModel({ config: TINY_TRANSFORMER_CONFIG, seed, initStd: 0.4 });
  const copyModel = createTransformerModel({
    config: { ...TINY_TRANSFORMER_CONFIG, copyHead: { keyDim: 8 } },
    seed: seed + 1,
    initStd: 0.4,
  });
  copyModel.weights.copyHead?.gateBias.assign(tf.tensor1d([1]));
  return { model, copyModel };
}

/** The scoring paths every rule must hold on: [name, model, share prefixes]. */
export function scoringPaths(models: () => RuleTestModels): [string, () => TransformerModel, boolean][] {
  return [
    ['one pass', () => models().model, false],
    ['shared prefixes', () => models().model, true],
    ['copy head', () => models().copyModel, true],
  ];
}

/** `generate` with `rules` set on the model for this call only (temperature 1.5, up to 24 new tokens). */
export async function sampleWithRules(
  target: TransformerModel,
  rules: LogitsRules | undefined,
  prompts: number[][],
  seed: number,
  stopTokenIds: number[],
): Promise<GenerationResult[]> {
  target.logitsRules = rules;
  try {
    return await generate(target, { promptIds: prompts, maxNewTokens: 24, temperature: 1.5, seed, stopTokenIds });
  } finally {
    target.logitsRules = undefined;
  }
}

/** log p(target) and entropy of the renormalised distribution over allowed tokens, computed in JS from raw logits. */
function renormalised(logits: Float32Array, temperature: number, allowed: (token: number) => boolean, target: number) {
  const scaled = Array.from(logits, (value, token) =>
    allowed(token) ? value / temperature : Number.NEGATIVE_INFINITY,
  );
  const max = Math.max(...scaled);
  const total = scaled.reduce((sum, value) => sum + Math.exp(value - max), 0);
  const logProb = (token: number) => (scaled[token] as number) - max - Math.log(total);
  let entropy = 0;
  scaled.forEach((value, token) => {
    if (value > Number.NEGATIVE_INFINITY) entropy -= Math.exp(logProb(token)) * logProb(token);
  });
  return { logProb: logProb(target), entropy };
}

/**
 * Sample `prompts` under `rules`, score the rows with the rules on, and expect every scored position to equal the
 * renormalised masked log-softmax of the raw logits (log-prob and entropy), and the sampled log-probs to be the
 * scored ones (PPO/GRPO ratios start at exactly 1). Returns how many positions `counts` says a rule bound, so the
 * caller can expect the rules to have been exercised.
 */
export async function expectScoresFollowRules(options: {
  target: TransformerModel;
  rules: LogitsRules;
  prompts: number[][];
  sharePrefixes: boolean;
  pad: number;
  counts: (rule: PositionRule | undefined) => boolean;
}): Promise<number> {
  const { target, rules, prompts } = options;
  const temperature = 1.5;
  const results = await sampleWithRules(target, rules, prompts, 11, [options.pad]);
  const rows = results.map((result, index) => [...(prompts[index] as number[]), ...result.outputIds]);
  const { ids, mask } = paddedBatch(rows, options.pad);
  const width = ids.shape[1];
  target.logitsRules = rules;
  const scores = target.scoreSequences(ids, mask, {
    temperature,
    withEntropy: true,
    sharePrefixes: options.sharePrefixes,
  });
  target.logitsRules = undefined;
  const raw = target.forwardLogits(ids, mask);
  const [scored, entropies, logits] = [scores.logProbs.arraySync(), scores.entropies?.arraySync(), raw.dataSync()];
  const vocab = raw.shape[2];
  let bound = 0;
  rows.forEach((row, rowIndex) => {
    for (let position = 0; position < row.length - 1; position += 1) {
      const rule = rules.ruleAt(row, position);
      if (options.counts(rule)) bound += 1;
      const start = (rowIndex * width + position) * vocab;
      const expected = renormalised(
        logits.subarray(start, start + vocab) as Float32Array,
        temperature,
        (token) => rules.allows(rule, token),
        row[position + 1] as number,
      );
      expect(scored[rowIndex]?.[position]).toBeCloseTo(expected.logProb, 3);
      expect(entropies?.[rowIndex]?.[position]).toBeCloseTo(expected.entropy, 3);
    }
    const promptLength = (prompts[rowIndex] as number[]).length;
    (results[rowIndex] as GenerationResult).logProbs.forEach((sampled, step) => {
      expect(scored[rowIndex]?.[promptLength - 1 + step]).toBeCloseTo(sampled, 3);
    });
  });
  tf.dispose([ids, mask, raw, scores.logProbs, scores.entropies as tf.Tensor]);
  return bound;
}
