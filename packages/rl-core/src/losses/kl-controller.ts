/**
 * KL coefficient β for KL-in-reward. `fixed` keeps β; `adaptive` is the proportional controller of Ziegler et al.
 * (2019), as in verl `AdaptiveKLController`: e = clip(KL / target − 1, −0.2, 0.2), β ← β · (1 + e · n / horizon).
 */
export interface KlControllerSettings {
  kind: 'fixed' | 'adaptive';
  initialCoefficient: number;
  /** Target KL per sequence (adaptive only). */
  targetKl: number;
  /** Samples over which β may change by ±20 % (adaptive only). */
  horizon: number;
}

export interface KlController {
  readonly coefficient: number;
  /** Feed the observed mean KL of a batch of `sampleCount` samples. */
  update(observedKl: number, sampleCount: number): void;
  /** Restore β from a saved state. */
  setCoefficient(coefficient: number): void;
}

export function createKlController(settings: KlControllerSettings): KlController {
  let coefficient = settings.initialCoefficient;
  return {
    get coefficient() {
      return coefficient;
    },
    update(observedKl, sampleCount) {
      if (settings.kind === 'fixed' || !Number.isFinite(observedKl)) return;
      const proportionalError = Math.min(Math.max(observedKl / settings.targetKl - 1, -0.2), 0.2);
      coefficient *= 1 + (proportionalError * sampleCount) / settings.horizon;
    },
    setCoefficient(value) {
      coefficient = value;
    },
  };
}
