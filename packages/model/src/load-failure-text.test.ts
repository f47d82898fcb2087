import { describe, expect, it } from 'vitest';
import { firstLineOf, isModuleNotFound } from './load-failure-text';

describe('load failure text', () => {
  it('should tell a missing package from other load errors', () => {
    expect(isModuleNotFound(new Error("Cannot find module 'webgpu'"))).toBe(true);
    expect(isModuleNotFound(new Error("Cannot find package 'x' imported from /a.mjs"))).toBe(true);
    expect(isModuleNotFound(Object.assign(new Error('resolve failed'), { code: 'MODULE_NOT_FOUND' }))).toBe(true);
    expect(isModuleNotFound(new Error('libtensorflow.so.2: cannot open shared object file'))).toBe(false);
    expect(isModuleNotFound(null)).toBe(false);
  });

  it('should keep the first line and cut it to the given length', () => {
    expect(firstLineOf(new Error('first\nsecond'), 50)).toBe('first');
    const cut = firstLineOf('x'.repeat(200), 20);
    expect(cut).toHaveLength(20);
    expect(cut.endsWith('...')).toBe(true);
    expect(firstLineOf('short', 20)).toBe('short');
  });
});
