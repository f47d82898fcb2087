import {
  assertSpecV1,
  type DialoguePolicyV1,
  hashSeed,
  InvalidConfigError,
  type PolicyOutput,
  type PolicyRequest,
  type Profile,
  type SamplingOptions,
  type Trajectory,
} from '@rlver/spec';
import { callWithTimeout } from './call-with-timeout';
import { createDialogueEnv } from './dialogue-env';
import type { DialogueEnv, DialogueEnvOptions, StepResult } from './dialogue-env-options';
import type { EpisodeState } from './episode-state';
import { PolicyOutputError } from './errors/policy-output-error';

/** How one policy request is answered: `doAct` with one request, or a batching gateway (`runRollouts`). */
export type ActPolicy = (request: PolicyRequest, signal: AbortSignal) => Promise<PolicyOutput>;

export interface RunEpisodeOptions extends DialogueEnvOptions {
  policy: DialoguePolicyV1;
  profile: Profile;
  /** Seed of the simulator's random choices (recorded in the trajectory). */
  seed: number;
  episodeId?: string;
  groupId?: string;
  repeat?: number;
  /** Sampling settings passed to every `doAct` call. */
  sampling?: SamplingOptions;
  /** Per-call limit of policy calls in milliseconds; default none. */
  policyTimeoutMs?: number;
  /** Aborting ends the episode as `interrupted`. */
  signal?: AbortSignal;
  /** Reuse an environment (its settings win over the ones above). */
  env?: DialogueEnv;
  /** Start from this state (a GRPO group member) instead of calling `reset`. */
  startState?: EpisodeState;
  /** Override how the policy is called (the rollout engine's batching gateway). */
  actPolicy?: ActPolicy;
  /**
   * Replies sampled per policy turn (default 1). With n > 1 every reply is judged from the same user state (a
   * clone: no extra opener, common random numbers); a seeded uniform choice among those without error continues
   * the dialogue and the others are kept on the turn as `alternatives` (turn-level groups for training).
   */
  branching?: number;
  /**
   * Enumerated branching: members of a turn's group (default 0 = off). The sampled reply(s) continue as above and
   * the policy's own candidate replies (`doCandidates`, a seeded choice up to this many members in all) are judged
   * from clones of the same state and recorded as `alternatives`. Needs a policy with `doCandidates`.
   */
  branchCandidates?: number;
  /** Called once the opening message is known (human play shows it). */
  onEpisodeStart?: (state: EpisodeState) => void;
  /** Called after every step, with the user's answer, emotion, Δ and inner thoughts. */
  onTurnEnd?: (result: StepResult) => void;
}

/** `doAct` with a single request, checked to return exactly one output. */
export function actOneByOne(policy: DialoguePolicyV1, sampling?: SamplingOptions): ActPolicy {
  return async (request, signal) => {
    const outputs = await policy.doAct({ requests: [request], sampling, signal });
    const output = outputs[0];
    if (outputs.length !== 1 || output === undefined) {
      throw new PolicyOutputError({
        message: `policy ${policy.policyId} returned ${outputs.length} outputs for 1 request; doAct must return one output per request, in order`,
      });
    }
    return output;
  };
}

/**
 * Judge every reply from the same state: `outputs[choice]` continues the episode; the others are judged from
 * clones and recorded on the continuing turn as `alternatives` (their own later turns are not played).
 */
async function stepWithAlternatives(
  env: DialogueEnv,
  state: EpisodeState,
  outputs: readonly PolicyOutput[],
  options: { choice: number; signal?: AbortSignal },
): Promise<StepResult> {
  const results = await Promise.all(
    outputs.map((output, index) =>
      env.step(index === options.choice ? state : env.fork(state, `${state.episodeId}/alt-${index}`), output, {
        signal: options.signal,
      }),
    ),
  );
  const chosen = results[options.choice] as StepResult;
  const alternatives = results.flatMap((result, index) =>
    index !== options.choice && result.turn ? [result.turn] : [],
  );
  if (alternatives.length === 0 || !chosen.turn) return chosen;
  const turn = { ...chosen.turn, alternatives };
  const turns = [...chosen.state.turns.slice(0, -1), turn];
  return { ...chosen, turn, state: { ...chosen.state, turns } };
}

