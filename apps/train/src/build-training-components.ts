import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildSimulator, createEndpointFactory, selectProfiles } from '@rlver/factories';
import { createGRPOAlgorithm } from '@rlver/grpo';
import {
  createEmbeddedPolicy,
  initTfBackend,
  loadCheckpointPolicy,
  saveCheckpoint,
  type TfjsDialoguePolicy,
} from '@rlver/policy';
import { createPPOAlgorithm } from '@rlver/ppo';
import { loadProfiles, loadScenarioSet } from '@rlver/simulator';
import {
  type AlgorithmV1,
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
 * Build everything a run needs from its config. On resume the policy (with its value head) is loaded from the
 * latest checkpoint; otherwise from the embedded model or the user's checkpoint folder.
 */
export async function buildTrainingComponents(
  config: TrainConfig,
  resumeFrom: string | undefined,
): Promise<TrainingWiring> {
  const backend = await initTfBackend();
  const endpoints = createEndpointFactory({
    baseURL: config.baseURL,
    cacheMode: config.cache,
    cacheDir: config.cacheDir,
  });
  const trainSimulator = buildSimulator(config.simulator, config.trainEmotionPreset, endpoints, {
    maxPolicyTurns: config.maxPolicyTurns,
  });
  const evalSimulator = buildSimulator(config.simulator, 'sage', endpoints);
  const policyOptions = {
    valueHead: config.algo === 'ppo',
    maxContextTokens: config.maxContextTokens,
    maxBatchSize: config.concurrency,
    sampling: config.sampling,
    seed: config.seed,
  };
  let policy: TfjsDialoguePolicy;
  if (resumeFrom) {
    policy = await loadCheckpointPolicy(resumeFrom, {
      ...policyOptions,
      policyId: config.policy === 'embedded' ? 'embedded' : `checkpoint:${config.policy}`,
    });
  } else if (config.policy === 'embedded') {
    policy = await createEmbeddedPolicy(policyOptions);
  } else if (existsSync(join(config.policy, 'config.json'))) {
    policy = await loadCheckpointPolicy(config.policy, policyOptions);
  } else {
    throw new InvalidConfigError({
      field: '--policy',
      message: `--policy "${config.policy}" is not "embedded" nor a folder with config.json; point it at a Hugging Face checkpoint folder`,
    });
  }
  // Derived from the run unless the algorithm section sets them: schedule length and sampling temperature.
  const runDerived = { totalSteps: config.steps, samplingTemperature: Math.max(config.sampling.temperature, 1e-6) };
  const algorithm =
    config.algo === 'ppo'
      ? createPPOAlgorithm({
          policy: policy.model,
          config: { ...runDerived, ...config.ppo, packing: config.packing, seed: config.seed },
        })
      : createGRPOAlgorithm({
          policy: policy.model,
          config: {
            ...runDerived,
            ...config.grpo,
            packing: config.packing,
            seed: config.seed,
            numGenerations: config.groupSize,
          },
        });
  return {
    backend,
    policy,
    algorithm,
    trainSimulator,
    evalSimulator,
    trainProfiles: trainProfilesOf(config),
    evalProfiles: evalProfilesOf(config),
    tagger: createRuleTagger(),
    savePolicy: (directory) => saveCheckpoint({ directory, model: policy.model, tokenizer: policy.tokenizer }),
    probe: () => endpoints.probeAll(),
  };
}
