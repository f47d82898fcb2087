import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildSimulator, createEndpointFactory, type RoleEndpointSettings, selectProfiles } from '@rlver/factories';
import { createGRPOAlgorithm, grpoConfigSchema } from '@rlver/grpo';
import type { EndpointUsage } from '@rlver/llm';
import { type AttentionPass, checkAttentionBudget, initTfBackend, saveCheckpoint } from '@rlver/model';
import {
  createEmbeddedPolicy,
  embeddedModelDirectory,
  loadCheckpointPolicy,
  type TfjsDialoguePolicy,
} from '@rlver/policy';
import { createPPOAlgorithm, ppoConfigSchema } from '@rlver/ppo';
import { loadProfiles, loadScenarioSet } from '@rlver/simulator';
import {
  type AlgorithmV1,
  type EndpointIdentity,
  InvalidConfigError,
  type Language,
  type Profile,
  type StrategyTaggerV1,
  type UserSimulatorV1,
} from '@rlver/spec';
import { createRuleTagger } from '@rlver/strategies';
import type { TrainConfig } from '@rlver/trainer';

export interface TrainingWiring {
  backend: string;
  policy: TfjsDialoguePolicy;
  algorithm: AlgorithmV1 & { dispose(): void };
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
 * checkpoint folder. PPO runs get a value head.
 */
export async function buildPolicy(config: TrainConfig, resumeFrom: string | undefined): Promise<TfjsDialoguePolicy> {
  const policyOptions = {
    valueHead: config.algo === 'ppo',
    maxContextTokens: config.maxContextTokens,
    maxBatchSize: config.concurrency,
    sampling: config.sampling,
    seed: config.seed,
  };
  if (resumeFrom) {
    // A LoRA run's checkpoint carries its adapters (adapter_config.json): they load with it.
    return loadCheckpointPolicy(resumeFrom, {
      ...policyOptions,
      policyId: config.policy === 'embedded' ? 'embedded' : `checkpoint:${config.policy}`,
    });
  }
  const policy = await loadStartingPolicy(config, policyOptions);
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

function loadStartingPolicy(
  config: TrainConfig,
  policyOptions: Parameters<typeof loadCheckpointPolicy>[1],
): Promise<TfjsDialoguePolicy> {
  if (config.policy === 'embedded') return createEmbeddedPolicy(policyOptions);
  return loadCheckpointPolicy(startingPolicyFolder(config), policyOptions);
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
  endpointIdentities(): Record<string, EndpointIdentity>;
  endpointUsage(): Record<string, EndpointUsage>;
} {
  return {
    evalSimulator: buildSimulator(config.simulator, 'sage', endpoints),
    evalProfiles: evalProfilesOf(config),
    probe: () => endpoints.probeAll(),
    endpointIdentities: () => endpoints.identities(),
    endpointUsage: () => endpoints.usage(),
  };
}

/** The simulator role's settings: retries (`simulatorEndpoint`) and where/how fast (`endpoints.simulator`). */
function roleSettings(config: TrainConfig): RoleEndpointSettings {
  const { requestsPerMinute, tokensPerMinute, ...where } = config.endpoints.simulator ?? {};
  const limited = requestsPerMinute !== undefined || tokensPerMinute !== undefined;
  return {
    ...config.simulatorEndpoint,
    ...where,
    ...(limited ? { rateLimit: { requestsPerMinute, tokensPerMinute } } : {}),
  };
}

function endpointsOf(config: TrainConfig) {
  return createEndpointFactory({
    baseURL: config.baseURL,
    cacheMode: config.cache,
    cacheDir: config.cacheDir,
    roles: { simulator: roleSettings(config) },
  });
}

/** What the algorithm is created from: its config block plus the run-derived fields. */
function algorithmConfigInput(config: TrainConfig) {
  // Derived from the run unless the algorithm section sets them: schedule length and sampling temperature.
  const runDerived = { totalSteps: config.steps, samplingTemperature: Math.max(config.sampling.temperature, 1e-6) };
  if (config.algo === 'ppo') return { ...runDerived, ...config.ppo, packing: config.packing, seed: config.seed };
  return {
    ...runDerived,
    ...config.grpo,
    packing: config.packing,
    seed: config.seed,
    // Branching rollouts make turn-level groups of `branching` replies; otherwise dialogue groups.
    numGenerations: config.branching > 1 ? config.branching : config.groupSize,
  };
}

/** Validate the algorithm block with the algorithm's schema (for `resolveTrainConfig`, before anything is written). */
export function checkAlgorithmConfig(config: TrainConfig) {
  const schema = config.algo === 'ppo' ? ppoConfigSchema : grpoConfigSchema;
  const parsed = schema.safeParse(algorithmConfigInput(config));
  return parsed.success ? undefined : parsed.error;
}

/**
 * The longest attention passes of a step: prefilling a turn's prompts (identical branches once) and scoring
 * a micro-batch of full sequences in the update.
 */
export function attentionPasses(config: TrainConfig): AttentionPass[] {
  const schema = config.algo === 'ppo' ? ppoConfigSchema : grpoConfigSchema;
  const microBatchSize = schema.parse(algorithmConfigInput(config)).microBatchSize;
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
      fields: `maxContextTokens (or ${config.algo}.microBatchSize)`,
    },
  ];
}

/** Whether the algorithm section asks for a KL term to the reference policy. */
export function usesKl(config: TrainConfig): boolean {
  if (config.algo === 'ppo') return (config.ppo.klMode ?? 'none') !== 'none';
  return Number(config.grpo.klCoefficient ?? 0) > 0;
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
  // A KL term needs the frozen starting policy (also when resuming: the reference never moves).
  const referencePolicy = usesKl(config)
    ? (await buildPolicy({ ...config, algo: 'grpo', lora: null }, undefined)).model
    : undefined;
  const algorithm =
    config.algo === 'ppo'
      ? createPPOAlgorithm({ policy: policy.model, referencePolicy, config: algorithmConfigInput(config) })
      : createGRPOAlgorithm({ policy: policy.model, referencePolicy, config: algorithmConfigInput(config) });
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
