/**
 * The live fields of the training progress line after a step: the dialogue reward, the final emotion and the share
 * of degenerate replies, e.g. `reward 0.31 · emotion 31.20 · degenerate 12%`.
 */
export function stepProgressFields(metrics: Readonly<Record<string, number>>): Record<string, string | number> {
  return {
    reward: metrics['rollout/reward_mean'] ?? 0,
    emotion: metrics['rollout/emotion_final'] ?? 0,
    degenerate: `${Math.round((metrics['monitor/degenerate_fraction'] ?? 0) * 100)}%`,
  };
}
