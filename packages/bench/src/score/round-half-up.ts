/**
 * Mean of integers rounded half-up to `decimals` places, computed exactly from the integer sum
 * (spec §7.1): `roundMeanHalfUp(3755, 100)` = 37.6, `roundMeanHalfUp(2895, 100)` = 29.0. "Half-up" rounds
 * ties toward +∞ (as `Math.round`), also for negative sums. Non-integer inputs fall back to a float mean
 * rounded with a relative epsilon, since they have no exact integer sum.
 */
export function roundMeanHalfUp(sum: number, count: number, decimals = 1): number {
  if (!Number.isInteger(count) || count <= 0) throw new RangeError(`count must be a positive integer, got ${count}`);
  if (!Number.isInteger(decimals) || decimals < 0) throw new RangeError(`decimals must be ≥ 0, got ${decimals}`);
  const scale = 10 ** decimals;
  if (!Number.isSafeInteger(sum)) {
    const scaled = (sum / count) * scale;
    return Math.floor(scaled + 0.5 + Math.abs(scaled) * Number.EPSILON * 4) / scale;
  }
  // floor((sum·scale)/count + 1/2) = floor((2·sum·scale + count) / (2·count)), in exact integer arithmetic.
  const numerator = 2n * BigInt(sum) * BigInt(scale) + BigInt(count);
  const denominator = 2n * BigInt(count);
  let quotient = numerator / denominator; // BigInt division truncates toward zero
  if (numerator % denominator !== 0n && numerator < 0n) quotient -= 1n;
  return Number(quotient) / scale;
}
