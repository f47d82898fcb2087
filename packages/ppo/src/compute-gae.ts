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

/** Positions of the GAE recursion: every policy token, every position after the first one, or one per turn. */
export type GaePositions = 'policy-tokens' | 'all-tokens' | 'turns';

/** First position of each run of policy tokens: where the context before a reply ends. */
export function turnStartMask(lossMask: readonly number[]): number[] {
  return lossMask.map((flag, position) => (flag === 1 && lossMask[position - 1] !== 1 ? 1 : 0));
}

/**
 * Mask of the GAE recursion (the critic's positions) for one sample: the loss mask (`policy-tokens`), every
 * position from the first policy token to the end (`all-tokens`, reference parity: reward flows back through
 * user tokens), or the first position of each policy turn (`turns`: V of the context before each reply).
 */
export function buildGaeMask(lossMask: readonly number[], gaePositions: GaePositions): number[] {
  if (gaePositions === 'policy-tokens') return [...lossMask];
  if (gaePositions === 'turns') return turnStartMask(lossMask);
  const first = lossMask.indexOf(1);
  return lossMask.map((_, position) => (first !== -1 && position >= first ? 1 : 0));
}

/**
 * Turn-level GAE: each policy turn is one step of the recursion, valued at its first position (the context
 * before the reply, the same for every reply sampled from that context). A turn's reward is the sum of the
 * rewards on its tokens (terminal reward, per-token KL penalties), and its advantage applies to all its tokens:
 *
 *   δ_k = r_k + γ·V_{k+1} − V_k,   A_k = δ_k + γ·λ·A_{k+1},   R_k = A_k + V_k (target at the turn's start)
 */
export function computeTurnGae(options: {
  rewards: readonly number[];
  values: readonly number[];
  lossMask: readonly number[];
  gamma: number;
  lambda: number;
}): { advantages: number[]; returns: number[] } {
  const length = options.lossMask.length;
  const turns: Array<{ start: number; end: number }> = [];
  options.lossMask.forEach((flag, position) => {
    if (flag !== 1) return;
    const last = turns[turns.length - 1];
    if (last && last.end === position - 1) last.end = position;
    else turns.push({ start: position, end: position });
  });
  const advantages = new Array<number>(length).fill(0);
  const returns = new Array<number>(length).fill(0);
  let nextValue = 0;
  let nextAdvantage = 0;
  for (let index = turns.length - 1; index >= 0; index -= 1) {
    const { start, end } = turns[index] as { start: number; end: number };
    let reward = 0;
    for (let position = start; position <= end; position += 1) reward += options.rewards[position] ?? 0;
    const value = options.values[start] ?? 0;
    const advantage = reward + options.gamma * nextValue - value + options.gamma * options.lambda * nextAdvantage;
    for (let position = start; position <= end; position += 1) advantages[position] = advantage;
    returns[start] = advantage + value;
    nextValue = value;
    nextAdvantage = advantage;
  }
  return { advantages, returns };
}
