import * as tf from '@tensorflow/tfjs-core';
import { describe, expect, it } from 'vitest';
import { backendFromEnvironment, initTfBackend } from './tf-backend';

describe('backendFromEnvironment', () => {
  it('should accept the three backends and reject others with the variable name', () => {
    expect(backendFromEnvironment('WASM')).toBe('wasm');
    expect(backendFromEnvironment(' tensorflow ')).toBe('tensorflow');
    expect(backendFromEnvironment('')).toBeUndefined();
    expect(backendFromEnvironment(undefined)).toBeUndefined();
    expect(() => backendFromEnvironment('webgpu')).toThrow(/RLVER_TF_BACKEND.*webgpu.*tensorflow, wasm, cpu/);
  });
});

describe('initTfBackend', () => {
  it('should pick a backend once, log one line, and return the same backend later', async () => {
    const lines: string[] = [];
    const first = await initTfBackend({ preferred: 'cpu', log: (line) => lines.push(line) });
    const second = await initTfBackend({ preferred: 'wasm', log: (line) => lines.push(line) });
    expect(second).toBe(first);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(first);
    expect(tf.getBackend()).toBe(first === 'tensorflow' ? 'tensorflow' : first);
  });
});
