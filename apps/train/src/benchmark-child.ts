/**
 * Child process of `runBenchmarkInBackground`: benchmarks the run's starting policy into the given folder and
 * exits (0 when every dialogue is done). Receives one `BackgroundBenchmarkRequest` over IPC.
 */
import { runBenchmark } from '@rlver/bench';
import { initTfBackend } from '@rlver/policy';
import { buildEvaluation, buildPolicy } from './build-training-components';
import { type BackgroundBenchmarkRequest, heldOutBenchmarkOptions } from './held-out-benchmark';

// The parent went away (crash, kill): stop rather than run on as an orphan; a resumed run finishes the benchmark.
process.once('disconnect', () => process.exit(1));

process.once('message', (message) => {
  void (async () => {
    const { config, outDir, label } = message as BackgroundBenchmarkRequest;
    await initTfBackend({ log: () => {} });
    const policy = await buildPolicy(config, undefined);
    await runBenchmark(heldOutBenchmarkOptions(config, { policy, ...buildEvaluation(config) }, outDir, label));
    process.exit(0);
  })().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
});
