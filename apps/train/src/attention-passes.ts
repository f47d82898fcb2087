import type { AttentionPass } from '@rlver/model';
import type { TrainConfig } from '@rlver/trainer';

/**
 * The longest attention passes of a step: prefilling a turn's prompts (identical branches once) and scoring
 * a micro-batch of full sequences in the update.
 */
export function attentionPasses(config: TrainConfig): AttentionPass[] {
  const microBatchSize = config.algorithm.microBatchSize;
  const prompts = Math.min(config.concurrency, config.profilesPerStep * config.groupSize);
  const promptTokens = config.maxContextTokens - config.sampling.maxNewTokens;
  return [
    {
      what: `prefilling ${prompts} prompts of up to ${promptTokens} tokens (maxContextTokens − sampling.maxNewTokens)`,
      rows: prompts,
      tokens: promptTokens,
      fields: 'maxContextTokens (or concurrency)',
    },
    {
      what: `scoring a micro-batch of ${microBatchSize} sequences of up to ${config.maxContextTokens} tokens in the update`,
      rows: microBatchSize,
      tokens: config.maxContextTokens,
      fields: 'maxContextTokens (or algorithm.microBatchSize)',
    },
  ];
}
