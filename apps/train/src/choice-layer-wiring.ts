/**
 * The choice layer inside `rlver-train` (config `choiceLayer`, preset `embedded-choice`): every policy the run
 * builds (training, the before/after benchmark, resume) is the frozen base policy with the layer in front, its
 * weights read from `choice-layer.json` in the folder the policy came from (none: w = 0, the uniform or the model's
 * own choice among the rule's candidates).
 */
import {
  attachChoiceLayer,
  ChoiceLayer,
  ChoiceStateLog,
  initThinkLayer,
  loadChoiceLayerFile,
  type TfjsDialoguePolicy,
} from '@rlver/policy';
import type { TrainConfig } from '@rlver/trainer';

/** What the run's algorithm and checkpoint writer need of a policy built with the choice layer. */
export interface ChoiceParts {
  layer: ChoiceLayer;
  log: ChoiceStateLog;
  prior: 'lm' | 'uniform';
  /** Think turns: a plan, then a reply (choice-think.ts). */
  think: boolean;
}

const partsOf = new WeakMap<TfjsDialoguePolicy, ChoiceParts>();

/** The layer and state log of a policy `withChoiceLayer` built; undefined for any other policy. */
export function choicePartsOf(policy: TfjsDialoguePolicy): ChoiceParts | undefined {
  return partsOf.get(policy);
}

/** `base` with the run's choice layer in front (loaded from `folder`'s choice-layer.json if it has one); `base` itself when the run has none. */
export function withChoiceLayer(
  config: Pick<TrainConfig, 'choiceLayer' | 'sampling' | 'seed' | 'think'>,
  base: TfjsDialoguePolicy,
  folder: string | undefined,
): TfjsDialoguePolicy {
  if (!config.choiceLayer) return base;
  const saved = folder ? loadChoiceLayerFile(folder) : undefined;
  // A think run starts with the plan-following weight at its prior (a saved layer brings its own).
  const parts: ChoiceParts = {
    layer: saved?.layer ?? (config.think ? initThinkLayer(new ChoiceLayer()) : new ChoiceLayer()),
    log: new ChoiceStateLog(),
    prior: config.choiceLayer.prior,
    think: config.think,
  };
  const policy = attachChoiceLayer(base, {
    layer: parts.layer,
    prior: parts.prior,
    sampling: { temperature: config.sampling.temperature, maxNewTokens: config.sampling.maxNewTokens },
    seed: config.seed,
    log: parts.log,
    think: config.think,
  });
  partsOf.set(policy, parts);
  return policy;
}
