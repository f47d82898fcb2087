import { PAPER_RUBRIC } from '@rlver/reward';
import {
  bandOf,
  detectLanguage,
  type Language,
  type Profile,
  type SimulatorMessage,
  type StopReason,
  type Trajectory,
  type TrajectoryTurn,
} from '@rlver/spec';
import type { SageResultRecord } from './sage-result-record';

export interface SageRecordToTrajectoryOptions {
  policyId?: string;
  /** Default `sage-reference`. */
  simulatorId?: string;
  /** Default `sage`. */
  preset?: string;
  /** Default: detected from the opening message. */
  lang?: Language;
  seed?: number;
  /** Default: the record id. */
  episodeId?: string;
  /** Default `1970-01-01T00:00:00.000Z` (unknown). */
  startedAt?: string;
}

const GOODBYE = /再见|拜拜|\b(good\s?-?bye|bye(?:-bye)?|farewell)\b/i;
const SAGE_INITIAL_EMOTION = 40;

/** The simulated user's reasoning about a reply: the analysis (activity + analyse) when present, else `thinking`. */
function innerThoughtsOf(message: SimulatorMessage): string {
  const planning = message.planning;
  const parts = [planning?.activity, planning?.analyse].filter(
    (part): part is string => typeof part === 'string' && part !== '',
  );
  if (parts.length > 0) return parts.join('\n');
  return typeof message.thinking === 'string' ? message.thinking : '';
}

/** Stop reason of a reference dialogue, in the reference loop's order: goodbye, thresholds, else the turn cap. */
function stopReasonOf(history: SimulatorMessage[], finalEmotion: number): StopReason {
  const last = history[history.length - 1];
  if (!last || last.role === 'assistant') return 'max_turns';
  if (GOODBYE.test(last.content)) return 'goodbye';
  if (finalEmotion >= 100) return 'ceiling';
  if (finalEmotion < 10) return 'floor';
  return 'max_turns';
}

function turnsOf(history: SimulatorMessage[], openingEmotion: number): TrajectoryTurn[] {
  const turns: TrajectoryTurn[] = [];
  let emotion = openingEmotion;
  for (let index = 1; index < history.length; index += 1) {
    const message = history[index] as SimulatorMessage;
    if (message.role !== 'assistant') continue;
    const answer = history[index + 1];
    const judged = answer?.role === 'user';
    const nextEmotion = judged ? (answer['emotion-point'] ?? emotion) : emotion;
    turns.push({
      index: turns.length + 1,
      rawOutput:
        typeof message.think === 'string' ? `<think>\n${message.think}\n</think>\n${message.content}` : message.content,
      reply: message.content,
      think: typeof message.think === 'string' ? message.think : null,
      userMessage: judged ? answer.content : null,
      emotion: nextEmotion,
      delta: nextEmotion - emotion,
      band: bandOf(nextEmotion),
      innerThoughts: judged ? innerThoughtsOf(answer) : '',
      strategyLabels: [],
      scored: judged,
      promptTokenCount: 0,
      outputTokenCount: 0,
      policyLatencyMs: 0,
      simulatorLatencyMs: 0,
      simulatorCalls: 0,
    });
    emotion = nextEmotion;
  }
  return turns;
}

/**
 * Import one reference SAGE result record as a trajectory. Turns pair each assistant message with the user
 * message that answers it; an assistant message without an answer is an unscored reply. The simulator history
 * (analyses included) is kept in `simulatorHistory`, so `trajectoryToSageRecord` gives the record back.
 */
export function sageRecordToTrajectory(
  record: SageResultRecord,
  options: SageRecordToTrajectoryOptions = {},
): Trajectory {
  const history = record.history;
  const opener = history[0];
  const openingEmotion = opener?.['emotion-point'] ?? SAGE_INITIAL_EMOTION;
  const openingMessage = opener?.role === 'user' ? opener.content : '';
  let lastJudged = history.length - 1;
  while (lastJudged > 0 && history[lastJudged]?.role === 'assistant') lastJudged -= 1;
  const stopReason = stopReasonOf(history, record.emo_point);
  return PAPER_RUBRIC.withReward({
    schemaVersion: 1,
    episodeId: options.episodeId ?? record.id,
    profileId: record.id,
    lang: options.lang ?? detectLanguage(openingMessage),
    seed: options.seed ?? 0,
    preset: options.preset ?? 'sage',
    policyId: options.policyId ?? 'unknown',
    simulatorId: options.simulatorId ?? 'sage-reference',
    systemPrompt: '',
    opening: { message: openingMessage, emotion: openingEmotion },
    turns: turnsOf(history, openingEmotion),
    finalEmotion: record.emo_point,
    reward: 0,
    rewardShaping: 'terminal',
    stopReason,
    truncated: stopReason === 'max_turns',
    startedAt: options.startedAt ?? new Date(0).toISOString(),
    durationMs: 0,
    simulatorHistory: structuredClone(history.slice(0, lastJudged + 1)).map((message) => {
      if (message.role !== 'assistant' || message.think === undefined) return message;
      const { think: _think, ...rest } = message;
      return rest;
    }),
  });
}

/** The profile fields a SAGE record carries (no `cha_group`: result files do not store it). */
export function sageRecordToProfile(record: SageResultRecord): Profile {
  const opener = record.history[0];
  return {
    id: record.id,
    player: record.player,
    scene: record.scene,
    main_cha: record.character,
    cha_group: [],
    task: record.task,
    ...(record.topic === undefined ? {} : { topic: record.topic }),
    ...(opener?.role === 'user' ? { first_talk: opener.content } : {}),
  };
}
