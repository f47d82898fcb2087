/**
 * The choice layer: a policy over a state's finite list of candidate replies,
 *   π_w(c | s) = softmax_c [ ℓ(c | s) + w · φ(s, c) ],
 * where ℓ is the language model's log-probability of the candidate at the sampling temperature (its tokens scored
 * through the decoding rules) and φ the hashed features of choice-features.ts. With w = 0 the policy is the language
 * model restricted to the candidates and renormalised. Log-probs are exact (a softmax over a finite set), so RL can
 * train w with its own objective: ∇_w log π(c) = φ(c) − E_π[φ].
 */
import { InvalidConfigError } from '@rlver/spec';
import { CHOICE_FEATURE_DIM } from './choice-features';

/** One state's candidates as the layer sees them. */
export interface ChoiceRow {
  /** ℓ(c | s) per candidate (finite). */
  lmLogProbs: readonly number[];
  /** φ(s, c) per candidate: hashed indexes. */
  features: readonly (readonly number[])[];
}

/** A sparse gradient: index → value. */
export type SparseGradient = Map<number, number>;

export interface ChoiceLayerJson {
  version: 1;
  dim: number;
  /** Non-zero weights as [index, value] pairs. */
  weights: [number, number][];
}

/** Lazy Adam's moments of the touched indexes: [index, m, v, last step]. */
export interface ChoiceOptimizerState {
  version: 1;
  dim: number;
  step: number;
  entries: [number, number, number, number][];
}

export class ChoiceLayer {
  readonly weights: Float64Array;
  private readonly m: Float64Array;
  private readonly v: Float64Array;
  private readonly lastStep: Uint32Array;
  private step = 0;

  constructor(readonly dim = CHOICE_FEATURE_DIM) {
    if (!Number.isInteger(dim) || dim < 1)
      throw new InvalidConfigError({ field: 'dim', message: `dim is ${dim}; set an integer ≥ 1` });
    this.weights = new Float64Array(dim);
    this.m = new Float64Array(dim);
    this.v = new Float64Array(dim);
    this.lastStep = new Uint32Array(dim);
  }

  /** w · φ for one candidate. */
  score(features: readonly number[]): number {
    let sum = 0;
    for (const index of features) sum += this.weights[index] as number;
    return sum;
  }

  /** log π_w(· | s) over the row's candidates. */
  logProbs(row: ChoiceRow): number[] {
    if (row.lmLogProbs.length !== row.features.length || row.lmLogProbs.length === 0) {
      throw new InvalidConfigError({
        field: 'row',
        message: `a choice row needs one feature list per candidate and at least one candidate (got ${row.lmLogProbs.length} log-probs, ${row.features.length} feature lists)`,
      });
    }
    const logits = row.lmLogProbs.map((lm, i) => lm + this.score(row.features[i] as number[]));
    const max = Math.max(...logits);
    const logSum = max + Math.log(logits.reduce((sum, x) => sum + Math.exp(x - max), 0));
    return logits.map((x) => x - logSum);
  }

  probs(row: ChoiceRow): number[] {
    return this.logProbs(row).map(Math.exp);
  }

  /**
   * Adds `scale · ∇_w log π_w(chosen | s)` = scale · (φ(chosen) − Σ π φ) into `into`; returns log π_w(chosen).
   * π and Σ π φ of a row are computed once per `into` (the weights do not move while a gradient is gathered), so the
   * samples of a group cost their own features plus the row's distinct indexes, not the whole row each.
   */
  accumulateLogProbGradient(row: ChoiceRow, chosen: number, scale: number, into: SparseGradient): number {
    const { logProbs, expected } = this.rowExpectation(row, into);
    const add = (index: number, value: number) => into.set(index, (into.get(index) ?? 0) + value);
    for (const index of row.features[chosen] as number[]) add(index, scale);
    for (const [index, e] of expected) add(index, -scale * e);
    return logProbs[chosen] as number;
  }

