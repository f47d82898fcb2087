import { existsSync, statSync } from 'node:fs';
import { createTemplatePolicy } from '@rlver/env';
import { createLlmSimulator, createOfflineSimulator, type EmotionPresetName } from '@rlver/simulator';
import {
  type DialoguePolicyV1,
  type EmotionSettings,
  InvalidConfigError,
  type StrategyLabel,
  strategyLabelSchema,
  type UserSimulatorV1,
} from '@rlver/spec';
import type { EndpointFactory } from './create-endpoints';

/** The simulated user of `--simulator offline|openai:<model>`. */
export function buildSimulator(
  value: string,
  preset: EmotionPresetName,
  endpoints: EndpointFactory,
  emotion: Partial<EmotionSettings> = {},
  offline: { resolution?: 'steps' | 'fine' } = {},
): UserSimulatorV1 {
  if (value === 'offline') return createOfflineSimulator({ preset, emotion, ...offline });
  const client = endpoints.clientFor('--simulator', value);
  if (client) return createLlmSimulator({ client, preset, emotion });
  throw new InvalidConfigError({
    field: '--simulator',
    message: `--simulator "${value}" is not valid; use offline or openai:<model> (e.g. openai:deepseek-chat with --base-url)`,
  });
}

/**
 * Check `--policy embedded|<checkpoint dir>|openai:<model>|template:<label>` now (bad values throw, endpoints
 * are registered for probing) and return a loader that builds the policy later (models load only after the probe).
 */
export function preparePolicy(
  value: string,
  seed: number,
  endpoints: EndpointFactory,
): () => Promise<DialoguePolicyV1> {
  if (value.startsWith('template:')) {
    const label = value.slice('template:'.length);
    if (!strategyLabelSchema.safeParse(label).success) {
      throw new InvalidConfigError({
        field: '--policy',
        message: `--policy template:${label}: unknown strategy; use one of ${strategyLabelSchema.options.map((option) => `template:${option}`).join(', ')}`,
      });
    }
    return async () => createTemplatePolicy({ label: label as StrategyLabel, seed });
  }
  // The policy package loads tfjs: import it only when a policy needs it.
  const client = endpoints.clientFor('--policy', value);
  if (client) return async () => (await import('@rlver/policy')).createChatApiPolicy({ client });
  if (value === 'embedded' || (existsSync(value) && statSync(value).isDirectory())) {
    return async () => {
      const policyPackage = await import('@rlver/policy');
      await (await import('@rlver/model')).initTfBackend();
      if (value === 'embedded') return policyPackage.createEmbeddedPolicy();
      const policy = await policyPackage.loadCheckpointPolicy(value);
      // A checkpoint of a choice-layer run (rlver-train, choiceLayer): its layer chooses among the rule's candidates.
      const choice = policyPackage.loadChoiceLayerFile(value);
      return choice
        ? policyPackage.attachChoiceLayer(policy, {
            layer: choice.layer,
            prior: choice.file.prior,
            sampling: choice.file.sampling,
            seed,
            think: choice.file.think === true,
          })
        : policy;
    };
  }
  throw new InvalidConfigError({
    field: '--policy',
    message: `--policy "${value}" is neither embedded, openai:<model>, template:<label> nor an existing checkpoint directory; check the path or the form`,
  });
}
