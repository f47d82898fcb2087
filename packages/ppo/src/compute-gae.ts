/**
 * Generalised advantage estimation over the positions where `mask` is 1, skipping the others entirely
 * (spec §6.1; §6.7 b: user-token positions are not steps of the recursion). With next = the next masked position:
 *
 *   δ_t = r_t + γ·V_next − V_t   (V after the last masked position = 0)
 *   A_t = δ_t + γ·λ·A_next
 *   R_t = A_t + V_t              (value target)
 *
 * Unmasked positions get A = R = 0; rewards there are ignored (packing puts rewards on masked positions).
 */
export function computeGae(options: {
  rewards: readonly number[];
  values: readonly number[];
  mask: readonly number[];
  gamma: number;
  lambda: number;
}): { advantages: number[]; returns: number[] } {
  const length = options.mask.length;
  const advantages = new Array<number>(length).fill(0);
  const returns = new Array<number>(length).fill(0);
  let nextValue = 0;
  let nextAdvantage = 0;
  for (let position = length - 1; position >= 0; position -= 1) {
    if (options.mask[position] !== 1) continue;
    const value = options.values[position] ?? 0;
    const delta = (options.rewards[position] ?? 0) + options.gamma * nextValue - value;
    const advantage = delta + options.gamma * options.lambda * nextAdvantage;
    advantages[position] = advantage;
    returns[position] = advantage + value;
    nextValue = value;
    nextAdvantage = advantage;
  }
  return { advantages, returns };
}

/**
 * Mask of the GAE recursion for one sample: the loss mask (`policy-tokens`), or every position from the first
 * policy token to the end (`all-tokens`, reference parity: reward flows back through user tokens).
 */
export function buildGaeMask(lossMask: readonly number[], gaePositions: 'policy-tokens' | 'all-tokens'): number[] {
  if (gaePositions === 'policy-tokens') return [...lossMask];
  const first = lossMask.indexOf(1);
  return lossMask.map((_, position) => (first !== -1 && position >= first ? 1 : 0));
}
