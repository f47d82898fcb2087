import type { ChatClient } from '@rlver/llm';
import {
  type EmotionBand,
  type EmotionSettings,
  hashSeed,
  type Language,
  type Profile,
  type SimulatorMessage,
  type SimulatorState,
  type SimulatorTurnResult,
  type UserSimulatorRespondOptions,
  type UserSimulatorStartOptions,
  type UserSimulatorV1,
} from '@rlver/spec';
import { applyEmotionDelta, bandOf, endReasonOf, resolveEmotionSettings } from '../emotion/index';
import { buildAnalysisPrompt, buildReplyPrompt, type ReplyFeedback } from './build-prompts';
import { completeWithResampling, type StageResult } from './complete-with-resampling';
import {
  type LlmSimulatorConfig,
  type ResolvedLlmSimulatorConfig,
  resolveLlmSimulatorConfig,
} from './llm-simulator-config';
import { type ParsedAnalysis, parseAnalysis, structuredAnalysisJsonSchema } from './parse-analysis';
import { type ParsedReply, parseReply } from './parse-reply';
import { getPromptPack } from './prompt-packs';

/** Options of {@link createLlmSimulator}: the settings plus the chat client that serves both stages. */
export interface CreateLlmSimulatorOptions extends LlmSimulatorConfig {
  /** Any OpenAI-compatible client (timeouts, transport retries and record/replay live there). */
  client: ChatClient;
}

interface Context {
  client: ChatClient;
  config: Readonly<ResolvedLlmSimulatorConfig>;
  settings: EmotionSettings;
}

function callSeed(state: { seed: number; turn: number }, stage: string): number {
  return hashSeed(state.seed, state.turn, stage) % 2 ** 31;
}

function promptOptions(context: Context, lang: Language) {
  const { config } = context;
  return {
    pack: getPromptPack(lang),
    variant: config.promptVariant,
    goalMode: config.goalMode,
    difficulty: config.difficulty,
  };
}

async function runAnalysis(
  context: Context,
  state: SimulatorState,
  history: SimulatorMessage[],
  signal: AbortSignal | undefined,
): Promise<StageResult<ParsedAnalysis>> {
  const { client, config } = context;
  const options = promptOptions(context, state.lang);
  const structured = config.parseMode === 'structured';
  const prompt = buildAnalysisPrompt({
    ...options,
    structured,
    profile: state.profile,
    emotion: state.emotion,
    history,
  });
  return completeWithResampling({
    client,
    stage: 'analysis',
    maxAttempts: config.maxResampleAttempts,
    request: {
      messages: [{ role: 'user', content: prompt }],
      temperature: config.temperature,
      maxTokens: config.maxTokens,
      seed: callSeed(state, 'analysis'),
      signal,
      ...(structured
        ? {
            responseFormat: {
              type: 'json_schema' as const,
              name: 'emotion_analysis',
              schema: structuredAnalysisJsonSchema(config.promptVariant),
            },
          }
        : {}),
    },
    parse: (text) =>
      parseAnalysis(text, {
        variant: config.promptVariant,
        mode: config.parseMode,
        deltaRule: config.deltaRule,
        placeholders: options.pack.analysis[config.promptVariant].placeholders,
      }),
  });
}

async function runReply(
  context: Context,
  target: { profile: Profile; lang: Language; band: EmotionBand; seed: number; turn: number },
  history: SimulatorMessage[],
  feedback: ReplyFeedback | undefined,
  signal: AbortSignal | undefined,
): Promise<StageResult<ParsedReply>> {
  const { client, config } = context;
  const options = promptOptions(context, target.lang);
  const prompt = buildReplyPrompt({ ...options, profile: target.profile, band: target.band, history, feedback });
  return completeWithResampling({
    client,
    stage: feedback ? 'reply' : 'opener',
    maxAttempts: config.maxResampleAttempts,
    request: {
      messages: [{ role: 'user', content: prompt }],
      temperature: config.temperature,
      maxTokens: config.maxTokens,
      seed: callSeed(target, feedback ? 'reply' : 'opener'),
      signal,
    },
    parse: (text) => parseReply(text, config.parseMode, options.pack.reply[config.promptVariant].placeholders.Response),
  });
}

/** The feedback handed to the reply stage (spec §3.12): objective TargetCompletion/Reason; subjective Activity + Analyse (sage) or Analyse. */
function feedbackOf(config: Readonly<ResolvedLlmSimulatorConfig>, analysis: ParsedAnalysis): ReplyFeedback {
  if (config.promptVariant === 'rlver-train') return { objective: analysis.objective, subjective: analysis.analyse };
  const separator = config.parseMode === 'parity' ? '' : '\n';
  return { objective: analysis.objective, subjective: `${analysis.activity}${separator}${analysis.analyse}` };
}

