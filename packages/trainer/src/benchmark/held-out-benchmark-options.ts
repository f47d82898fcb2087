import type { RunBenchmarkOptions } from '@rlver/bench';
import { defaultBaseURL } from '@rlver/llm';
import type { DialoguePolicyV1, Profile, UserSimulatorV1 } from '@rlver/spec';
import { systemPromptFor, type TrainConfig } from '../config/train-config';

/** What the held-out benchmark runs: the policy, the `sage` simulated user and the held-out profiles. */
export interface HeldOutParts {
  policy: DialoguePolicyV1;
  evalSimulator: UserSimulatorV1;
  evalProfiles: Profile[];
}

/** The held-out benchmark of a run (before and after training): same settings in the parent and in a child. */
export function heldOutBenchmarkOptions(
  config: TrainConfig,
  parts: HeldOutParts,
  outDir: string,
  label: string,
): RunBenchmarkOptions {
  return {
    profiles: parts.evalProfiles,
    simulator: parts.evalSimulator,
    policy: parts.policy,
    outDir,
    concurrency: config.concurrency,
    seed: config.seed,
    sampling: { temperature: config.evalTemperature, maxNewTokens: config.sampling.maxNewTokens },
    label,
    thinking: config.think,
    systemPrompt: systemPromptFor(config),
    endpoints: config.simulator.startsWith('openai:')
      ? {
          simulator: {
            baseURL: config.baseURL ?? defaultBaseURL(),
            model: config.simulator.slice('openai:'.length),
          },
        }
      : {},
  };
}