/** A clear error when enumerated branching is asked of a policy that cannot list its candidates. */
export function assertCandidateBranching(policy: DialoguePolicyV1, branchCandidates: number, branching = 1): void {
  if (!Number.isInteger(branchCandidates) || branchCandidates < 0) {
    throw new InvalidConfigError({
      field: 'branchCandidates',
      message: `branchCandidates is ${branchCandidates}; set it to 0 (off) or an integer ≥ 2 (members of a turn's group)`,
    });
  }
  if (branchCandidates > 0 && branchCandidates <= branching) {
    throw new InvalidConfigError({
      field: 'branchCandidates',
      message: `branchCandidates is ${branchCandidates} with branching ${branching}: it counts the whole turn group (sampled replies included), so set it above branching, or to 0`,
    });
  }
  if (branchCandidates > 0 && typeof policy.doCandidates !== 'function') {
    throw new InvalidConfigError({
      field: 'branchCandidates',
      message: `branchCandidates is ${branchCandidates}, but policy ${policy.policyId} cannot list its candidate replies (no doCandidates): use a policy with the phrasebook rule (--decoding-rules.phrasebook), or set branchCandidates to 0`,
    });
  }
}

/**
 * The policy's candidates for one turn, under the policy's timeout and retries. A listing that fails leaves the turn
 * with its sampled replies only (the dialogue goes on, the batch is not sunk); an abort still ends the episode.
 */
async function listCandidates(
  policy: DialoguePolicyV1,
  options: Parameters<NonNullable<DialoguePolicyV1['doCandidates']>>[0],
  limits: { timeoutMs?: number; maxRetries: number },
): Promise<PolicyOutput[]> {
  try {
    return await callWithTimeout(async (signal) => (await policy.doCandidates?.({ ...options, signal })) ?? [], {
      what: 'policy',
      timeoutMs: limits.timeoutMs,
      maxRetries: limits.maxRetries,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return [];
  }
}

/**
 * The one dialogue loop (training, benchmark, human play): reset → [policy reply → simulator answer]* until a
 * stop predicate fires. Never throws for rollout failures: they end the episode with `stopReason: 'error'`.
 */
export async function runEpisode(options: RunEpisodeOptions): Promise<Trajectory> {
  const policy = assertSpecV1(options.policy, `policy ${options.policy.policyId}`);
  const env = options.env ?? createDialogueEnv(options);
  const act = options.actPolicy ?? actOneByOne(policy, options.sampling);
  const branching = options.branching ?? 1;
  if (!Number.isInteger(branching) || branching < 1) {
    throw new InvalidConfigError({
      field: 'branching',
      message: `branching is ${branching}; set it to an integer ≥ 1`,
    });
  }
  const branchCandidates = options.branchCandidates ?? 0;
  assertCandidateBranching(policy, branchCandidates, branching);
  let state =
    options.startState ??
    (await env.reset({
      profile: options.profile,
      seed: options.seed,
      episodeId: options.episodeId,
      groupId: options.groupId,
      repeat: options.repeat,
      policyId: policy.policyId,
      signal: options.signal,
    }));
  if (state.policyId !== policy.policyId) state = { ...state, policyId: policy.policyId };
  if (!state.done) options.onEpisodeStart?.(state);

  // Bounded: each iteration records one policy turn or ends the episode.
  for (let iteration = 0; !state.done && iteration <= env.settings.maxPolicyTurns; iteration += 1) {
    let result: StepResult;
    if (options.signal?.aborted) {
      result = env.interrupt(state);
    } else {
      const messages = env.observe(state);
      const replies = await Promise.all(
        Array.from({ length: branching }, (_, branch) => {
          // Seeded per episode, turn and branch: the reply never depends on how requests were batched.
          const seed = hashSeed(state.seed, state.episodeId, state.turns.length, branch);
          const request: PolicyRequest = { messages, seed };
          return callWithTimeout((signal) => act(request, signal), {
            what: 'policy',
            timeoutMs: options.policyTimeoutMs,
            maxRetries: options.maxRetries ?? 1,
            signal: options.signal,
          }).then(
            (value) => ({ value, error: undefined }),
            (error: unknown) => ({ value: undefined, error }),
          );
        }),
      );
      const answered = replies.flatMap((reply) => (reply.value === undefined ? [] : [reply.value]));
      if (answered.length === 0) {
        const error = replies[0]?.error;
        result = options.signal?.aborted ? env.interrupt(state) : env.fail(state, error);
      } else {
        const choice = hashSeed(state.seed, state.episodeId, 'branch', state.turns.length) % answered.length;
        const candidates =
          branchCandidates > answered.length
            ? await listCandidates(
                policy,
                {
                  request: { messages, seed: hashSeed(state.seed, state.episodeId, state.turns.length, 'candidates') },
                  limit: branchCandidates - answered.length,
                  exclude: answered.map((output) => output.text.trim()),
                  sampling: options.sampling,
                  signal: options.signal,
                },
                { timeoutMs: options.policyTimeoutMs, maxRetries: options.maxRetries ?? 1 },
              )
            : [];
        result = await stepWithAlternatives(env, state, [...answered, ...candidates], {
          choice,
          signal: options.signal,
        });
      }
    }
    options.onTurnEnd?.(result);
    state = result.state;
  }
  if (!state.done) state = env.interrupt(state).state;
  return env.toTrajectory(state);
}
