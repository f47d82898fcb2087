import { describe, expect, it } from 'vitest';
import { boundedMemo } from './bounded-memo';

describe('boundedMemo', () => {
  it('should compute a key once while it is held, and start over empty when full', () => {
    const memo = boundedMemo<number>(2);
    let calls = 0;
    const square = (key: string) =>
      memo(key, () => {
        calls += 1;
        return Number(key) ** 2;
      });
    expect([square('2'), square('2'), square('3')]).toEqual([4, 4, 9]);
    expect(calls).toBe(2);
    // Full: a third key empties the memo, so '2' is computed again.
    expect(square('4')).toBe(16);
    expect(square('2')).toBe(4);
    expect(calls).toBe(4);
  });
});
