import { createRng, type Trajectory } from '@rlver/spec';
import { buildTrajectory, type SyntheticTurn } from './build-trajectory';
import type { SamplingModel } from './create-tiny-language-model';

/** Token ids of the bandit dialogue: a tiny chat template and a few words. */
export const banditTokens = {
  pad: 0,
  system: 1,
  user: 2,
  assistant: 3,
  end: 4,
  /** The preferred first token ("A"). */
  preferred: 5,
  /** Words the simulated user says. */
  userWords: [6, 7],
} as const;

/**
 * Shape of the transformer the algorithm packages train on the bandit (`createTransformerModel({ config })` of
 * @rlver/model): one layer, vocabulary and special tokens to match `banditTokens`.
 */
export const banditTransformerConfig = {
  vocabSize: 12,
  hiddenSize: 16,
  intermediateSize: 32,
  numHiddenLayers: 1,
  numAttentionHeads: 2,
  eosTokenIds: [banditTokens.end],
  padTokenId: banditTokens.pad,
};

/** Prompt of turn 1: system, user, a word, assistant header. */
export const banditFirstPrompt: readonly number[] = [
  banditTokens.system,
  banditTokens.user,
  banditTokens.userWords[0],
  banditTokens.assistant,
];

function sampleIndex(logProbs: readonly number[], uniform: number): number {
  let cumulative = 0;
  for (const [index, logProb] of logProbs.entries()) {
    cumulative += Math.exp(logProb);
    if (uniform < cumulative) return index;
  }
  return logProbs.length - 1;
}

/**
 * Bandit-like dialogues: each policy turn generates up to `maxNewTokens` tokens (stop at `end`); the template
 * appends `end`-terminated output, then the user's turn (`user`, word, `assistant`) as the next prompt, so every
 * prompt extends the previous prompt + output. Reward = share of turns whose first token is `preferred`.
 */
export function runBanditEpisodes(options: {
  model: SamplingModel;
  groups: number;
  groupSize: number;
  turns?: number;
  maxNewTokens?: number;
  seed: number;
  temperature?: number;
}): Trajectory[] {
  const rng = createRng(options.seed);
  const turnCount = options.turns ?? 2;
  const trajectories: Trajectory[] = [];
  for (let group = 0; group < options.groups; group += 1) {
    for (let member = 0; member < options.groupSize; member += 1) {
      let prompt = [...banditFirstPrompt];
      const turns: SyntheticTurn[] = [];
      let preferredStarts = 0;
      for (let turn = 0; turn < turnCount; turn += 1) {
        const outputIds: number[] = [];
        const logProbs: number[] = [];
        while (outputIds.length < (options.maxNewTokens ?? 2)) {
          const next = options.model.nextTokenLogProbs([...prompt, ...outputIds], options.temperature ?? 1);
          const token = sampleIndex(next, rng.next());
          outputIds.push(token);
          logProbs.push(next[token] as number);
          if (token === banditTokens.end) break;
        }
        if (outputIds[0] === banditTokens.preferred) preferredStarts += 1;
        turns.push({ promptIds: prompt, outputIds, logProbs });
        const userWord = banditTokens.userWords[(turn + 1) % banditTokens.userWords.length] as number;
        prompt = [...prompt, ...outputIds, banditTokens.user, userWord, banditTokens.assistant];
      }
      trajectories.push(
        buildTrajectory({
          episodeId: `bandit-${options.seed}-${group}-${member}`,
          groupId: `bandit-${options.seed}-${group}`,
          turns,
          reward: preferredStarts / turnCount,
        }),
      );
    }
  }
  return trajectories;
}

/** Probability that the first token of turn 1 is the preferred token. */
export function preferredTokenProbability(model: SamplingModel): number {
  return Math.exp(model.nextTokenLogProbs(banditFirstPrompt)[banditTokens.preferred] as number);
}
