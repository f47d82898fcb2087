/**
 * Child process of `runBenchmarkInBackground`: benchmarks the requested policy (default the run's starting one)
 * on the requested profiles into the given folder and exits (0 when every dialogue is done). Receives one
 * `BackgroundBenchmarkRequest` over IPC.
 */
import { runBenchmark } from '@rlver/bench';
import { initTfBackend } from '@rlver/model';
import { buildEvaluation, buildPolicy } from './build-training-components';
import { type BackgroundBenchmarkRequest, heldOutBenchmarkOptions } from './held-out-benchmark';

// The parent went away (crash, kill): stop rather than run on as an orphan; a resumed run finishes the benchmark.
process.once('disconnect', () => process.exit(1));

process.once('message', (message) => {
  void (async () => {
    const { config, outDir, label, policyFrom, profileIds } = message as BackgroundBenchmarkRequest;
    await initTfBackend({ log: () => {} });
    const policy = await buildPolicy(config, policyFrom);
    const evaluation = buildEvaluation(config);
    const wanted = profileIds ? new Set(profileIds) : undefined;
    const evalProfiles = wanted
      ? evaluation.evalProfiles.filter((profile) => wanted.has(profile.id))
      : evaluation.evalProfiles;
    await runBenchmark(heldOutBenchmarkOptions(config, { ...evaluation, policy, evalProfiles }, outDir, label));
    process.exit(0);
  })().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
});
