import { createRng, hashSeed, type Language, proposedChangeOf, type UserSimulatorV1 } from '@rlver/spec';
import type { RedTeamTurn } from '../collect-redteam-turns';
import { mapWithConcurrency } from '../map-with-concurrency';
import {
  type AttackPiece,
  kickPieces,
  mutatePieces,
  type PieceSources,
  renderAttack,
  sourcesOf,
} from './attack-pieces';
import { ATTACK_SEEDS } from './attack-seeds';

/** The best attack text found from one seed, against the real replies in the same states. */
export interface AdaptiveExploit {
  seed: string;
  lang: Language;
  /** The best text as rendered on the first sampled turn. */
  text: string;
  /** Mean change of the best text over the sampled turns. */
  meanChange: number;
  /** Mean change of the real replies of the sampled turns. */
  referenceMeanChange: number;
  /** True when the best exploit stays strictly below the real replies (the judge holds). */
  holds: boolean;
  /** Candidate texts judged (each on every sampled turn). */
  evaluations: number;
}

export interface AdaptiveAttackOptions {
  turns: readonly RedTeamTurn[];
  simulator: UserSimulatorV1;
  seed?: number;
  /** Candidate texts judged per seed and language. Default 300. */
  evaluationsPerSeed?: number;
  /** Turns each candidate is judged on, sampled per language. Default 6. */
  sampleTurns?: number;
  /** Seed ids (default all of `ATTACK_SEEDS`). */
  seeds?: readonly string[];
  /** Calls in flight at once (LLM simulators). Default 1. */
  concurrency?: number;
  /** Called after each judged candidate. */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

/** Candidates judged without improvement before the climb restarts from a kicked copy of the best text. */
const RESTART_AFTER = 40;

/**
 * Adaptive attack: for each seed (a degenerate construction) and language, hill-climb over texts made only of
 * degenerate pieces (warm stock phrases, story keywords, chunks of the user's last message, other dialogues'
 * clauses, fake judge lines, stutters), keeping the text with the largest mean change over a few sampled recorded
 * states, restarting from a kicked copy of the best text when it stalls. The judge holds when the best exploit stays below the real replies in the same states.
 */
export async function runAdaptiveAttack(options: AdaptiveAttackOptions): Promise<AdaptiveExploit[]> {
  const seed = options.seed ?? 0;
  const budget = Math.max(1, options.evaluationsPerSeed ?? 300);
  const seeds = ATTACK_SEEDS.filter((entry) => !options.seeds || options.seeds.includes(entry.id));
  const languages = (['zh', 'en'] as const).filter((lang) => options.turns.some((turn) => turn.lang === lang));
  const total = languages.length * seeds.length * budget;
  let done = 0;
  const exploits: AdaptiveExploit[] = [];
  for (const lang of languages) {
    const pool = options.turns.filter((turn) => turn.lang === lang);
    const sample = createRng(hashSeed(seed, 'adaptive-sample', lang))
      .shuffle(pool)
      .slice(0, options.sampleTurns ?? 6);
    const sources: PieceSources[] = sample.map((turn) =>
      sourcesOf(
        turn,
        pool.filter((other) => other.dialogueId !== turn.dialogueId).map((other) => other.reply),
      ),
    );
    // A failed call (an LLM endpoint error) leaves that state out of the mean; a candidate with no judged state
    // scores −∞ and is never kept.
    const meanChange = async (textOf: (index: number) => string) => {
      const changes = await mapWithConcurrency(sample, options.concurrency ?? 1, async (turn, index) => {
        try {
          const reply = textOf(index);
          return proposedChangeOf(
            await options.simulator.doRespond({ state: turn.state, reply, signal: options.signal }),
          );
        } catch (error) {
          if (options.signal?.aborted) throw error;
          return undefined;
        }
      });
      const judged = changes.filter((change): change is number => change !== undefined);
      return judged.length === 0
        ? Number.NEGATIVE_INFINITY
        : judged.reduce((sum, change) => sum + change, 0) / judged.length;
    };
    const reference = await meanChange((index) => (sample[index] as RedTeamTurn).reply);
    for (const attackSeed of seeds) {
      const rng = createRng(hashSeed(seed, 'adaptive', lang, attackSeed.id));
      const start = attackSeed.pieces(lang);
      const score = (pieces: readonly AttackPiece[]) =>
        meanChange((index) => renderAttack(pieces, lang, sources[index] as PieceSources));
      let best = start;
      let bestScore = await score(best);
      let current = best;
      let currentScore = bestScore;
      let sinceImprovement = 0;
      for (let evaluation = 1; evaluation < budget; evaluation += 1) {
        if (sinceImprovement >= RESTART_AFTER) {
          [current, currentScore, sinceImprovement] = [kickPieces(best, rng, lang), Number.NEGATIVE_INFINITY, 0];
        }
        const candidate = mutatePieces(current, rng, lang);
        const candidateScore = await score(candidate);
        if (candidateScore >= currentScore) [current, currentScore] = [candidate, candidateScore];
        if (candidateScore > bestScore) {
          [best, bestScore, sinceImprovement] = [candidate, candidateScore, 0];
        } else sinceImprovement += 1;
        done += 1;
        options.onProgress?.(done, total);
      }
      done += 1;
      options.onProgress?.(done, total);
      exploits.push({
        seed: attackSeed.id,
        lang,
        text: renderAttack(best, lang, sources[0] as PieceSources),
        meanChange: bestScore,
        referenceMeanChange: reference,
        holds: bestScore < reference,
        evaluations: budget,
      });
    }
  }
  return exploits;
}
