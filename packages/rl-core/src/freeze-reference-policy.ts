import type { TrainableLanguageModel } from '@rlver/spec';

/** Freeze the reference policy (house style §9) without touching variables it shares with the trained policy. */
export function freezeReferencePolicy(
  reference: TrainableLanguageModel | undefined,
  policy: TrainableLanguageModel,
): void {
  if (!reference) return;
  const trained = new Set([...policy.policyVariables(), ...policy.valueVariables()]);
  for (const variable of [...reference.policyVariables(), ...reference.valueVariables()]) {
    if (!trained.has(variable)) variable.trainable = false;
  }
}
