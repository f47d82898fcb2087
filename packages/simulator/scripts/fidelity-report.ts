/**
 * Fidelity of the offline simulated user against the published SAGE transcripts (read at run time, never copied):
 *   npx tsx --conditions=source packages/simulator/scripts/fidelity-report.ts [--emotion-source recorded|replayed] [--json]
 * `recorded` (default) judges each reply in the recorded state (teacher forcing); `replayed` lets the offline
 * user carry its own emotion along the recorded texts.
 * For each of ../shared/data/sage/transcripts/<agent>/<model>.jsonl (relative to the project root) it replays every
 * judged turn with the offline agent (sage preset) and prints the per-turn Spearman ρ between predicted and recorded
 * changes (pooled, per file, and on two halves: the dialogues with even / odd line index in each file, to check that a
 * choice made on one half holds on the other) and the Kendall τ between each file's replay score and its recorded
 * benchmark score.
 */
import { createRng } from '@rlver/spec';
import { kendallTau, mean, spearmanRho } from '@rlver/stats';
import { createOfflineSimulator } from '../src/offline/offline-simulator';
import type { ReplayFileResult } from '../src/offline/replay-transcript';
import { replaySharedTranscripts } from './shared-transcripts';

const sourceFlag = process.argv.indexOf('--emotion-source');
const emotionSource = sourceFlag >= 0 && process.argv[sourceFlag + 1] === 'replayed' ? 'replayed' : 'recorded';

const simulator = createOfflineSimulator({ preset: 'sage' });
const results: Array<{ file: string; result: ReplayFileResult; rho: number }> = [];
const pooledPredicted: number[] = [];
const pooledRecorded: number[] = [];
const started = performance.now();
let turnCount = 0;
for (const { file, result } of await replaySharedTranscripts(simulator, { emotionSource })) {
  const turns = result.dialogues.flatMap((dialogue) => dialogue.turns);
  turnCount += turns.length;
  pooledPredicted.push(...turns.map((turn) => turn.predicted));
  pooledRecorded.push(...turns.map((turn) => turn.recorded));
  const rho = spearmanRho(
    turns.map((turn) => turn.predicted),
    turns.map((turn) => turn.recorded),
  );
  results.push({ file: `${file.agent}/${file.model}.jsonl`, result, rho });
}
const pooledRho = spearmanRho(pooledPredicted, pooledRecorded);
const tau = kendallTau(
  results.map((entry) => entry.result.replayScore),
  results.map((entry) => entry.result.recordedScore),
);
// Ranking models is meaningful under one judge: the DeepSeek-V3 files (the eighth file is o1 under another judge).
const oneJudge = results.filter((entry) => entry.file.startsWith('deepseek-v3'));
const modelTau = kendallTau(
  oneJudge.map((entry) => entry.result.replayScore),
  oneJudge.map((entry) => entry.result.recordedScore),
);
const meanPredicted = (entry: (typeof results)[number]) => {
  const turns = entry.result.dialogues.flatMap((dialogue) => dialogue.turns);
  return turns.reduce((sum, turn) => sum + turn.predicted, 0) / Math.max(1, turns.length);
};
const changeTau = kendallTau(
  oneJudge.map(meanPredicted),
  oneJudge.map((entry) => entry.result.recordedScore),
);
const oneJudgeTurns = oneJudge.flatMap((entry) => entry.result.dialogues.flatMap((dialogue) => dialogue.turns));
const oneJudgeRho = spearmanRho(
  oneJudgeTurns.map((turn) => turn.predicted),
  oneJudgeTurns.map((turn) => turn.recorded),
);
const halfRho = (parity: 0 | 1) => {
  const turns = results.flatMap((entry) =>
    entry.result.dialogues.filter((_, index) => index % 2 === parity).flatMap((dialogue) => dialogue.turns),
  );
  return spearmanRho(
    turns.map((turn) => turn.predicted),
    turns.map((turn) => turn.recorded),
  );
};
const evenRho = halfRho(0);
const oddRho = halfRho(1);
/**
 * How far the benchmark's own model ranking can be trusted: split each DeepSeek-V3 file's dialogues at random into two
 * halves, score each half as the benchmark does (mean recorded final emotion), and rank the models by one half against
 * the other (seeded, `ceilingSplits` splits). A replay cannot be expected to rank the models more stably than the
 * recorded judge ranks them against itself.
 */
const ceilingSplits = 1000;
const rankingCeiling = (() => {
  const rng = createRng(1);
  const finals = oneJudge.map((entry) => entry.result.dialogues.map((dialogue) => dialogue.recordedFinal));
  const taus: number[] = [];
  for (let split = 0; split < ceilingSplits; split++) {
    const halves = finals.map((values) => {
      const order = rng.shuffle(values.map((_, index) => index));
      const cut = Math.floor(order.length / 2);
      const pick = (indices: number[]) => mean(indices.map((index) => values[index] as number));
      return [pick(order.slice(0, cut)), pick(order.slice(cut))] as const;
    });
    taus.push(
      kendallTau(
        halves.map((half) => half[0]),
        halves.map((half) => half[1]),
      ),
    );
  }
  return { meanTau: mean(taus), shareAbove: taus.filter((tau) => tau >= 0.85).length / taus.length };
})();
const elapsed = performance.now() - started;
if (process.argv.includes('--json')) {
  process.stdout.write(
    `${JSON.stringify({ emotionSource, pooledRho, evenRho, oddRho, rankingCeiling, tau, modelTau, changeTau, oneJudgeRho, turns: turnCount, files: results.map((entry) => ({ file: entry.file, rho: entry.rho, replayScore: entry.result.replayScore, recordedScore: entry.result.recordedScore })) })}\n`,
  );
} else {
  process.stdout.write(`emotion source: ${emotionSource}\n`);
  process.stdout.write(`${'file'.padEnd(44)} ${'ρ'.padStart(6)} ${'replay'.padStart(7)} ${'recorded'.padStart(9)}\n`);
  for (const entry of results) {
    process.stdout.write(
      `${entry.file.padEnd(44)} ${entry.rho.toFixed(3).padStart(6)} ${entry.result.replayScore.toFixed(1).padStart(7)} ${entry.result.recordedScore.toFixed(1).padStart(9)}\n`,
    );
  }
  process.stdout.write(
    `pooled per-turn Spearman ρ = ${pooledRho.toFixed(3)} over ${turnCount} turns (target ≥ 0.45); halves: even-index dialogues ${evenRho.toFixed(3)}, odd ${oddRho.toFixed(3)}\n`,
  );
  process.stdout.write(
    `Kendall τ (replay score vs recorded score, ${results.length} files) = ${tau.toFixed(3)} (target ≥ 0.85)\n`,
  );
  process.stdout.write(
    `DeepSeek-V3 files only (${oneJudge.length} models, one judge): per-turn ρ = ${oneJudgeRho.toFixed(3)}, model-ranking Kendall τ = ${modelTau.toFixed(3)} (replay score), ${changeTau.toFixed(3)} (mean predicted change)\n`,
  );
  process.stdout.write(
    `the recorded judge against itself (${ceilingSplits} random halves of each DeepSeek-V3 file): model-ranking Kendall τ = ${rankingCeiling.meanTau.toFixed(3)} on average, ≥ 0.85 in ${(rankingCeiling.shareAbove * 100).toFixed(1)} % of splits\n`,
  );
  process.stdout.write(
    `time: ${(elapsed / 1000).toFixed(1)} s, ${((elapsed * 1000) / Math.max(turnCount, 1)).toFixed(0)} µs per turn\n`,
  );
}
