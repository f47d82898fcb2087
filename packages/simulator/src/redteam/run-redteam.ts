import {
  createRng,
  detectLanguage,
  type Language,
  type SimulatorMessage,
  type SimulatorState,
  type UserSimulatorV1,
} from '@rlver/spec';
import {
  profileOfTranscript,
  recordedChange,
  recordedStateAt,
  type TranscriptRecord,
} from '../offline/replay-transcript';
import { type RedTeamFamily, selectFamilies } from './redteam-families';

/** One judged reply of a recorded dialogue, with the state the simulated user judged it in. */
export interface RedTeamTurn {
  dialogueId: string;
  lang: Language;
  /** 1-based index of the reply in its dialogue. */
  turn: number;
  state: SimulatorState;
  reply: string;
  userMessages: string[];
  storyText: string;
}

/** Per family: how often the simulated user preferred the real reply over the degenerate copy. */
export interface FamilyResult {
  family: string;
  description: string;
  turns: number;
  /** Share of turns where the real reply got the strictly larger change; ties count half. */
  winRate: number;
  /** Mean of (change for the real reply − change for the copy). */
  meanGap: number;
  meanRealChange: number;
  meanVariantChange: number;
  /** One degenerate copy and the change it got (for the report). */
  example: { text: string; change: number };
}

export interface RedTeamReport {
  simulatorId: string;
  lang: Language | 'mixed';
  turns: number;
  families: FamilyResult[];
  meanWinRate: number;
  minWinRate: number;
  /** Every family ≥ `familyTarget` and the mean ≥ `meanTarget`. */
  holds: boolean;
  familyTarget: number;
  meanTarget: number;
}

export interface RunRedTeamOptions {
  records: readonly TranscriptRecord[];
  simulator: UserSimulatorV1;
  families?: readonly string[];
  seed?: number;
  /** Judge at most this many dialogues (in file order) and replies per dialogue. */
  maxDialogues?: number;
  maxTurnsPerDialogue?: number;
  /** Turns judged at once (an LLM simulator is latency-bound). Default 1. */
  concurrency?: number;
  familyTarget?: number;
  meanTarget?: number;
  onProgress?: (done: number, total: number) => void;
}

/** The change a simulated user gave a reply: its proposed change before clamps when it reports one. */
export function changeOf(outcome: { delta: number; state: SimulatorState }): number {
  const proposed = outcome.state.history.at(-1)?.planning?.proposed;
  return typeof proposed === 'number' && Number.isFinite(proposed) ? proposed : outcome.delta;
}

/** The judged replies of recorded dialogues, each with its teacher-forced state (recorded history and score). */
export async function collectRedTeamTurns(
  records: readonly TranscriptRecord[],
  simulator: UserSimulatorV1,
  options: { seed?: number; maxDialogues?: number; maxTurnsPerDialogue?: number } = {},
): Promise<RedTeamTurn[]> {
  const turns: RedTeamTurn[] = [];
  for (const record of records.slice(0, options.maxDialogues ?? records.length)) {
    const profile = profileOfTranscript(record);
    const lang = profile.lang ?? detectLanguage(record.scene);
    const { state: start } = await simulator.doStart({ profile, seed: options.seed ?? 0 });
    let count = 0;
    for (let index = 1; index < record.history.length; index += 1) {
      const message = record.history[index] as SimulatorMessage;
      if (message.role !== 'assistant' || recordedChange(record.history[index + 1]) === undefined) continue;
      if (count >= (options.maxTurnsPerDialogue ?? Number.POSITIVE_INFINITY)) break;
      count += 1;
      const before = record.history.slice(0, index);
      turns.push({
        dialogueId: record.id,
        lang,
        turn: count,
        state: recordedStateAt(start, before),
        reply: message.content,
        userMessages: before.filter((entry) => entry.role === 'user').map((entry) => entry.content),
        storyText: `${record.player}\n${record.scene}`,
      });
    }
  }
  return turns;
}

async function mapConcurrently<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

function summarise(family: RedTeamFamily, outcomes: { real: number; variant: number; text: string }[]): FamilyResult {
  const count = Math.max(1, outcomes.length);
  const wins = outcomes.reduce((sum, { real, variant }) => sum + (real > variant ? 1 : real === variant ? 0.5 : 0), 0);
  const sum = (pick: (outcome: (typeof outcomes)[number]) => number) =>
    outcomes.reduce((total, outcome) => total + pick(outcome), 0) / count;
  const best = [...outcomes].sort((a, b) => b.variant - a.variant)[0];
  return {
    family: family.id,
    description: family.description,
    turns: outcomes.length,
    winRate: wins / count,
    meanGap: sum((outcome) => outcome.real - outcome.variant),
    meanRealChange: sum((outcome) => outcome.real),
    meanVariantChange: sum((outcome) => outcome.variant),
    example: { text: best?.text ?? '', change: best?.variant ?? 0 },
  };
}

/**
 * Red-team a simulated user: replace every judged reply of recorded dialogues by a degenerate copy of each family
 * and judge both in the identical recorded state (same seed), so any difference is the text's. A judge that holds
 * prefers the real reply almost always.
 */
export async function runRedTeam(options: RunRedTeamOptions): Promise<RedTeamReport> {
  const families = selectFamilies(options.families);
  const seed = options.seed ?? 0;
  const turns = await collectRedTeamTurns(options.records, options.simulator, options);
  const pools = new Map<Language, { dialogueId: string; reply: string }[]>();
  for (const turn of turns) pools.set(turn.lang, [...(pools.get(turn.lang) ?? []), turn]);
  let done = 0;
  const perTurn = await mapConcurrently(turns, options.concurrency ?? 1, async (turn) => {
    const judge = async (reply: string) => changeOf(await options.simulator.doRespond({ state: turn.state, reply }));
    const real = await judge(turn.reply);
    const others = (pools.get(turn.lang) ?? [])
      .filter((candidate) => candidate.dialogueId !== turn.dialogueId)
      .map((candidate) => candidate.reply);
    const results: { real: number; variant: number; text: string }[] = [];
    for (const [index, family] of families.entries()) {
      const rng = createRng((seed * 1_000_003 + turn.turn * 7_919 + index * 104_729 + hash(turn.dialogueId)) >>> 0);
      const text = family.variant({ ...turn, otherReplies: others, rng });
      results.push({ real, variant: await judge(text), text });
    }
    done += 1;
    options.onProgress?.(done, turns.length);
    return results;
  });
  const familyResults = families.map((family, index) =>
    summarise(
      family,
      perTurn.map((results) => results[index] as { real: number; variant: number; text: string }),
    ),
  );
  const rates = familyResults.map((result) => result.winRate);
  const meanWinRate = rates.reduce((sum, rate) => sum + rate, 0) / Math.max(1, rates.length);
  const familyTarget = options.familyTarget ?? 0.9;
  const meanTarget = options.meanTarget ?? 0.95;
  const langs = new Set(turns.map((turn) => turn.lang));
  return {
    simulatorId: options.simulator.simulatorId,
    lang: langs.size === 1 ? ([...langs][0] as Language) : 'mixed',
    turns: turns.length,
    families: familyResults,
    meanWinRate,
    minWinRate: Math.min(...rates),
    holds: rates.every((rate) => rate >= familyTarget) && meanWinRate >= meanTarget,
    familyTarget,
    meanTarget,
  };
}

function hash(text: string): number {
  let value = 2166136261;
  for (let index = 0; index < text.length; index += 1) value = Math.imul(value ^ text.charCodeAt(index), 16777619);
  return value >>> 0;
}
