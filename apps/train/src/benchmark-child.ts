/**
 * Child process of the trainer's `runBenchmarkInBackground`: builds the requested policy (default the run's
 * starting one) with the held-out parts, and lets `serveBackgroundBenchmark` run the benchmark it is sent over IPC.
 */
import { initTfBackend } from '@rlver/model';
import { serveBackgroundBenchmark } from '@rlver/trainer';
import { buildEvaluation, buildPolicy } from './build-training-components';

serveBackgroundBenchmark({
  initBackend: () => initTfBackend({ log: () => {} }),
  buildParts: async (config, policyFrom) => ({
    policy: await buildPolicy(config, policyFrom),
    ...buildEvaluation(config),
  }),
});
