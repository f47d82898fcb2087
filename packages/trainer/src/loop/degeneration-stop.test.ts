import { describe, expect, it } from 'vitest';
import { checkDegeneration } from './degeneration-stop';

describe('checkDegeneration', () => {
  const setting = { window: 3, maxRise: 0.1 };

  it('should stop when the recent degenerate share rose more than maxRise over the first steps', () => {
    const verdict = checkDegeneration([0.05, 0.05, 0.05, 0.1, 0.2, 0.25], setting);
    expect(verdict?.baseline).toBeCloseTo(0.05);
    expect(verdict?.recent).toBeCloseTo(0.1833, 3);
  });

  it('should let a run go on while the share stays within maxRise, falls, or too few steps ran', () => {
    expect(checkDegeneration([0.05, 0.05, 0.05, 0.1, 0.1, 0.15], setting)).toBeUndefined();
    expect(checkDegeneration([0.3, 0.3, 0.3, 0.1, 0.1, 0.1], setting)).toBeUndefined();
    expect(checkDegeneration([0, 0, 0, 0.9, 0.9], setting)).toBeUndefined();
  });
});
