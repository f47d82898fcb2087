import { setMaxListeners } from 'node:events';
import type { DialoguePolicyV1, Profile, SamplingOptions, Trajectory } from '@rlver/spec';
import { InvalidConfigError } from '@rlver/spec';
import { createDialogueEnv } from '../dialogue-env';
import type { DialogueEnvOptions, StepResult } from '../dialogue-env-options';
import type { EpisodeState } from '../episode-state';
import { actOneByOne, assertCandidateBranching, runEpisode } from '../run-episode';
import { createPolicyBatcher } from './create-policy-batcher';
import { expandEpisodeSpecs } from './expand-episode-specs';

/** One episode to run. Episodes with the same `groupId` share one opener and simulator state (GRPO group). */
export interface EpisodeSpec {
  profile: Profile;
  seed: number;
  episodeId?: string;
  groupId?: string;
  repeat?: number;
}

export interface RunRolloutsOptions extends DialogueEnvOptions {
  policy: DialoguePolicyV1;
  /** The episodes, in result order. Or give `profiles` (+ `seeds`). */
  episodes?: EpisodeSpec[];
  profiles?: Profile[];
  /** One seed per profile (same length), or a base seed `s` used as `s + index`. Default 0. */
  seeds?: number[] | number;
  /** Expand every episode into a GRPO group of this many members sharing its start. Default 1 (no groups). */
  groupSize?: number;
  /** Most episodes in flight at once. Default 4. */
  concurrency?: number;
  sampling?: SamplingOptions;
  /** Replies sampled per policy turn, each judged from the same user state (see `runEpisode`). Default 1. */
  branching?: number;
  /** Enumerated branching: members of a turn's group, the policy's candidates beside the sampled reply (see `runEpisode`). 0 = off. */
  branchCandidates?: number;
  /** Per-call limit of policy calls (for batched policies: of each batched `doAct`). Default none. */
  policyTimeoutMs?: number;
  /** Abort (Ctrl-C): no new episode starts; running ones end as `interrupted`. */
  signal?: AbortSignal;
  /**
   * Called once per finished episode (errors included, `interrupted` excluded), as soon as it ends: append it to
   * a results file here for crash-safe runs. Awaited; a throw stops the run and rejects `runRollouts`.
   */
  onEpisodeEnd?: (trajectory: Trajectory, index: number) => void | Promise<void>;
  onTurnEnd?: (result: StepResult, index: number) => void;
}

export interface RolloutResult {
  /** Finished episodes (including `error` ones), in input order. */
  trajectories: Trajectory[];
  /** Episodes cut short by the abort (`stopReason: 'interrupted'`); not passed to `onEpisodeEnd`. */
  interrupted: Trajectory[];
  /** Episodes never started because of the abort. */
  notStarted: number;
  aborted: boolean;
}

/**
 * Run many episodes concurrently under a concurrency cap. Policies with `maxBatchSize` get the requests of all
 * live episodes gathered into batched `doAct` calls; other policies are called per request, concurrently.
 * One episode's failure is recorded on its trajectory and never stops the others.
 */
export async function runRollouts(options: RunRolloutsOptions): Promise<RolloutResult> {
  const specs = expandEpisodeSpecs(options);
  const concurrency = options.concurrency ?? 4;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new InvalidConfigError({
      field: 'concurrency',
      message: `concurrency is ${concurrency}; set it to an integer ≥ 1`,
    });
  }
  assertCandidateBranching(options.policy, options.branchCandidates ?? 0, options.branching ?? 1);
  const env = createDialogueEnv(options);
  const internal = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, internal.signal]) : internal.signal;
  // Every live episode and policy call listens on this signal: hundreds of listeners are expected.
  setMaxListeners(0, signal);
  const batcher =
    options.policy.maxBatchSize === undefined
      ? undefined
      : createPolicyBatcher({
          policy: options.policy,
          maxBatchSize: options.policy.maxBatchSize,
          sampling: options.sampling,
          timeoutMs: options.policyTimeoutMs,
          signal,
          requestsPerEpisode: options.branching,
        });
  const actPolicy = batcher?.act ?? actOneByOne(options.policy, options.sampling);
  const groupStarts = new Map<string, Promise<EpisodeState>>();
  const results: Array<Trajectory | undefined> = new Array(specs.length);
  let nextIndex = 0;
  let callbackError: { error: unknown } | undefined;

  const startStateOf = (spec: EpisodeSpec): Promise<EpisodeState> | undefined => {
    if (spec.groupId === undefined) return undefined;
    let start = groupStarts.get(spec.groupId);
    if (!start) {
      start = env.reset({ ...spec, episodeId: `${spec.groupId}/start`, policyId: options.policy.policyId, signal });
      groupStarts.set(spec.groupId, start);
    }
    return start.then((state) => env.fork(state, spec.episodeId ?? `${spec.groupId}/${spec.seed}`));
  };

  const runOne = async (index: number, spec: EpisodeSpec) => {
    batcher?.episodeStarted();
    try {
      const startState = await startStateOf(spec);
      return await runEpisode({
        ...options,
        ...spec,
        env,
        startState,
        actPolicy,
        signal,
        policyTimeoutMs: batcher ? undefined : options.policyTimeoutMs,
        onTurnEnd: options.onTurnEnd && ((result) => options.onTurnEnd?.(result, index)),
      });
    } finally {
      batcher?.episodeEnded();
    }
  };

  const worker = async () => {
    while (nextIndex < specs.length && !signal.aborted) {
      const index = nextIndex;
      nextIndex += 1;
      const trajectory = await runOne(index, specs[index] as EpisodeSpec);
      results[index] = trajectory;
      if (trajectory.stopReason === 'interrupted' || !options.onEpisodeEnd) continue;
      try {
        await options.onEpisodeEnd(trajectory, index);
      } catch (error) {
        callbackError ??= { error };
        internal.abort(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, specs.length) }, worker));
  if (callbackError) throw callbackError.error;

  const finished = results.filter((trajectory): trajectory is Trajectory => trajectory !== undefined);
  return {
    trajectories: finished.filter((trajectory) => trajectory.stopReason !== 'interrupted'),
    interrupted: finished.filter((trajectory) => trajectory.stopReason === 'interrupted'),
    notStarted: specs.length - finished.length,
    aborted: options.signal?.aborted === true,
  };
}
