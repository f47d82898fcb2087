import { buildSimulator, createEndpointFactory, roleEndpointSettingsOf } from '@rlver/factories';
import type { EndpointUsage } from '@rlver/llm';
import type { EndpointIdentity, Profile, UserSimulatorV1 } from '@rlver/spec';
import type { TrainConfig } from '@rlver/trainer';
import { evalProfilesOf } from './build-profiles';

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

/** The run's LLM endpoints (the simulator's), shared by training and the benchmark. */
export function endpointsOf(config: TrainConfig) {
  return createEndpointFactory({
    baseURL: config.baseURL,
    cacheMode: config.cache,
    cacheDir: config.cacheDir,
    roles: { simulator: roleEndpointSettingsOf(config.endpoints.simulator, config.simulatorEndpoint) },
  });
}
