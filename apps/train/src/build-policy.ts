import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createEmbeddedPolicy, loadCheckpointPolicy, type TfjsDialoguePolicy } from '@rlver/policy';
import { InvalidConfigError } from '@rlver/spec';
import { findAlgorithm, type TrainConfig } from '@rlver/trainer';

/**
 * The policy a run starts from: the latest checkpoint when resuming, else the embedded model or the user's
 * checkpoint folder. Algorithms with a critic get a value head.
 */
export async function buildPolicy(
  config: TrainConfig,
  resumeFrom: string | undefined,
  options: { valueHead?: boolean } = {},
): Promise<TfjsDialoguePolicy> {
  const policyOptions = {
    valueHead: options.valueHead ?? findAlgorithm(config.algo).needsValueHead,
    maxContextTokens: config.maxContextTokens,
    maxBatchSize: config.concurrency,
    sampling: config.sampling,
    seed: config.seed,
  };
  if (resumeFrom) {
    return loadCheckpointPolicy(resumeFrom, {
      ...policyOptions,
      policyId: config.policy === 'embedded' ? 'embedded' : `checkpoint:${config.policy}`,
    });
  }
  if (config.policy === 'embedded') return createEmbeddedPolicy(policyOptions);
  if (existsSync(join(config.policy, 'config.json'))) return loadCheckpointPolicy(config.policy, policyOptions);
  throw new InvalidConfigError({
    field: '--policy',
    message: `--policy "${config.policy}" is not "embedded" nor a folder with config.json; point it at a Hugging Face checkpoint folder`,
  });
}
