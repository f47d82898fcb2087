import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RolloutResult, runRollouts } from '@rlver/env';
import { createRlverRubric, type Rubric } from '@rlver/reward';
import {
  type AlgorithmV1,
  appendJsonlLine,
  createRng,
  type DialoguePolicyV1,
  hashSeed,
  type Profile,
  parseJsonl,
  RlverError,
  type StrategyTaggerV1,
  type TrajectoryTurn,
  type UserSimulatorV1,
} from '@rlver/spec';
import { z } from 'zod';
import { systemPromptFor, type TrainConfig } from '../config/train-config';
import { checkDegeneration, type DegenerationVerdict } from './degeneration-stop';
import { repairStepLog } from './repair-run-logs';
import { checkpointFolderName, readCheckpointState, saveCheckpoint, type TrainingState } from './training-state';
import { computeTrainingStepMetrics } from './training-step-metrics';

/** The run stopped because too many updates in a row were not finite. */
export class TrainingDivergedError extends RlverError {
  constructor(options: { step: number; skipped: number }) {
    super({
      name: 'RLVER_TrainingDivergedError',
      message: `step ${options.step}: ${options.skipped} updates in a row had a NaN or infinite loss and were skipped. Lower the learning rate (algorithm.learningRate) or raise maxConsecutiveSkippedUpdates.`,
    });
  }
}

/** Error names that mean a setting is wrong (the same for every dialogue), not a flaky endpoint. */
const SETTING_ERRORS = new Set(['RLVER_InvalidConfigError', 'RLVER_InvalidInputError']);
/** Error names of the simulator's LLM endpoint. */
const ENDPOINT_ERRORS = new Set(['RLVER_LLMCallError', 'RLVER_InvalidLLMOutputError']);

/** What to change, given the errors of a step's failed dialogues (most frequent first). */
function failureAdvice(errors: ReadonlyArray<{ name: string; message: string }>): string {
  const counts = new Map<string, number>();
  for (const error of errors) counts.set(error.name, (counts.get(error.name) ?? 0) + 1);
  const [commonest] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? ['unknown', 0];
  const example = errors.find((error) => error.name === commonest);
  const breakdown = [...counts.entries()].map(([name, count]) => `${count} × ${name}`).join(', ');
  const cause = example ? ` The commonest (${commonest}): ${example.message.replace(/[.\s]+$/, '')}.` : '';
  if (SETTING_ERRORS.has(commonest)) {
    return `${breakdown}.${cause} This is a setting, not the endpoint: change it as the message says (raising maxErrorFraction would only hide it).`;
  }
  if (ENDPOINT_ERRORS.has(commonest)) {
    return `${breakdown}.${cause} Check the simulator endpoint (--base-url, model name, API key), or raise maxErrorFraction.`;
  }
  return `${breakdown}.${cause} Fix the cause above, or raise maxErrorFraction if such failures are expected.`;
}

/** More than `maxErrorFraction` of a step's dialogues failed; the message names the commonest cause and its fix. */
export class TooManyFailedEpisodesError extends RlverError {
  constructor(options: {
    step: number;
    failed: number;
    total: number;
    errors: ReadonlyArray<{ name: string; message: string }>;
  }) {
    super({
      name: 'RLVER_TooManyFailedEpisodesError',
      message: `step ${options.step}: ${options.failed} of ${options.total} dialogues failed: ${failureAdvice(options.errors)}`,
    });
  }
}

export interface TrainingComponents {
  config: TrainConfig;
  /** `runs/<run-id>`. */
  runDirectory: string;
  policy: DialoguePolicyV1;
  algorithm: AlgorithmV1;
  simulator: UserSimulatorV1;
  trainProfiles: readonly Profile[];
  tagger?: StrategyTaggerV1;
  savePolicy(directory: string): Promise<void>;
  /**
   * Restore the weights written by `savePolicy` (resume). Omit it when the caller already built the policy
   * from `checkpoints/latest/policy`.
   */
  loadPolicy?(directory: string): Promise<void>;
  signal?: AbortSignal;
  /** Called after every step with its metrics (progress bars). */
  onStepEnd?(step: number, metrics: Record<string, number>): void;
}

export interface TrainingOutcome {
  completedSteps: number;
  resumedFrom: number;
  interrupted: boolean;
  lastMetrics: Record<string, number> | undefined;
  /** Set when `degenerationStop` ended the run before `steps`: where, and the degenerate shares it compared. */
  stoppedEarly?: DegenerationVerdict & { step: number };
}

