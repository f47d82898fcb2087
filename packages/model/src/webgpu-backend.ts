import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as tf from '@tensorflow/tfjs-core';
import { firstLineOf, isModuleNotFound } from './load-failure-text';

/**
 * The WebGPU backend in Node: `@tensorflow/tfjs-backend-webgpu` (4.22, tfjs's own) on the npm package
 * `webgpu` (Google's Dawn for Node, which drives Vulkan on Linux). Neither package is a dependency of the
 * project (`webgpu` is a 51 MB download for every platform at once); `RLVER_TF_BACKEND=webgpu` loads them
 * when they were added (`pnpm --filter @rlver/model add webgpu@0.6.2 @tensorflow/tfjs-backend-webgpu@4.22.0`)
 * or from the folder `RLVER_WEBGPU_MODULES` names (a `node_modules` folder where both are installed).
 * See docs/decisions/2026-11-26-webgpu-backend.md.
 */

/** The two packages, by the names `import()` resolves. */
export const WEBGPU_PACKAGES = ['webgpu', '@tensorflow/tfjs-backend-webgpu'] as const;

/** What Dawn reports of the adapter it picked (WebGPU's `GPUAdapterInfo`). */
export interface WebGpuAdapterInfo {
  vendor: string;
  architecture: string;
  device: string;
  description: string;
}

/**
 * Whether an adapter is a CPU rasteriser rather than a GPU: Mesa's lavapipe ("llvmpipe"), SwiftShader, or
 * anything reporting the "software"/"cpu" architecture. Such an adapter runs the backend's numerics, never its
 * speed.
 */
export function isSoftwareAdapter(info: WebGpuAdapterInfo): boolean {
  const text = `${info.vendor} ${info.architecture} ${info.device} ${info.description}`.toLowerCase();
  return /llvmpipe|lavapipe|swiftshader|\bsoftware\b|\bcpu\b/.test(text);
}

/**
 * The adapter in the start-up line, device first (Dawn on NVIDIA puts the driver version in `description`):
 * `"nvidia-h100-80gb-hbm3" (NVIDIA: 580.159.04 580.159.4.0; vendor nvidia, architecture ?)`.
 */
export function describeAdapter(info: WebGpuAdapterInfo): string {
  const name = info.device || info.description || 'unnamed adapter';
  const parts = [`vendor ${info.vendor || '?'}`, `architecture ${info.architecture || '?'}`];
  if (info.description && info.description !== name) parts[0] = `${info.description}; ${parts[0]}`;
  if (isSoftwareAdapter(info)) parts.push('software rasteriser, not a GPU');
  return `"${name}" (${parts.join(', ')})`;
}

/**
 * Where to import a package from: the plain name (resolved from `@rlver/model`), or its entry file inside
 * `modulesFolder` (`RLVER_WEBGPU_MODULES`) as a file URL.
 */
export function webGpuModuleSpecifier(name: string, modulesFolder: string | undefined): string {
  if (modulesFolder === undefined || modulesFolder.trim() === '') return name;
  const requireFromFolder = createRequire(join(modulesFolder.trim(), 'noop.js'));
  return pathToFileURL(requireFromFolder.resolve(name)).href;
}

interface DawnModule {
  create(options: string[]): GpuLike;
  globals: Record<string, unknown>;
}
interface GpuLike {
  requestAdapter(options?: { powerPreference?: string }): Promise<{ info?: Partial<WebGpuAdapterInfo> } | null>;
}

/** Outcome of loading the WebGPU backend: the adapter it got, or why it did not load. */
export interface WebGpuAttempt {
  ready: boolean;
  detail: string;
  adapter?: WebGpuAdapterInfo;
}

let adapterInUse: WebGpuAdapterInfo | undefined;

/** The adapter the WebGPU backend runs on, once `loadWebGpuBackend` succeeded. */
export function webGpuAdapter(): WebGpuAdapterInfo | undefined {
  return adapterInUse;
}

