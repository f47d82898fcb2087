import * as tf from '@tensorflow/tfjs-core';
import { describe, expect, it } from 'vitest';
import { backendFromEnvironment, configureNativeThreads, initTfBackend } from './tf-backend';

describe('backendFromEnvironment', () => {
  it('should accept the four backends and reject others with the variable name', () => {
    expect(backendFromEnvironment('WASM')).toBe('wasm');
    expect(backendFromEnvironment(' tensorflow ')).toBe('tensorflow');
    expect(backendFromEnvironment('Native')).toBe('tensorflow');
    expect(backendFromEnvironment('')).toBeUndefined();
    expect(backendFromEnvironment(undefined)).toBeUndefined();
    expect(backendFromEnvironment('webgpu')).toBe('webgpu');
    expect(() => backendFromEnvironment('metal')).toThrow(/RLVER_TF_BACKEND.*metal.*tensorflow, webgpu, wasm, cpu/);
  });
});

describe('configureNativeThreads', () => {
  it('should use every core within an op and one inter-op thread on two cores', () => {
    const environment: NodeJS.ProcessEnv = {};
    expect(configureNativeThreads(environment, 2)).toEqual({ intraOp: 2, interOp: 1 });
    expect(environment.TF_NUM_INTRAOP_THREADS).toBe('2');
    expect(environment.TF_NUM_INTEROP_THREADS).toBe('1');
    expect(configureNativeThreads({}, 16)).toEqual({ intraOp: 16, interOp: 2 });
  });

  it('should leave thread counts already set in the environment alone', () => {
    const environment: NodeJS.ProcessEnv = { TF_NUM_INTRAOP_THREADS: '1' };
    expect(configureNativeThreads(environment, 8)).toEqual({ intraOp: 1, interOp: 2 });
  });
});

describe('initTfBackend', () => {
  it('should pick a backend once, log one line, and return the same backend later', async () => {
    const lines: string[] = [];
    const first = await initTfBackend({ preferred: 'cpu', log: (line) => lines.push(line) });
    const second = await initTfBackend({ preferred: 'wasm', log: (line) => lines.push(line) });
    expect(second).toBe(first);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^\\[rlver\\] tfjs backend: ${first} \\(`));
    expect(tf.getBackend()).toBe(first === 'tensorflow' ? 'tensorflow' : first);
  });
});
