import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildSimulator, createEndpointFactory, selectProfiles } from '@rlver/factories';
import {
  type AttentionPass,
  checkAttentionBudget,
  createEmbeddedPolicy,
  initTfBackend,
  loadCheckpointPolicy,
  saveCheckpoint,
  type TfjsDialoguePolicy,
} from '@rlver/policy';
import type { TrainableAlgorithm } from '@rlver/rl-core';
import { loadProfiles, loadScenarioSet } from '@rlver/simulator';
import {
  InvalidConfigError,
  type Language,
  type Profile,
  type StrategyTaggerV1,
  type UserSimulatorV1,
} from '@rlver/spec';
import { createRuleTagger } from '@rlver/strategies';
import { algorithmRunFields, findAlgorithm, type TrainConfig } from '@rlver/trainer';

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
}

const languagesOf = (config: TrainConfig): Language[] => (config.lang === 'both' ? ['zh', 'en'] : [config.lang]);

function trainProfilesOf(config: TrainConfig): Profile[] {
  if (config.trainProfiles) return loadProfiles(config.trainProfiles).profiles;
  return languagesOf(config).flatMap((lang) => loadScenarioSet(lang, 'train'));
}

function evalProfilesOf(config: TrainConfig): Profile[] {
  if (config.evalProfiles) {
    return selectProfiles({ file: config.evalProfiles, lang: 'zh', limit: config.evalLimit, requireFirstTalk: true })
      .profiles;
  }
  return languagesOf(config).flatMap(
    (lang) => selectProfiles({ lang, limit: config.evalLimit, requireFirstTalk: true }).profiles,
  );
}

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

/**
 * What the held-out benchmark needs besides the policy: the `sage` simulated user and the profiles. Pass the
 * run's endpoint factory to share its clients (and its probe) with the training simulator.
 */
export function buildEvaluation(
  config: TrainConfig,
  endpoints: ReturnType<typeof endpointsOf> = endpointsOf(config),
): {
  evalSimulator: UserSimulatorV1;
  evalProfiles: Profile[];
  probe(): Promise<string[]>;
} {
  return {
    evalSimulator: buildSimulator(config.simulator, 'sage', endpoints),
    evalProfiles: evalProfilesOf(config),
    probe: () => endpoints.probeAll(),
  };
}

function endpointsOf(config: TrainConfig) {
  return createEndpointFactory({
    baseURL: config.baseURL,
    cacheMode: config.cache,
    cacheDir: config.cacheDir,
    roles: { simulator: config.simulatorEndpoint ?? {} },
  });
}

/**
 * The longest attention passes of a step: prefilling a turn's prompts (identical branches once) and scoring
 * a micro-batch of full sequences in the update.
 */
function attentionPasses(config: TrainConfig): AttentionPass[] {
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
  const descriptor = findAlgorithm(config.algo);
  // A KL term needs the frozen starting policy (also when resuming: the reference never moves), without a value head.
  const referencePolicy = descriptor.needsReferenceModel(config.algorithm)
    ? (await buildPolicy(config, undefined, { valueHead: false })).model
    : undefined;
  const algorithm = descriptor.create({
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
    savePolicy: (directory) =>
      saveCheckpoint({ directory, model: policy.model, tokenizer: policy.tokenizer, dtype: 'F32' }),
  };
}