/**
 * Load Dawn and tfjs's WebGPU backend and make `webgpu` the current tfjs backend. Node 20 has no
 * `navigator.gpu`: this sets `globalThis.navigator.gpu` to Dawn's GPU object and the WebGPU constants
 * (`GPUBufferUsage`, `GPUMapMode`, …) as globals before the backend module is imported, because that module
 * registers itself only when it sees them. Never throws: a failure comes back as `{ ready: false, detail }`.
 */
export async function loadWebGpuBackend(
  environment: NodeJS.ProcessEnv = process.env,
  dawnFlags: string[] = [],
): Promise<WebGpuAttempt> {
  const modulesFolder = environment.RLVER_WEBGPU_MODULES;
  let dawn: DawnModule;
  try {
    dawn = (await import(webGpuModuleSpecifier('webgpu', modulesFolder))) as DawnModule;
  } catch (error) {
    return { ready: false, detail: `package webgpu: ${loadFailure(error, modulesFolder)}` };
  }
  const globals = globalThis as unknown as Record<string, unknown> & { navigator?: Record<string, unknown> };
  for (const [name, value] of Object.entries(dawn.globals)) globals[name] ??= value;
  const gpu = dawn.create(dawnFlags);
  if (globals.navigator === undefined) globals.navigator = { gpu };
  else if (!globals.navigator.gpu) Object.defineProperty(globals.navigator, 'gpu', { value: gpu, configurable: true });
  const adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' }).catch(() => null);
  if (!adapter) {
    return {
      ready: false,
      detail:
        'Dawn found no WebGPU adapter (no Vulkan driver: install libvulkan1 and a Vulkan ICD, e.g. the NVIDIA driver or mesa-vulkan-drivers, and check VK_DRIVER_FILES)',
    };
  }
  const info: WebGpuAdapterInfo = {
    vendor: adapter.info?.vendor ?? '',
    architecture: adapter.info?.architecture ?? '',
    device: adapter.info?.device ?? '',
    description: adapter.info?.description ?? '',
  };
  try {
    await import(webGpuModuleSpecifier('@tensorflow/tfjs-backend-webgpu', modulesFolder));
  } catch (error) {
    return { ready: false, detail: `package @tensorflow/tfjs-backend-webgpu: ${loadFailure(error, modulesFolder)}` };
  }
  let ready = false;
  try {
    ready = await tf.setBackend('webgpu');
  } catch (error) {
    return { ready: false, detail: `tfjs webgpu backend did not initialise: ${String(error).split('\n')[0]}` };
  }
  if (!ready) return { ready: false, detail: 'tfjs webgpu backend did not initialise', adapter: info };
  adapterInUse = info;
  return { ready: true, detail: `Dawn on ${describeAdapter(info)}`, adapter: info };
}

function loadFailure(error: unknown, modulesFolder: string | undefined): string {
  if (isModuleNotFound(error)) {
    return modulesFolder
      ? `not found under RLVER_WEBGPU_MODULES=${modulesFolder} (npm install webgpu@0.6.2 @tensorflow/tfjs-backend-webgpu@4.22.0 there)`
      : 'not installed (pnpm --filter @rlver/model add webgpu@0.6.2 @tensorflow/tfjs-backend-webgpu@4.22.0, or set RLVER_WEBGPU_MODULES)';
  }
  return firstLineOf(error, 120);
}

/**
 * Whether `dataSync()` of every tensor works without a GPU read: always off WebGPU; on WebGPU only while the
 * tensor's values are still on the CPU (not yet uploaded), since tfjs-webgpu's synchronous read needs
 * `OffscreenCanvas`, which Node lacks. Code with an optional synchronous read-back (a fast path) asks this first.
 */
export function readableSynchronously(...tensors: tf.Tensor[]): boolean {
  if (tf.getBackend() !== 'webgpu') return true;
  const backend = tf.backend() as unknown as { tensorMap?: { get(dataId: object): { values?: unknown } | undefined } };
  return tensors.every((tensor) => backend.tensorMap?.get(tensor.dataId)?.values != null);
}
