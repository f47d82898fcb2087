import { PAPER_RUBRIC } from '@rlver/reward';
import {
  assertSpecV1,
  bandOf,
  type ChatMessage,
  type PolicyOutput,
  type SimulatorState,
  type SimulatorTurnResult,
  type StrategyLabel,
  splitThinkReply,
  type TrajectoryTurn,
} from '@rlver/spec';
import { buildTrajectory, inferPresetName } from './build-trajectory';
import { callWithTimeout } from './call-with-timeout';
import { defaultSystemPrompt } from './default-system-prompt';
import type { DialogueEnv, DialogueEnvOptions, ResetOptions, StepOptions, StepResult } from './dialogue-env-options';
import type { EpisodeState } from './episode-state';
import { EpisodeAbortedError } from './errors/episode-aborted-error';
import { estimateTokenCount } from './estimate-token-count';
import { evaluateStopReason } from './stop-predicates';

function errorRecord(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

function asPolicyOutput(output: string | PolicyOutput, latencyMs: number): PolicyOutput {
  if (typeof output !== 'string') return output;
  return { text: output, finishReason: 'stop', promptTokenCount: 0, outputTokenCount: 0, latencyMs };
}

/**
 * Create the dialogue environment: the episode rules (think stripping, turn cap, judged/unjudged final reply,
 * stop predicates in the fixed order of spec §4.4, reward) around one simulated user.
 */
export function createDialogueEnv(options: DialogueEnvOptions): DialogueEnv {
  const simulator = assertSpecV1(options.simulator, `simulator ${options.simulator.simulatorId}`);
  const settings = simulator.settings;
  const rewardShaping = options.rewardShaping ?? 'terminal';
  const rubric = options.rubric ?? PAPER_RUBRIC;
  /** The rubric's dialogue reward of a state at its end (`stopReason` as it ends). */
  const dialogueReward = (state: EpisodeState, stopReason: EpisodeState['stopReason']) =>
    rubric.scoreDialogue({
      finalEmotion: state.emotion,
      stopReason: stopReason ?? 'interrupted',
      turns: state.turns,
      opening: state.opening,
      lang: state.lang,
    }).reward;
  const preset = options.preset ?? inferPresetName(settings);
  const now = options.now ?? Date.now;
  const maxRetries = options.maxRetries ?? 1;
  const countTokens = options.lengthBudget?.countTokens ?? estimateTokenCount;

  const systemPromptFor = (lang: 'zh' | 'en'): string => {
    if (typeof options.systemPrompt === 'string') return options.systemPrompt;
    if (typeof options.systemPrompt === 'function') return options.systemPrompt(lang);
    return defaultSystemPrompt(lang, options.thinking ?? false);
  };

  const callSimulator = (call: (signal: AbortSignal) => Promise<SimulatorTurnResult>, signal?: AbortSignal) =>
    callWithTimeout(call, { what: 'simulator', timeoutMs: options.simulatorTimeoutMs, maxRetries, signal });

  const tagReply = async (reply: string, lang: 'zh' | 'en', signal?: AbortSignal) => {
    if (!options.tagger || reply === '') return { labels: [] as StrategyLabel[] };
    try {
      const result = await options.tagger.doTag({ text: reply, lang, signal });
      return { labels: [...result.labels] };
    } catch (error) {
      return { labels: [] as StrategyLabel[], error: errorRecord(error).message };
    }
  };

  const finish = (state: EpisodeState, patch: Partial<EpisodeState>): EpisodeState => ({
    ...state,
    ...patch,
    done: true,
    endedAtMs: now(),
  });

  const endWithoutTurn = (state: EpisodeState, patch: Partial<EpisodeState>): StepResult => {
    const next = state.done ? state : finish(state, patch);
    return {
      state: next,
      observation: [...next.messages],
      userMessage: null,
      emotion: next.emotion,
      delta: 0,
      innerThoughts: '',
      done: true,
      stopReason: next.stopReason,
      reward: rewardShaping === 'terminal' ? dialogueReward(next, next.stopReason) : 0,
      turn: undefined,
    };
  };

  const startState = (reset: ResetOptions, simulatorState: SimulatorState, opening: string): EpisodeState => {
    const startedAtMs = now();
    const systemPrompt = systemPromptFor(simulatorState.lang);
    const repeatSuffix = reset.repeat === undefined ? '' : `~r${reset.repeat}`;
    return {
      episodeId: reset.episodeId ?? `${reset.profile.id}#${reset.seed}${repeatSuffix}`,
      profileId: reset.profile.id,
      seed: reset.seed,
      groupId: reset.groupId,
      repeat: reset.repeat,
      lang: simulatorState.lang,
      preset,
      policyId: reset.policyId ?? 'unknown',
      simulatorId: simulator.simulatorId,
      systemPrompt,
      simulator: simulatorState,
      messages: [
        { role: 'system', content: systemPrompt },
        { role: 'user', content: opening },
      ],
      opening: { message: opening, emotion: simulatorState.emotion },
      emotion: simulatorState.emotion,
      band: simulatorState.band,
      turns: [],
      done: false,
      stopReason: undefined,
      error: undefined,
      startedAt: new Date(startedAtMs).toISOString(),
      startedAtMs,
      endedAtMs: undefined,
    };
  };

  const reset = async (resetOptions: ResetOptions): Promise<EpisodeState> => {
    try {
      const opener = await callSimulator(
        (signal) => simulator.doStart({ profile: resetOptions.profile, seed: resetOptions.seed, signal }),
        resetOptions.signal,
      );
      return startState(resetOptions, opener.state, opener.message);
    } catch (error) {
      // A failed start is data too: a finished state without an opener.
      const lang = resetOptions.profile.lang ?? 'zh';
      const placeholder: SimulatorState = {
        profile: resetOptions.profile,
        lang,
        emotion: settings.initialEmotion,
        band: bandOf(settings.initialEmotion),
        history: [],
        turn: 0,
        seed: resetOptions.seed,
        extra: {},
      };
      const state = startState(resetOptions, placeholder, '');
      const aborted = EpisodeAbortedError.isAbort(error) || resetOptions.signal?.aborted === true;
      return finish(
        state,
        aborted ? { stopReason: 'interrupted' } : { stopReason: 'error', error: errorRecord(error) },
      );
    }
  };

  const step = async (state: EpisodeState, output: string | PolicyOutput, stepOptions: StepOptions = {}) => {
    if (state.done) return endWithoutTurn(state, {});
    const policyOutput = asPolicyOutput(output, stepOptions.policyLatencyMs ?? 0);
    const split = splitThinkReply(policyOutput.text);
    const index = state.turns.length + 1;
    const atTurnCap = index >= settings.maxPolicyTurns;
    const emptyReply = split.reply === '';
    const judge = !emptyReply && (!atTurnCap || settings.scoreFinalReply);

    const judged = judge
      ? callSimulator(
          (signal) => simulator.doRespond({ state: state.simulator, reply: split.reply, signal }),
          stepOptions.signal,
        ).then(
          (result) => ({ result, error: undefined }),
          (error: unknown) => ({ result: undefined, error }),
        )
      : Promise.resolve({ result: undefined, error: undefined });
    const [{ result, error }, tags] = await Promise.all([
      judged,
      tagReply(split.reply, state.lang, stepOptions.signal),
    ]);
    if (error !== undefined && (EpisodeAbortedError.isAbort(error) || stepOptions.signal?.aborted)) {
      return endWithoutTurn(state, { stopReason: 'interrupted' });
    }

    const turn: TrajectoryTurn = {
      index,
      rawOutput: policyOutput.text,
      reply: split.reply,
      think: split.think,
      userMessage: result?.message ?? null,
      emotion: result?.emotion ?? state.emotion,
      delta: result?.delta ?? 0,
      band: result?.band ?? state.band,
      innerThoughts: result?.innerThoughts ?? '',
      strategyLabels: tags.labels,
      scored: result !== undefined,
      promptTokenCount: policyOutput.promptTokenCount,
      outputTokenCount: policyOutput.outputTokenCount,
      policyLatencyMs: policyOutput.latencyMs,
      simulatorLatencyMs: result?.latencyMs ?? 0,
      simulatorCalls: result?.calls ?? 0,
      ...(policyOutput.tokens ? { tokens: { ...policyOutput.tokens } } : {}),
    };
    const messages: ChatMessage[] = [...state.messages, { role: 'assistant', content: split.reply }];
    if (result) messages.push({ role: 'user', content: result.message });
    const overLengthBudget =
      options.lengthBudget !== undefined && countTokens(messages) > options.lengthBudget.maxPromptTokens;
    const stopReason = evaluateStopReason({
      error: error !== undefined,
      ended: result?.ended,
      atTurnCap,
      overLengthBudget,
      emptyReply,
    });
    let next: EpisodeState = {
      ...state,
      simulator: result?.state ?? state.simulator,
      messages,
      emotion: turn.emotion,
      band: turn.band,
      turns: [...state.turns, turn],
    };
    if (stopReason) {
      next = finish(next, { stopReason, ...(error !== undefined ? { error: errorRecord(error) } : {}) });
    }
    const done = stopReason !== undefined;
    const reward =
      rewardShaping === 'per-turn'
        ? rubric.scoreTurn(turn, { ...next, finalEmotion: next.emotion, stopReason: stopReason ?? 'interrupted' })
        : done
          ? dialogueReward(next, stopReason)
          : 0;
    return {
      state: next,
      observation: [...messages],
      userMessage: turn.userMessage,
      emotion: turn.emotion,
      delta: turn.delta,
      innerThoughts: turn.innerThoughts,
      done,
      stopReason,
      reward,
      turn,
      ...(tags.error ? { taggerError: tags.error } : {}),
    } satisfies StepResult;
  };

  const fork = (state: EpisodeState, episodeId: string): EpisodeState => ({ ...structuredClone(state), episodeId });

  return {
    settings,
    rewardShaping,
    rubric,
    simulatorId: simulator.simulatorId,
    reset,
    observe: (state) => [...state.messages],
    step,
    fail: (state, error) => endWithoutTurn(state, { stopReason: 'error', error: errorRecord(error) }),
    interrupt: (state) => endWithoutTurn(state, { stopReason: 'interrupted' }),
    async startGroup(groupOptions) {
      const groupId = groupOptions.groupId ?? `${groupOptions.profile.id}#${groupOptions.seed}`;
      const first = await reset({ ...groupOptions, groupId, episodeId: `${groupId}/0` });
      return Array.from({ length: groupOptions.size }, (_, member) =>
        member === 0 ? first : fork(first, `${groupId}/${member}`),
      );
    },
    fork,
    toTrajectory: (state) => buildTrajectory(state, { rubric, shaping: rewardShaping }, now()),
  };
}
