import { describe, expect, it } from 'vitest';
import { InvalidConfigError } from './invalid-config-error';
import { InvalidLLMOutputError } from './invalid-llm-output-error';
import { LLMCallError } from './llm-call-error';
import { RlverError } from './rlver-error';

describe('RlverError.isInstance', () => {
  it('should tell the classes apart: every RLVER error is an RlverError, an LLMCallError is no InvalidConfigError', () => {
    const call = new LLMCallError({ message: 'HTTP 500', isRetryable: true });
    expect(RlverError.isInstance(call)).toBe(true);
    expect(LLMCallError.isInstance(call)).toBe(true);
    expect(InvalidConfigError.isInstance(call)).toBe(false);
    expect(InvalidLLMOutputError.isInstance(call)).toBe(false);
    expect(RlverError.isInstance(new Error('plain'))).toBe(false);
  });

  it('should match an error of a second install of the package by its marker and name', () => {
    const foreign = Object.assign(new Error('from another copy'), { name: 'RLVER_InvalidConfigError' });
    Object.defineProperty(foreign, Symbol.for('rlver.error'), { value: true });
    expect(InvalidConfigError.isInstance(foreign)).toBe(true);
    expect(LLMCallError.isInstance(foreign)).toBe(false);
  });
});
