import type { Trajectory } from '@rlver/spec';
import { isScoredEpisode } from '../score/compute-sentient-score';
import type { CapabilityJudge, CapabilityScores } from './capability-judge';
import { CAPABILITIES, type Capability } from './judge-rubric';

/** Per-dialogue judge result: scores, or the error that made the judge give up on it. */
export interface JudgedEpisode {
  episodeId: string;
  profileId: string;
  result?: CapabilityScores;
  error?: string;
}

/** Capability scores of a run (LLM judge, project rubric — not paper parity). */
export interface CapabilityJudgeSummary {
  judgeId: string;
  promptVersion: string;
  /** Always `not paper parity`. */
  parity: 'not paper parity';
  /** Mean score per capability over judged dialogues. */
  means: Record<Capability, number>;
  dialogues: number;
  failures: number;
  episodes: JudgedEpisode[];
}

/**
 * Judge every non-errored dialogue with bounded concurrency. A dialogue the judge cannot score is recorded
 * as a failure and left out of the means; transport errors are recorded the same way.
 */
export async function judgeTrajectories(
  judge: CapabilityJudge,
  trajectories: readonly Trajectory[],
  options: { concurrency?: number; signal?: AbortSignal } = {},
): Promise<CapabilityJudgeSummary> {
  const items = trajectories.filter(isScoredEpisode);
  const episodes: JudgedEpisode[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) {
      const trajectory = items[index] as Trajectory;
      const base = { episodeId: trajectory.episodeId, profileId: trajectory.profileId };
      try {
        episodes[index] = { ...base, result: await judge.judge(trajectory, options.signal) };
      } catch (error) {
        if (options.signal?.aborted) throw error;
        episodes[index] = { ...base, error: error instanceof Error ? error.message : String(error) };
      }
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? 8, items.length));
  await Promise.all(Array.from({ length: workers }, worker));
  const judged = episodes.flatMap((episode) => (episode.result ? [episode.result] : []));
  const means = Object.fromEntries(
    CAPABILITIES.map((name) => [
      name,
      judged.length === 0 ? 0 : judged.reduce((total, result) => total + result.scores[name], 0) / judged.length,
    ]),
  ) as Record<Capability, number>;
  return {
    judgeId: judge.judgeId,
    promptVersion: judge.promptVersion,
    parity: 'not paper parity',
    means,
    dialogues: judged.length,
    failures: episodes.length - judged.length,
    episodes,
  };
}
