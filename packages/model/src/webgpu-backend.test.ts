import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as tf from '@tensorflow/tfjs-core';
import { afterEach, describe, expect, it } from 'vitest';
import { backendFromEnvironment, initTfBackend } from './tf-backend';
import {
  describeAdapter,
  isSoftwareAdapter,
  loadWebGpuBackend,
  readableSynchronously,
  type WebGpuAdapterInfo,
  webGpuModuleSpecifier,
} from './webgpu-backend';

/** What Dawn reported on the lent H100 (2026-11-26). */
const H100: WebGpuAdapterInfo = {
  vendor: 'nvidia',
  architecture: '',
  device: 'nvidia-h100-80gb-hbm3',
  description: 'NVIDIA: 580.159.04 580.159.4.0',
};
const LAVAPIPE: WebGpuAdapterInfo = {
  vendor: 'mesa',
  architecture: 'software',
  device: 'llvmpipe-llvm-15-0-6-256-bits-',
  description: 'llvmpipe: Mesa 25.0.7 (LLVM 15.0.6)',
};

describe('adapter description', () => {
  it('should tell a GPU from a software rasteriser', () => {
    expect(isSoftwareAdapter(H100)).toBe(false);
    expect(isSoftwareAdapter(LAVAPIPE)).toBe(true);
    expect(isSoftwareAdapter({ ...H100, description: 'SwiftShader Device (Subzero)', vendor: 'google' })).toBe(true);
  });

  it('should name the adapter, its vendor and architecture in one clause', () => {
    expect(describeAdapter(H100)).toBe(
      '"nvidia-h100-80gb-hbm3" (NVIDIA: 580.159.04 580.159.4.0; vendor nvidia, architecture ?)',
    );
    expect(describeAdapter(LAVAPIPE)).toMatch(
      /^"llvmpipe-llvm-15-0-6-256-bits-" \(llvmpipe: Mesa .*; vendor mesa, architecture software, software rasteriser, not a GPU\)$/,
    );
    expect(describeAdapter({ vendor: '', architecture: '', device: '', description: '' })).toBe(
      '"unnamed adapter" (vendor ?, architecture ?)',
    );
  });
});

describe('RLVER_TF_BACKEND=webgpu', () => {
  it('should be accepted by name, and unknown names rejected with the list', () => {
    expect(backendFromEnvironment('WebGPU')).toBe('webgpu');
    expect(() => backendFromEnvironment('vulkan')).toThrow(/RLVER_TF_BACKEND.*vulkan.*tensorflow, webgpu, wasm, cpu/);
  });
});

describe('webGpuModuleSpecifier', () => {
  it('should keep the bare name without a folder and resolve the entry file inside one', () => {
    expect(webGpuModuleSpecifier('webgpu', undefined)).toBe('webgpu');
    expect(webGpuModuleSpecifier('webgpu', '  ')).toBe('webgpu');
    const folder = mkdtempSync(join(tmpdir(), 'rlver-webgpu-'));
    mkdirSync(join(folder, 'node_modules', 'fake-dawn'), { recursive: true });
    writeFileSync(join(folder, 'node_modules', 'fake-dawn', 'package.json'), '{"name":"fake-dawn","main":"entry.js"}');
    writeFileSync(join(folder, 'node_modules', 'fake-dawn', 'entry.js'), '');
    expect(webGpuModuleSpecifier('fake-dawn', join(folder, 'node_modules'))).toBe(
      pathToFileURL(join(folder, 'node_modules', 'fake-dawn', 'entry.js')).href,
    );
  });
});

describe('loading without the packages', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('should report what is missing and how to add it, without changing the backend', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'rlver-webgpu-empty-'));
    const before = tf.getBackend();
    const attempt = await loadWebGpuBackend({ RLVER_WEBGPU_MODULES: empty });
    expect(attempt.ready).toBe(false);
    expect(attempt.detail).toContain(`package webgpu: not found under RLVER_WEBGPU_MODULES=${empty}`);
    expect(attempt.detail).toContain('npm install webgpu@0.6.2 @tensorflow/tfjs-backend-webgpu@4.22.0');
    expect(tf.getBackend()).toBe(before);
  });

  it('should fail a forced RLVER_TF_BACKEND=webgpu with the reason and the README section', async () => {
    process.env.RLVER_TF_BACKEND = 'webgpu';
    process.env.RLVER_WEBGPU_MODULES = mkdtempSync(join(tmpdir(), 'rlver-webgpu-empty-'));
    await expect(initTfBackend({ log: () => {} })).rejects.toThrow(
      /RLVER_TF_BACKEND=webgpu but that backend failed to load \(package webgpu: not found under RLVER_WEBGPU_MODULES=.*\); see packages\/model\/README.md \("GPU through WebGPU"\)/,
    );
  });

  it('should not pick webgpu automatically', async () => {
    delete process.env.RLVER_TF_BACKEND;
    const lines: string[] = [];
    const chosen = await initTfBackend({ log: (line) => lines.push(line) });
    expect(chosen).not.toBe('webgpu');
    expect(lines[0]).not.toMatch(/webgpu/);
  });
});

describe('readableSynchronously', () => {
  it('should allow synchronous reads off WebGPU', () => {
    const tensor = tf.tensor1d([1, 2, 3]);
    expect(tf.getBackend()).not.toBe('webgpu');
    expect(readableSynchronously(tensor)).toBe(true);
    tensor.dispose();
  });
});
