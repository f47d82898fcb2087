/**
 * PPO's critic for the choice layer: a learned linear value V(s) = v · ψ(s) over hashed features of the state alone
 * (language, turn, the strategies said so far, the words of the user's last message and of the opening; no
 * candidate), fitted by normalised least mean squares to the rewards of the replies judged at each state. The
 * advantage of a judged reply is its reward minus V(s) as the critic stood before the step (PPO's V_old).
 */
import { InvalidConfigError } from '@rlver/spec';
import { type ChoiceState, hashFeature } from './choice-features';

/** Size of the critic's hashed state-feature space. */
export const CHOICE_CRITIC_DIM = 1 << 16;

/** The names of ψ(s): what the policy sees at a turn, without a candidate. */
export function choiceStateFeatureNames(state: ChoiceState): string[] {
  const { lang, turn } = state;
  const previous = state.saidStrategies.at(-1) ?? 'none';
  return [
    'v:bias',
    `v:${lang}`,
    `v:turn:${turn}|${lang}`,
    `v:prev:${previous}|${lang}`,
    ...[...new Set(state.saidStrategies)].map((s) => `v:said:${s}|${lang}`),
    ...state.lastWords.map((w) => `v:w:${w}`),
    ...state.openingWords.map((w) => `v:open:${w}`),
  ];
}

export interface ChoiceCriticJson {
  version: 1;
  dim: number;
  weights: [number, number][];
}

export class ChoiceCritic {
  private readonly weights: Float64Array;

  constructor(readonly dim = CHOICE_CRITIC_DIM) {
    if (!Number.isInteger(dim) || dim < 1)
      throw new InvalidConfigError({ field: 'dim', message: `critic dim is ${dim}; set an integer ≥ 1` });
    this.weights = new Float64Array(dim);
  }

  features(state: ChoiceState): number[] {
    return choiceStateFeatureNames(state).map((name) => hashFeature(name, this.dim));
  }

  value(features: readonly number[]): number {
    let sum = 0;
    for (const index of features) sum += this.weights[index] as number;
    return sum;
  }

  /**
   * One pass of normalised LMS over (state features, target) pairs: each moves V(s) a share `rate` of the way to
   * its target. Returns the mean squared error before the pass.
   */
  fit(samples: readonly { features: readonly number[]; target: number }[], rate: number): number {
    let squared = 0;
    for (const { features, target } of samples) {
      if (features.length === 0) continue;
      const error = target - this.value(features);
      squared += error * error;
      const step = (rate * error) / features.length;
      for (const index of features) this.weights[index] = (this.weights[index] as number) + step;
    }
    return samples.length > 0 ? squared / samples.length : 0;
  }

  toJSON(): ChoiceCriticJson {
    const weights: [number, number][] = [];
    this.weights.forEach((value, index) => {
      if (value !== 0) weights.push([index, value]);
    });
    return { version: 1, dim: this.dim, weights };
  }

  static fromJSON(json: ChoiceCriticJson): ChoiceCritic {
    if (json.version !== 1)
      throw new InvalidConfigError({ field: 'critic', message: `critic version ${json.version}; this reads 1` });
    const critic = new ChoiceCritic(json.dim);
    for (const [index, value] of json.weights) {
      if (!Number.isInteger(index) || index < 0 || index >= json.dim)
        throw new InvalidConfigError({ field: 'critic', message: `critic index ${index} outside 0..${json.dim - 1}` });
      critic.weights[index] = value;
    }
    return critic;
  }
}