const degenerateLineSchema = z.looseObject({ 'monitor/degenerate_fraction': z.number().optional() });

/** Step k's `monitor/degenerate_fraction` from the metrics already logged (a resumed run continues the series). */
function loggedDegenerateFractions(metricsFile: string): number[] {
  if (!existsSync(metricsFile)) return [];
  return parseJsonl(readFileSync(metricsFile, 'utf8'), degenerateLineSchema, { file: metricsFile }).records.map(
    (record) => record.value['monitor/degenerate_fraction'] ?? 0,
  );
}

/**
 * The run's reward (`@rlver/reward`, terms in `rlver-rubric.ts`): final emotion / 100, lifted to `rewardFloor`,
 * `emptyReplyReward` for a dialogue the policy ended with an empty reply, `thinkFormatPenalty` for replies out of the
 * think format (think runs only), turn-level credit with `turnCreditDiscount`, and the reply monitors.
 */
export function trainingRubric(
  config: Pick<TrainConfig, 'rewardFloor' | 'emptyReplyReward' | 'turnCreditDiscount' | 'think' | 'thinkFormatPenalty'>,
): Rubric {
  return createRlverRubric({
    rewardFloor: config.rewardFloor,
    emptyReplyReward: config.emptyReplyReward,
    turnCreditDiscount: config.turnCreditDiscount,
    thinkFormatPenalty: config.think ? config.thinkFormatPenalty : null,
  });
}

/** Profiles of one step: a seeded sample, the same on a resumed run as on an uninterrupted one. */
export function profilesForStep(profiles: readonly Profile[], count: number, seed: number, step: number): Profile[] {
  const rng = createRng(hashSeed(seed, 'profiles', step));
  return Array.from({ length: count }, () => rng.pick(profiles));
}

/** A turn (and its alternatives) without token ids: what rollouts.jsonl records. */
function withoutTokens({ tokens: _tokens, alternatives, ...turn }: TrajectoryTurn): TrajectoryTurn {
  const kept = alternatives?.map(({ tokens: _alternativeTokens, ...alternative }) => alternative);
  return kept ? { ...turn, alternatives: kept } : turn;
}

/**
 * The training loop: rollouts against the simulated users → algorithm update → metrics → checkpoint.
 * Every random choice of step k derives from (seed, k), and the latest checkpoint is rewritten after every
 * step, so a run killed mid-step and resumed loses at most that step and ends where an uninterrupted run would.
 */
