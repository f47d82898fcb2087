import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { InvalidConfigError } from '@rlver/spec';
import { defaultRunId, readCheckpointState, type TrainConfig, type TrainingState } from '@rlver/trainer';

/** A run's folder and, when resuming, the latest checkpoint it continues from. */
export interface RunFolder {
  runId: string;
  runDirectory: string;
  /** `checkpoints/latest/policy`: where the trained policy is (and the resumed one comes from). */
  latestPolicy: string;
  /** The latest checkpoint's state when resuming. */
  resumedState?: TrainingState;
}

/**
 * The run's folder inside `--runs-dir`: refuses a `--run-id` that leaves it, and an existing run without
 * `--resume` (`InvalidConfigError` naming the flag); with `--resume`, reads the latest checkpoint's state.
 */
export function openRunFolder(config: TrainConfig, resume: boolean): RunFolder {
  const runId = config.runId ?? defaultRunId(config);
  const runDirectory = join(config.runsDir, runId);
  const inside = relative(resolve(config.runsDir), resolve(runDirectory));
  if (inside === '' || inside.startsWith('..') || inside.includes('/') || inside.includes('\\')) {
    throw new InvalidConfigError({
      field: '--run-id',
      message: `--run-id "${runId}" does not name a folder inside --runs-dir ${config.runsDir}; use a plain name such as my-run`,
    });
  }
  const latest = join(runDirectory, 'checkpoints', 'latest');
  if (existsSync(join(runDirectory, 'config.json')) && !resume) {
    throw new InvalidConfigError({
      field: '--resume',
      message: `run folder ${runDirectory} exists; add --resume to continue it, or choose another --run-id / --seed`,
    });
  }
  const resumedState = resume ? readCheckpointState(latest) : undefined;
  return { runId, runDirectory, latestPolicy: join(latest, 'policy'), resumedState };
}
