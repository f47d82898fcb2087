import { type FusedDecodeWeights, fusedDecodeWeights } from './fused-decode-weights';
import type { TransformerModel } from './transformer-model';

/**
 * The weights version of a model: the data id of every variable (LoRA adapters included), in order. tfjs gives a
 * variable a new data id on every `assign` (an optimiser step, a checkpoint load, `mergeLora`), and enabling or
 * dropping adapters changes the list, so an equal version means the same weights. Holding the ids keeps them
 * from being reused by later tensors.
 */
function weightsVersion(model: TransformerModel): readonly object[] {
  return [...model.namedVariables().values()].map((variable) => (variable as unknown as { dataId: object }).dataId);
}

function sameVersion(left: readonly object[], right: readonly object[]): boolean {
  return left.length === right.length && left.every((id, index) => id === right[index]);
}

interface CacheEntry {
  version: readonly object[];
  /** Undefined when the model does not take the fused step: remembered, so that it is not asked again. */
  weights: FusedDecodeWeights | undefined;
  /** `generate` calls using these weights now. */
  users: number;
  /** Replaced or released: disposed once the last user is done. */
  stale: boolean;
}

const entries = new WeakMap<TransformerModel, CacheEntry>();

function retire(entry: CacheEntry): void {
  entry.stale = true;
  if (entry.users === 0) entry.weights?.dispose();
}

/** A `generate` call's hold on the fused decode weights: `release` when the call ends. */
export interface FusedDecodeLease {
  weights: FusedDecodeWeights;
  release(): void;
}

/**
 * The fused decode weights of `model`'s current variables, rebuilt only when its weights version changed since the
 * last build (a rollout batch after an optimiser step rebuilds once; generate calls between updates reuse them).
 * Undefined when the model does not take the fused step; that answer is remembered per weights version too. Weights
 * replaced while a call still uses them are disposed when that call releases them. `build` is for tests.
 */
export async function acquireFusedDecodeWeights(
  model: TransformerModel,
  build: (model: TransformerModel) => Promise<FusedDecodeWeights | undefined> = fusedDecodeWeights,
): Promise<FusedDecodeLease | undefined> {
  // The version is taken before the build: weights that change during it make the next call rebuild.
  const version = weightsVersion(model);
  let entry = entries.get(model);
  if (!entry || entry.stale || !sameVersion(entry.version, version)) {
    if (entry && !entry.stale) retire(entry);
    entries.delete(model);
    entry = { version, weights: await build(model), users: 0, stale: false };
    entries.set(model, entry);
  }
  const held = entry;
  const { weights } = held;
  if (!weights) return undefined;
  held.users += 1;
  let released = false;
  return {
    weights,
    release: () => {
      if (released) return;
      released = true;
      held.users -= 1;
      // Stale, or overwritten by a concurrent first build of the same model.
      if (entries.get(model) !== held) held.stale = true;
      if (held.stale && held.users === 0) weights.dispose();
    },
  };
}

/** Drop `model`'s cached fused weights (on `dispose`): freed now, or when the calls using them end. */
export function releaseFusedDecodeWeights(model: TransformerModel): void {
  const entry = entries.get(model);
  entries.delete(model);
  if (entry && !entry.stale) retire(entry);
}