export async function runTraining(components: TrainingComponents): Promise<TrainingOutcome> {
  const { config, runDirectory, algorithm, policy, simulator } = components;
  const checkpoints = join(runDirectory, 'checkpoints');
  const metricsFile = join(runDirectory, 'metrics.jsonl');
  const rolloutsFile = join(runDirectory, 'rollouts.jsonl');
  const rubric = trainingRubric(config);

  // ── Resume ────────────────────────────────────────────────────────────────────────────────
  let state: TrainingState = {
    schemaVersion: 1,
    completedSteps: 0,
    consecutiveSkippedUpdates: 0,
    seed: config.seed,
    savedAt: '',
  };
  const latest = join(checkpoints, 'latest');
  const saved = readCheckpointState(latest);
  if (saved) {
    await components.loadPolicy?.(join(latest, 'policy'));
    await algorithm.loadState(join(latest, 'algorithm'));
    state = saved;
  }
  const resumedFrom = state.completedSteps;
  // Logs end where the checkpoint does: no torn line, no record of a step that runs again (no duplicates).
  for (const file of [metricsFile, rolloutsFile]) repairStepLog(file, resumedFrom);
  let lastMetrics: Record<string, number> | undefined;
  if (state.stoppedEarly) {
    return {
      completedSteps: resumedFrom,
      resumedFrom,
      interrupted: false,
      lastMetrics,
      stoppedEarly: state.stoppedEarly,
    };
  }
  const degenerateFractions = loggedDegenerateFractions(metricsFile);

  for (let step = state.completedSteps; step < config.steps; step += 1) {
    if (components.signal?.aborted) return { completedSteps: step, resumedFrom, interrupted: true, lastMetrics };

    // ── Rollouts ─────────────────────────────────────────────────────────────────────────────
    const rolloutStarted = performance.now();
    const profiles = profilesForStep(components.trainProfiles, config.profilesPerStep, config.seed, step);
    const rollouts: RolloutResult = await runRollouts({
      policy,
      simulator,
      thinking: config.think,
      systemPrompt: systemPromptFor(config),
      tagger: components.tagger,
      rubric,
      episodes: profiles.map((profile, index) => ({
        profile,
        seed: hashSeed(config.seed, 'episode', step, index),
        episodeId: `s${step}-e${index}`,
      })),
      groupSize: config.groupSize,
      branching: config.branching,
      branchCandidates: config.branchCandidates,
      concurrency: config.concurrency,
      sampling: { ...config.sampling, seed: hashSeed(config.seed, 'sampling', step) },
      lengthBudget: { maxPromptTokens: config.maxContextTokens * 4 },
      signal: components.signal,
    });
    if (rollouts.aborted) return { completedSteps: step, resumedFrom, interrupted: true, lastMetrics };
    const trajectories = rollouts.trajectories;
    const rolloutSeconds = (performance.now() - rolloutStarted) / 1000;
    const failed = trajectories.filter((trajectory) => trajectory.stopReason === 'error');
    if (trajectories.length > 0 && failed.length / trajectories.length > config.maxErrorFraction) {
      throw new TooManyFailedEpisodesError({
        step,
        failed: failed.length,
        total: trajectories.length,
        errors: failed.map((trajectory) => trajectory.error ?? { name: 'unknown', message: 'no error recorded' }),
      });
    }

    // ── Update ───────────────────────────────────────────────────────────────────────────────
    const updateStarted = performance.now();
    const update = await algorithm.doUpdate({
      trajectories: rubric.trainingSamples(trajectories),
      dialogues: trajectories,
      step,
      signal: components.signal,
    });
    const updateSeconds = (performance.now() - updateStarted) / 1000;
    state = {
      ...state,
      completedSteps: step + 1,
      consecutiveSkippedUpdates: update.skipped ? state.consecutiveSkippedUpdates + 1 : 0,
      savedAt: new Date().toISOString(),
    };

    // ── Log ──────────────────────────────────────────────────────────────────────────────────
    lastMetrics = {
      ...computeTrainingStepMetrics(trajectories, { rolloutSeconds, updateSeconds }, config.maxPolicyTurns, rubric),
      ...update.metrics,
      'rollout/error_count': failed.length,
      'train/update_skipped': update.skipped ? 1 : 0,
    };
    appendJsonlLine(
      metricsFile,
      { step, resumed: resumedFrom > 0 && step === resumedFrom, ...lastMetrics, warnings: update.warnings },
      { fsync: false },
    );
    for (const trajectory of trajectories) {
      const { simulatorHistory: _history, ...compact } = trajectory;
      appendJsonlLine(rolloutsFile, { step, ...compact, turns: compact.turns.map(withoutTokens) }, { fsync: false });
    }
    components.onStepEnd?.(step, lastMetrics);
    degenerateFractions.push(lastMetrics['monitor/degenerate_fraction'] ?? 0);
    const degeneration = config.degenerationStop && checkDegeneration(degenerateFractions, config.degenerationStop);
    if (degeneration) state = { ...state, stoppedEarly: { step, ...degeneration } };

    // ── Checkpoint ───────────────────────────────────────────────────────────────────────────
    const writers = {
      savePolicy: components.savePolicy,
      saveAlgorithm: (directory: string) => algorithm.saveState(directory),
    };
    await saveCheckpoint(checkpoints, 'latest', state, writers);
    if ((step + 1) % config.checkpointEvery === 0 || step + 1 === config.steps || state.stoppedEarly) {
      await saveCheckpoint(checkpoints, checkpointFolderName(step + 1), state, writers);
    }
    if (state.consecutiveSkippedUpdates >= config.maxConsecutiveSkippedUpdates) {
      throw new TrainingDivergedError({ step, skipped: state.consecutiveSkippedUpdates });
    }
    if (state.stoppedEarly) {
      return {
        completedSteps: step + 1,
        resumedFrom,
        interrupted: false,
        lastMetrics,
        stoppedEarly: state.stoppedEarly,
      };
    }
  }
  return { completedSteps: config.steps, resumedFrom, interrupted: false, lastMetrics };
}
