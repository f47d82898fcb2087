import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createProgressBar } from '@rlver/cli-kit';
import { ChoiceLayer, initThinkLayer, loadChoiceLayerFile } from '@rlver/policy';
import { createRunTracker } from '@rlver/tracking';
import {
  describeEarlyStop,
  runTraining,
  startBeforeAfterBenchmark,
  stepProgressFields,
  systemPromptFor,
  type TrainConfig,
} from '@rlver/trainer';
import { benchmarkChildModule } from './benchmark-child-module';
import { buildEvaluation, buildPolicy } from './build-training-components';
import { choicePartsOf } from './choice-layer-wiring';
import {
  choiceThinkDependenceRows,
  describeChoiceThink,
  measureChoiceThink,
  readBenchmarkTrajectories,
} from './measure-choice-think';
import { chatPromptRenderer, measureThinkDependence, modelCompleter } from './measure-think-dependence';
import { runPreflight } from './preflight';
import { openRunFolder } from './run-folder';
import { runEndLines, writeRunOutputs } from './write-run-outputs';

const log = (line: string) => process.stderr.write(`${line}\n`);

/** Run (or resume) one training run end to end; returns the process exit code. */
export async function runTrainApp(
  config: TrainConfig,
  options: { resume: boolean; signal: AbortSignal },
): Promise<number> {
  const started = performance.now();
  const { runId, runDirectory, latestPolicy, resumedState } = openRunFolder(config, options.resume);
  const resumeFrom = resumedState ? latestPolicy : undefined;
  // Tracker settings (MLFLOW_TRACKING_URI) are checked here, before any model loads.
  const tracker = createRunTracker({
    reportTo: config.reportTo,
    runDirectory,
    runName: runId,
    warn: (line) => log(`warning: ${line}`),
  });
  // Everything that can be wrong with the input (policy folder, profiles, endpoints) fails before anything is written.
  const { wiring, report, warnings } = await runPreflight(config, resumeFrom);
  for (const line of report) log(`preflight: ${line}`);
  for (const warning of warnings) log(`warning: ${warning}`);
  mkdirSync(runDirectory, { recursive: true });
  writeFileSync(join(runDirectory, 'config.json'), `${JSON.stringify({ ...config, runId }, null, 2)}\n`);
  tracker.logConfig({ ...config, runId });
  for (const { backend, location } of tracker.trackers) log(`tracking: ${backend} → ${location}`);
  log(
    `rlver-train ${runId}: ${config.algo}${config.think ? ' + think' : ''} · policy ${config.policy} · simulator ${config.simulator} · backend ${wiring.backend}`,
  );

  const benchmark = await startBeforeAfterBenchmark({
    config,
    runDirectory,
    parts: wiring,
    background: { childModule: benchmarkChildModule(), backend: wiring.backend },
    rebuildStartingParts: async () => ({ policy: await buildPolicy(config, undefined), ...buildEvaluation(config) }),
    log,
  });
  const bar = createProgressBar({
    label: 'training',
    total: config.steps,
    initial: resumedState?.completedSteps ?? 0,
  });
  const outcome = await runTraining({
    config,
    runDirectory,
    policy: wiring.policy,
    algorithm: wiring.algorithm,
    simulator: wiring.trainSimulator,
    trainProfiles: wiring.trainProfiles,
    tagger: wiring.tagger,
    savePolicy: wiring.savePolicy,
    signal: options.signal,
    onStepEnd: (step, metrics) => {
      bar.tick(1, stepProgressFields(metrics));
      tracker.logMetrics(step, metrics);
    },
  }).catch(async (error: unknown) => {
    await tracker.finish('failed');
    throw error;
  });
  bar.done();
  await tracker.finish(outcome.interrupted ? 'interrupted' : 'finished');
  if (outcome.interrupted) {
    log(`interrupted after ${outcome.completedSteps} steps; continue with the same command and --resume`);
    return 130;
  }
  if (outcome.stoppedEarly) log(describeEarlyStop(outcome.stoppedEarly, config));
  const { before, after } = await benchmark.finish(latestPolicy);
  const endpoints = wiring.endpointUsage();
  // Think runs: does the trained policy's reply follow its think? (a few seconds: three batched generations; the
  // choice layer: each plan forced at the recorded held-out states)
  const choiceThink = config.think && config.choiceLayer ? await measureChoiceThinkOfRun() : undefined;
  const thinkDependence = choiceThink
    ? choiceThinkDependenceRows(choiceThink)
    : config.think
      ? await measureThinkDependence({
          complete: modelCompleter(wiring.policy.model, wiring.policy.tokenizer, {
            temperature: config.evalTemperature,
            maxNewTokens: config.sampling.maxNewTokens,
          }),
          renderPrompt: chatPromptRenderer(wiring.policy.tokenizer, systemPromptFor(config)),
          openings: wiring.evalProfiles.flatMap((profile) =>
            profile.first_talk ? [{ lang: profile.lang ?? 'zh', text: profile.first_talk }] : [],
          ),
          seed: config.seed,
        })
      : undefined;
  const summary = writeRunOutputs({
    config,
    runId,
    runDirectory,
    backend: wiring.backend,
    started,
    before,
    after,
    evalProfiles: wiring.evalProfiles,
    endpoints,
    thinkDependence,
  });
  wiring.algorithm.dispose();
  for (const line of runEndLines(summary, runDirectory, endpoints)) log(line);
  if (choiceThink) for (const line of describeChoiceThink(choiceThink)) log(line);
  return 0;

  async function measureChoiceThinkOfRun() {
    const parts = choicePartsOf(wiring.policy);
    const trained = loadChoiceLayerFile(latestPolicy)?.layer ?? parts?.layer;
    if (!parts || !trained) return undefined;
    const reports = await measureChoiceThink({
      policy: wiring.policy,
      sampling: config.sampling,
      trajectories: readBenchmarkTrajectories(join(runDirectory, 'after')),
      systemPrompt: systemPromptFor(config),
      before: initThinkLayer(new ChoiceLayer()),
      after: trained,
    });
    writeFileSync(join(runDirectory, 'think-choice-dependence.json'), `${JSON.stringify(reports, null, 2)}\n`);
    return reports;
  }
}
