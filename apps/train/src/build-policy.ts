import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  createEmbeddedPolicy,
  embeddedModelDirectory,
  loadCheckpointPolicy,
  type TfjsDialoguePolicy,
} from '@rlver/policy';
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
    // The checkpoint's own rules (generation_config.json), refined by what the config file or the flags set.
    decodingRuleOverrides: config.decodingRules,
  };
  if (resumeFrom) {
    // A LoRA run's checkpoint carries its adapters (adapter_config.json): they load with it.
    return loadCheckpointPolicy(resumeFrom, {
      ...policyOptions,
      policyId: config.policy === 'embedded' ? 'embedded' : `checkpoint:${config.policy}`,
    });
  }
  const policy =
    config.policy === 'embedded'
      ? await createEmbeddedPolicy(policyOptions)
      : await loadCheckpointPolicy(startingPolicyFolder(config), policyOptions);
  // New adapters (B = 0: the policy is unchanged at first) unless the folder brought its own.
  if (config.lora && !policy.model.loraState) {
    const { dropout: _dropout, ...lora } = config.lora;
    policy.model.enableLora({ ...lora, seed: config.seed });
  }
  return policy;
}

/** The folder the starting policy is read from: the embedded model's, or the user's checkpoint folder. */
export function startingPolicyFolder(config: TrainConfig): string {
  if (config.policy === 'embedded') return embeddedModelDirectory();
  if (existsSync(join(config.policy, 'config.json'))) return config.policy;
  throw new InvalidConfigError({
    field: '--policy',
    message: `--policy "${config.policy}" is not "embedded" nor a folder with config.json; point it at a Hugging Face checkpoint folder`,
  });
}
