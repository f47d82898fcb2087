import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  createEmbeddedPolicy,
  embeddedModelDirectory,
  loadCheckpointPolicy,
  type TfjsDialoguePolicy,
} from '@rlver/policy';
import { InvalidConfigError } from '@rlver/spec';
import { findAlgorithm, type TrainConfig } from '@rlver/trainer';
import { withChoiceLayer } from './choice-layer-wiring';

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
    const resumed = await loadCheckpointPolicy(resumeFrom, {
      ...policyOptions,
      policyId: shippedPolicyFolder(config.policy) ? config.policy : `checkpoint:${config.policy}`,
    });
    // A choice-layer run's checkpoint carries its weights (choice-layer.json) beside the model's.
    return withChoiceLayer(config, resumed, resumeFrom);
  }
  const policy =
    config.policy === 'embedded'
      ? await createEmbeddedPolicy(policyOptions)
      : await loadCheckpointPolicy(startingPolicyFolder(config), {
          ...policyOptions,
          ...(shippedPolicyFolder(config.policy) ? { policyId: config.policy } : {}),
        });
  // New adapters (B = 0: the policy is unchanged at first) unless the folder brought its own.
  if (config.lora && !policy.model.loraState) {
    const { dropout: _dropout, ...lora } = config.lora;
    policy.model.enableLora({ ...lora, seed: config.seed });
  }
  return withChoiceLayer(config, policy, config.choiceLayer ? startingPolicyFolder(config) : undefined);
}

/**
 * The checkpoints shipped in `@rlver/policy`'s assets, by name: `embedded` (the default) and `embedded-grounded`
 * (the grounded checkpoint whose generation_config.json turns the phrasebook rule on); undefined for any other name.
 */
export function shippedPolicyFolder(name: string): string | undefined {
  if (name === 'embedded') return embeddedModelDirectory();
  if (name === 'embedded-grounded') return join(dirname(embeddedModelDirectory()), 'embedded-grounded');
  return undefined;
}

/** The folder the starting policy is read from: a shipped checkpoint's, or the user's checkpoint folder. */
export function startingPolicyFolder(config: TrainConfig): string {
  const shipped = shippedPolicyFolder(config.policy);
  if (shipped) return shipped;
  if (existsSync(join(config.policy, 'config.json'))) return config.policy;
  throw new InvalidConfigError({
    field: '--policy',
    message: `--policy "${config.policy}" is not "embedded", "embedded-grounded" nor a folder with config.json; point it at a Hugging Face checkpoint folder`,
  });
}