  private readonly expectations = new WeakMap<
    SparseGradient,
    WeakMap<ChoiceRow, { logProbs: number[]; expected: Map<number, number> }>
  >();

  /** log π over the row and Σ π φ by index, memoised for the gradient being gathered into `into`. */
  private rowExpectation(row: ChoiceRow, into: SparseGradient) {
    let rows = this.expectations.get(into);
    if (!rows) {
      rows = new WeakMap();
      this.expectations.set(into, rows);
    }
    let entry = rows.get(row);
    if (!entry) {
      const logProbs = this.logProbs(row);
      const expected = new Map<number, number>();
      logProbs.forEach((lp, i) => {
        const p = Math.exp(lp);
        if (p < 1e-12) return;
        for (const index of row.features[i] as number[]) expected.set(index, (expected.get(index) ?? 0) + p);
      });
      entry = { logProbs, expected };
      rows.set(row, entry);
    }
    return entry;
  }

  /** One lazy-Adam ascent step along `gradient` (the weights move to raise the objective). */
  ascend(gradient: SparseGradient, learningRate: number, beta1 = 0.9, beta2 = 0.999, epsilon = 1e-8): void {
    this.step += 1;
    const t = this.step;
    for (const [index, g] of gradient) {
      // Decay the moments over the steps this index was not touched (lazy Adam).
      const skipped = t - 1 - (this.lastStep[index] as number);
      const m = (this.m[index] as number) * beta1 ** skipped * beta1 + (1 - beta1) * g;
      const v = (this.v[index] as number) * beta2 ** skipped * beta2 + (1 - beta2) * g * g;
      this.m[index] = m;
      this.v[index] = v;
      this.lastStep[index] = t;
      const mHat = m / (1 - beta1 ** t);
      const vHat = v / (1 - beta2 ** t);
      this.weights[index] = (this.weights[index] as number) + (learningRate * mHat) / (Math.sqrt(vHat) + epsilon);
    }
  }

  /** Adam's state (sparse moments, step counter): what a resumed run needs to continue with equal weights. */
  optimizerState(): ChoiceOptimizerState {
    const entries: [number, number, number, number][] = [];
    this.lastStep.forEach((last, index) => {
      if (last > 0) entries.push([index, this.m[index] as number, this.v[index] as number, last]);
    });
    return { version: 1, dim: this.dim, step: this.step, entries };
  }

  /** Restores `optimizerState()`; the weights come from `fromJSON`. */
  loadOptimizerState(state: ChoiceOptimizerState): void {
    if (state.version !== 1 || state.dim !== this.dim)
      throw new InvalidConfigError({
        field: 'optimizerState',
        message: `choice optimizer state version ${state.version}, dim ${state.dim}; this layer reads version 1 with dim ${this.dim}`,
      });
    this.m.fill(0);
    this.v.fill(0);
    this.lastStep.fill(0);
    for (const [index, m, v, last] of state.entries) {
      if (!Number.isInteger(index) || index < 0 || index >= this.dim)
        throw new InvalidConfigError({ field: 'entries', message: `moment index ${index} outside 0..${this.dim - 1}` });
      this.m[index] = m;
      this.v[index] = v;
      this.lastStep[index] = last;
    }
    this.step = state.step;
  }

  toJSON(): ChoiceLayerJson {
    const weights: [number, number][] = [];
    this.weights.forEach((value, index) => {
      if (value !== 0) weights.push([index, value]);
    });
    return { version: 1, dim: this.dim, weights };
  }

  static fromJSON(json: ChoiceLayerJson): ChoiceLayer {
    if (json.version !== 1)
      throw new InvalidConfigError({
        field: 'version',
        message: `choice layer version ${json.version}; this code reads version 1`,
      });
    const layer = new ChoiceLayer(json.dim);
    for (const [index, value] of json.weights) {
      if (!Number.isInteger(index) || index < 0 || index >= json.dim)
        throw new InvalidConfigError({ field: 'weights', message: `weight index ${index} outside 0..${json.dim - 1}` });
      layer.weights[index] = value;
    }
    return layer;
  }
}
