import { initTfBackend } from '@rlver/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { runBehaviourCase, SHRUNK_EMBEDDED_RUN } from './behaviour-cases';

beforeAll(async () => {
  await initTfBackend({ log: () => {} });
});

describe('rlver-train --algo rloo (the third algorithm, registered by one line)', () => {
  it('should train the embedded policy against the offline user through the app, with the preset defaults', async () => {
    const steps = await runBehaviourCase({
      name: 'rloo',
      overrides: { ...SHRUNK_EMBEDDED_RUN, algo: 'rloo' },
    });
    expect(steps).toHaveLength(2);
    for (const metrics of steps) {
      // Turn-level groups of the embedded preset: 1 dialogue × 2 turns, 4 branches per turn.
      expect(metrics['rloo/group_size_mean']).toBe(4);
      expect(metrics['rloo/skipped_updates']).toBe(0);
      // A step updates with a finite loss, or dynamic sampling dropped every group (its four replies moved the
      // user alike) and the step says it skipped: never a NaN update.
      if (metrics['train/update_skipped'] === 1) expect(metrics['rloo/dropped_group_fraction']).toBe(1);
      else expect(Number.isFinite(metrics['rloo/policy_loss'])).toBe(true);
    }
    expect(steps.filter((metrics) => Number.isFinite(metrics['rloo/policy_loss'])).length).toBeGreaterThan(0);
    // The embedded preset's shared learning rate (2.5e-4, cosine) reaches RLOO with no line of its own.
    expect(steps[0]?.['rloo/learning_rate']).toBeCloseTo(2.5e-4, 12);
    expect(steps.some((metrics) => (metrics['rloo/grad_norm'] ?? 0) > 0)).toBe(true);
  }, 180_000);
});
