import { describe, expect, it } from 'vitest';
import { createKlController } from './kl-controller';

describe('createKlController', () => {
  it('should keep a fixed coefficient', () => {
    const controller = createKlController({ kind: 'fixed', initialCoefficient: 0.05, targetKl: 0.1, horizon: 100 });
    controller.update(5, 32);
    expect(controller.coefficient).toBe(0.05);
  });

  it('should raise β when KL is above target and lower it when below, by the proportional rule', () => {
    const controller = createKlController({ kind: 'adaptive', initialCoefficient: 0.1, targetKl: 0.1, horizon: 1000 });
    controller.update(0.5, 100); // error clipped to 0.2 → β·(1 + 0.2·100/1000) = 0.1·1.02
    expect(controller.coefficient).toBeCloseTo(0.102, 10);
    controller.update(0.09, 100); // error −0.1 → ·0.99
    expect(controller.coefficient).toBeCloseTo(0.102 * 0.99, 10);
    controller.setCoefficient(0.3);
    expect(controller.coefficient).toBe(0.3);
  });
});