function clampProposal(settings: EmotionSettings, proposed: number): number {
  const limit = settings.deltaClamp;
  return limit === null ? proposed : Math.max(-limit, Math.min(limit, proposed));
}

async function start(context: Context, options: UserSimulatorStartOptions): Promise<SimulatorTurnResult> {
  const started = performance.now();
  const { config, settings } = context;
  const { profile, seed } = options;
  const lang = config.lang ?? profile.lang ?? 'zh';
  const emotion = settings.initialEmotion;
  const band = bandOf(emotion);
  const warnings: string[] = [];
  let message: string;
  let innerThoughts = '';
  let calls = 0;
  if (config.opener === 'first-talk' && profile.first_talk) {
    message = profile.first_talk;
  } else {
    if (config.opener === 'first-talk') warnings.push(`profile ${profile.id} has no first_talk; opener generated live`);
    const target = { profile, lang, band, seed, turn: 0 };
    const opener = await runReply(context, target, [], undefined, options.signal);
    message = opener.value.reply;
    innerThoughts = opener.value.thinking;
    calls = opener.calls;
    warnings.push(...opener.warnings);
  }
  const state: SimulatorState = {
    profile: structuredClone(profile),
    lang,
    emotion,
    band,
    history: [{ role: 'user', content: message, 'emotion-point': emotion }],
    turn: 0,
    seed,
    extra: { target: config.goalMode, promptVariant: config.promptVariant, parseMode: config.parseMode },
  };
  const latencyMs = performance.now() - started;
  return { state, message, emotion, delta: 0, band, innerThoughts, ended: undefined, calls, latencyMs, warnings };
}

async function respond(context: Context, options: UserSimulatorRespondOptions): Promise<SimulatorTurnResult> {
  const started = performance.now();
  const { config, settings } = context;
  // Never mutated: the next state shares the unchanged parts (profile, earlier messages) with this one.
  const previous = options.state;
  const history: SimulatorMessage[] = [...previous.history, { role: 'assistant', content: options.reply }];
  const analysis = await runAnalysis(context, previous, history, options.signal);
  const { emotion, delta } = applyEmotionDelta(settings, previous.emotion, analysis.value.change);
  const band = bandOf(emotion);
  const feedback = feedbackOf(config, analysis.value);
  const target = { ...previous, band };
  const reply = await runReply(context, target, history, feedback, options.signal);
  const objectiveKey = config.promptVariant === 'sage' ? 'TargetCompletion' : 'reason';
  const message: SimulatorMessage = {
    role: 'user',
    content: reply.value.reply,
    'emotion-point': emotion,
    thinking: reply.value.thinking,
    planning: {
      activity: analysis.value.activity,
      [objectiveKey]: analysis.value.objective,
      content: analysis.value.content,
      analyse: analysis.value.analyse,
      change: clampProposal(settings, analysis.value.change),
    },
  };
  const state: SimulatorState = { ...previous, emotion, band, history: [...history, message], turn: previous.turn + 1 };
  return {
    state,
    message: reply.value.reply,
    emotion,
    delta,
    band,
    innerThoughts: feedback.subjective,
    ended: endReasonOf(settings, { emotion, reply: reply.value.reply }, config.goodbyeMode),
    calls: analysis.calls + reply.calls,
    latencyMs: performance.now() - started,
    warnings: [...analysis.warnings, ...reply.warnings],
  };
}

/**
 * The LLM sentient agent (spec §3): two calls per policy reply — analysis (Δ) then reply (in character,
 * told the new state LABEL) — over any `ChatClient`. Stateless: everything lives in `SimulatorState`, so
 * cloning is `structuredClone(state)` and never calls the LLM; constructing it calls nothing either. A state is
 * never mutated; the next one shares its unchanged parts (profile, earlier messages) with the previous one.
 * Unparseable outputs are resampled at most `maxResampleAttempts` times per stage, then
 * `InvalidLLMOutputError` is thrown (the environment records `stopReason: 'error'`).
 */
export function createLlmSimulator(options: CreateLlmSimulatorOptions): UserSimulatorV1 {
  const { client, ...settingsInput } = options;
  const config = resolveLlmSimulatorConfig(settingsInput);
  const settings = resolveEmotionSettings(config.preset, config.emotion);
  const context: Context = { client, config, settings };
  return {
    specificationVersion: 'v1',
    simulatorId: `openai:${client.model}`,
    settings,
    doStart: (startOptions) => start(context, startOptions),
    doRespond: (respondOptions) => respond(context, respondOptions),
  };
}
