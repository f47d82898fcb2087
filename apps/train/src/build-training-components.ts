import { buildSimulator } from '@rlver/factories';
import type { EndpointUsage } from '@rlver/llm';
import { checkAttentionBudget, initTfBackend, saveCheckpoint } from '@rlver/model';
import { createChoiceLayerAlgorithm, type TfjsDialoguePolicy, writeChoiceLayerFile } from '@rlver/policy';
import type { TrainableAlgorithm } from '@rlver/rl-core';
import type { EndpointIdentity, Profile, StrategyTaggerV1, UserSimulatorV1 } from '@rlver/spec';
import { createRuleTagger } from '@rlver/strategies';
import { algorithmRunFields, findAlgorithm, type TrainConfig } from '@rlver/trainer';
import { attentionPasses } from './attention-passes';
import { buildEvaluation, endpointsOf } from './build-evaluation';
import { buildPolicy } from './build-policy';
import { trainProfilesOf } from './build-profiles';
import { choicePartsOf } from './choice-layer-wiring';

export { attentionPasses } from './attention-passes';
export { buildEvaluation } from './build-evaluation';
export { buildPolicy, startingPolicyFolder } from './build-policy';

/** Whether the algorithm asks for a KL term to the reference policy (a frozen copy of the starting weights). */
export function usesKl(config: TrainConfig): boolean {
  return findAlgorithm(config.algo).needsReferenceModel(config.algorithm);
}

export interface TrainingWiring {
  backend: string;
  policy: TfjsDialoguePolicy;
  algorithm: TrainableAlgorithm;
  trainSimulator: UserSimulatorV1;
  evalSimulator: UserSimulatorV1;
  trainProfiles: Profile[];
  evalProfiles: Profile[];
  tagger: StrategyTaggerV1;
  savePolicy(directory: string): Promise<void>;
  probe(): Promise<string[]>;
  /** The LLM endpoints the run created, by role: base URL and model (never a key). */
  endpointIdentities(): Record<string, EndpointIdentity>;
  /** Requests, tokens and latency of each LLM endpoint role so far. */
  endpointUsage(): Record<string, EndpointUsage>;
}

/**
 * Build everything a run needs from its config. On resume the policy (with its value head) is loaded from the
 * latest checkpoint; otherwise from the embedded model or the user's checkpoint folder.
 */
export async function buildTrainingComponents(
  config: TrainConfig,
  resumeFrom: string | undefined,
): Promise<TrainingWiring> {
  const backend = await initTfBackend();
  const endpoints = endpointsOf(config);
  const trainSimulator = buildSimulator(
    config.simulator,
    config.trainEmotionPreset,
    endpoints,
    {
      maxPolicyTurns: config.maxPolicyTurns,
      ...(config.trainDeltaClamp === undefined ? {} : { deltaClamp: config.trainDeltaClamp }),
    },
    { resolution: config.trainEmotionResolution },
  );
  const evaluation = buildEvaluation(config, endpoints);
  const policy = await buildPolicy(config, resumeFrom);
  checkAttentionBudget({ config: policy.model.config, backend, passes: attentionPasses(config) });
  const choice = choicePartsOf(policy);
  const descriptor = findAlgorithm(config.algo);
  // A KL term needs the frozen starting policy (also when resuming: the reference never moves), without a value head.
  const referencePolicy =
    !choice && descriptor.needsReferenceModel(config.algorithm)
      ? (await buildPolicy({ ...config, lora: null }, undefined, { valueHead: false })).model
      : undefined;
  // With the choice layer the model stays frozen: `--algo` picks the objective on the layer's weights.
  const algorithm: TrainableAlgorithm =
    choice && config.choiceLayer
      ? createChoiceLayerAlgorithm({
          layer: choice.layer,
          log: choice.log,
          objective: config.algo === 'ppo' ? 'ppo' : 'grpo',
          learningRate: config.choiceLayer.learningRate,
          clip: config.choiceLayer.clip,
          epochs: config.choiceLayer.epochs,
          ppoBaseline: config.choiceLayer.ppoBaseline,
        })
      : descriptor.create({
          policy: policy.model,
          referencePolicy,
          config: config.algorithm,
          run: algorithmRunFields(config),
        });
  return {
    backend,
    policy,
    algorithm,
    trainSimulator,
    trainProfiles: trainProfilesOf(config),
    ...evaluation,
    tagger: createRuleTagger(),
    // Run checkpoints are what --resume continues from: float32 master weights, so a resumed run matches an
    // uninterrupted one (a BF16 copy would round every update away). Exports keep the input dtype.
    savePolicy: async (directory) => {
      await saveCheckpoint({ directory, model: policy.model, tokenizer: policy.tokenizer, dtype: 'F32' });
      if (choice) writeChoiceLayerFile(directory, choice.layer, choice.prior, config.sampling, choice.think);
    },
  };
}
