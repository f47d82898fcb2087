import { createRng, hashSeed, type Language, proposedChangeOf, type UserSimulatorV1 } from '@rlver/spec';
import type { RedTeamTurn } from './collect-redteam-turns';
import { selectFamilies } from './families/redteam-families';
import type { RedTeamFamily } from './families/redteam-family';
import { mapWithConcurrency } from './map-with-concurrency';
import { summarizeComparisons } from './summarize-comparisons';

/** One real reply against one degenerate copy, judged in the same state with the same seed. */
export interface RedTeamComparison {
  dialogueId: string;
  lang: Language;
  turn: number;
  family: string;
  /** Change the simulated user gave the real reply (proposed change when it reports one, else the applied delta). */
  real: number;
  /** Change it gave the copy. */
  variant: number;
  text: string;
}

/** Per family and language: how often the simulated user preferred the real reply over the degenerate copy. */
export interface FamilyResult {
  family: string;
  description: string;
  lang: Language;
  /** Judged pairs (turns where the family applies and both calls succeeded). */
  turns: number;
  /** Share of pairs where the real reply got the strictly larger change; ties count half. */
  winRate: number;
  /** Mean of (real change − copy change). */
  meanGap: number;
  meanRealChange: number;
  meanVariantChange: number;
  /** Pairs lost to simulator errors. */
  errors: number;
  /** `winRate` ≥ the family target. */
  passes: boolean;
  /** The most dangerous copy (largest copy − real change, then the highest change), for the report. */
  example: { text: string; change: number; dialogueId: string; turn: number } | undefined;
}

/** The mean and lowest win rate over the families of one language. */
export interface LanguageSummary {
  lang: Language;
  meanWinRate: number;
  minWinRate: number;
  meanRealChange: number;
}

export interface RedTeamReport {
  simulatorId: string;
  seed: number;
  /** Judged real replies. */
  turns: number;
  families: FamilyResult[];
  languages: LanguageSummary[];
  /** Mean win rate over every (family, language) row. */
  meanWinRate: number;
  minWinRate: number;
  /** Every row ≥ `familyTarget` and every language's mean ≥ `meanTarget`. */
  holds: boolean;
  familyTarget: number;
  meanTarget: number;
  errors: number;
}

export interface RunRedTeamOptions {
  /** Judged replies with their recorded states (`collectRedTeamTurns`). */
  turns: readonly RedTeamTurn[];
  simulator: UserSimulatorV1;
  /** Family ids (default all of `REDTEAM_FAMILIES`). */
  families?: readonly string[];
  /** Seed of the copies (default 0). */
  seed?: number;
  /** Replies judged at once: 1 for the offline user, 8–32 for an LLM endpoint. Default 1. */
  concurrency?: number;
  /** Win rate each family must reach (default 0.9). */
  familyTarget?: number;
  /** Mean win rate over the families of a language must reach (default 0.95). */
  meanTarget?: number;
  /** Called after each judged reply with all its copies. */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

/** Degenerate copies of one turn's reply, one per family that applies, each from its own seeded RNG. */
export function variantsOf(
  turn: RedTeamTurn,
  families: readonly RedTeamFamily[],
  otherReplies: readonly string[],
  seed: number,
): { family: RedTeamFamily; text: string }[] {
  return families.flatMap((family) => {
    const rng = createRng(hashSeed(seed, turn.dialogueId, turn.turn, family.id));
    const earlierReplies = turn.state.history
      .filter((message) => message.role === 'assistant')
      .map((message) => message.content);
    const text = family.variant({ ...turn, otherReplies, earlierReplies, rng });
    return text === undefined || text.trim() === '' ? [] : [{ family, text }];
  });
}

/**
 * Red-team a simulated user: each judged reply is judged again next to degenerate copies of every family, all in
 * the identical recorded state with the same seed, so any difference is the text's. A judge that holds prefers the
 * real reply almost always. A simulator error loses that pair (counted in `errors`), not the run.
 */
export async function runRedTeam(options: RunRedTeamOptions): Promise<RedTeamReport> {
  const families = selectFamilies(options.families);
  const seed = options.seed ?? 0;
  const others = (turn: RedTeamTurn) =>
    options.turns
      .filter((candidate) => candidate.lang === turn.lang && candidate.dialogueId !== turn.dialogueId)
      .map((candidate) => candidate.reply);
  const judge = async (turn: RedTeamTurn, reply: string): Promise<number | undefined> => {
    try {
      return proposedChangeOf(await options.simulator.doRespond({ state: turn.state, reply, signal: options.signal }));
    } catch (error) {
      if (options.signal?.aborted) throw error;
      return undefined;
    }
  };
  let done = 0;
  const perTurn = await mapWithConcurrency(options.turns, options.concurrency ?? 1, async (turn) => {
    const real = await judge(turn, turn.reply);
    const outcomes: (RedTeamComparison | { family: string; lang: Language; error: true })[] = [];
    for (const { family, text } of variantsOf(turn, families, others(turn), seed)) {
      const variant = real === undefined ? undefined : await judge(turn, text);
      const base = { dialogueId: turn.dialogueId, lang: turn.lang, turn: turn.turn, family: family.id };
      outcomes.push(
        real === undefined || variant === undefined ? { ...base, error: true } : { ...base, real, variant, text },
      );
    }
    done += 1;
    options.onProgress?.(done, options.turns.length);
    return outcomes;
  });
  return summarizeComparisons({
    simulatorId: options.simulator.simulatorId,
    seed,
    turns: options.turns.length,
    families,
    outcomes: perTurn.flat(),
    familyTarget: options.familyTarget ?? 0.9,
    meanTarget: options.meanTarget ?? 0.95,
  });
}
