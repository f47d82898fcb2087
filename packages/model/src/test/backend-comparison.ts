/** Shared by the tests that compare two backends' numbers (native against wasm, webgpu against cpu). */

/** Largest absolute difference over the largest magnitude of `left` (at least 1e-6). */
export function relativeDifference(left: Float32Array, right: Float32Array): number {
  let difference = 0;
  let scale = 1e-6;
  for (const [index, value] of left.entries()) {
    difference = Math.max(difference, Math.abs(value - (right[index] as number)));
    scale = Math.max(scale, Math.abs(value));
  }
  return difference / scale;
}

/** A padded batch of three rows of different lengths (ids below 300), with a repeated id. */
export const COMPARISON_ROWS: number[][] = [
  [5, 17, 250, 3, 88, 41, 9, 120, 7],
  [2, 64, 33, 199],
  [12, 12, 12, 280, 45, 6],
];
