import { availableParallelism } from 'node:os';
import { InvalidConfigError } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { errorMessage, firstLineOf } from './load-failure-text';
import { patchWasmKernels } from './patch-wasm-kernels';
import { loadWebGpuBackend } from './webgpu-backend';
import '@rlver/optim/register-gradients';
import '@tensorflow/tfjs-backend-cpu';

/**
 * Backends `initTfBackend` can pick: native TensorFlow (tfjs-node or tfjs-node-gpu), WebGPU (Dawn on Vulkan;
 * only when asked for, see webgpu-backend.ts), WebAssembly, plain JS.
 */
export type TfBackendName = 'tensorflow' | 'webgpu' | 'wasm' | 'cpu';

export interface InitTfBackendOptions {
  /** Backend to use when `RLVER_TF_BACKEND` is unset; default: the fastest that loads. */
  preferred?: TfBackendName;
  /** Where the one-line report goes (default: stderr). */
  log?: (line: string) => void;
}

/** Every backend `RLVER_TF_BACKEND` may name. */
const BACKEND_NAMES: readonly TfBackendName[] = ['tensorflow', 'webgpu', 'wasm', 'cpu'];
/**
 * The automatic order. WebGPU is not in it: it needs two packages the project does not install, and it has
 * not been measured faster than native TensorFlow (docs/decisions/2026-11-26-webgpu-backend.md).
 */
const AUTOMATIC_ORDER: readonly TfBackendName[] = ['tensorflow', 'wasm', 'cpu'];
let chosen: Promise<TfBackendName> | undefined;

/** Parse `RLVER_TF_BACKEND`; `native` is an alias of `tensorflow`; undefined when unset or empty. */
export function backendFromEnvironment(value: string | undefined): TfBackendName | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const name = value.trim().toLowerCase();
  if (name === 'native') return 'tensorflow';
  if ((BACKEND_NAMES as readonly string[]).includes(name)) return name as TfBackendName;
  throw new InvalidConfigError({
    field: 'RLVER_TF_BACKEND',
    message: `RLVER_TF_BACKEND is "${value}"; set it to one of native (= tensorflow), ${BACKEND_NAMES.join(', ')} (or unset it to pick automatically).`,
  });
}

/**
 * Thread counts native TensorFlow reads at load time: intra-op = every core (one matmul uses them all),
 * inter-op = 1 on ≤ 2 cores (the policy runs one op at a time; a second pool only competes), else 2.
 * Values already in the environment win. Returns the counts in effect.
 */
export function configureNativeThreads(
  environment: NodeJS.ProcessEnv = process.env,
  cores: number = availableParallelism(),
): { intraOp: number; interOp: number } {
  environment.TF_NUM_INTRAOP_THREADS ??= String(cores);
  environment.TF_NUM_INTEROP_THREADS ??= String(cores <= 2 ? 1 : 2);
  environment.TF_CPP_MIN_LOG_LEVEL ??= '2';
  return { intraOp: Number(environment.TF_NUM_INTRAOP_THREADS), interOp: Number(environment.TF_NUM_INTEROP_THREADS) };
}

/** Why a backend did not load, shortened to one clause for the start-up line. */
function shortReason(error: unknown, moduleName = ''): string {
  const message = errorMessage(error);
  if (message.includes('tfjs_binding.node') && message.includes('can not be found')) {
    return moduleName.endsWith('-gpu') ? 'binding not built (needs CUDA)' : 'binding not built (run pnpm setup:native)';
  }
  if (/Cannot find (module|package)/.test(message)) return 'not installed';
  return firstLineOf(error, 100);
}

/** Run `load` with tfjs's "kernel … is already registered" warnings dropped (a second native package re-registers). */
async function withoutDuplicateKernelWarnings<T>(load: () => Promise<T>): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('is already registered')) return;
    warn(...args);
  };
  try {
    return await load();
  } finally {
    console.warn = warn;
  }
}

/** Outcome of one attempt: `detail` says which package loaded, or why none did. */
export interface BackendAttempt {
  ready: boolean;
  detail: string;
}

/**
 * Load native TensorFlow (tfjs-node-gpu, then tfjs-node) and make it the current backend. Most code calls
 * `initTfBackend`; this is for comparing backends in one process (the numerics test, the benchmark).
 */
export async function loadNativeBackend(): Promise<BackendAttempt> {
  const { intraOp, interOp } = configureNativeThreads();
  const reasons: string[] = [];
  for (const moduleName of ['@tensorflow/tfjs-node-gpu', '@tensorflow/tfjs-node']) {
    const shortName = moduleName.replace('@tensorflow/', '');
    try {
      await withoutDuplicateKernelWarnings(() => import(moduleName));
      if (await tf.setBackend('tensorflow')) {
        const binding = (tf.backend() as unknown as { binding?: { TF_Version?: string } }).binding;
        const skipped = reasons.length > 0 ? `; ${reasons.join('; ')}` : '';
        return {
          ready: true,
          detail: `${shortName}, TensorFlow ${binding?.TF_Version ?? '?'}, ${intraOp} intra-op / ${interOp} inter-op threads${skipped}`,
        };
      }
      reasons.push(`${shortName}: backend did not initialise`);
    } catch (error) {
      reasons.push(`${shortName}: ${shortReason(error, moduleName)}`);
    }
  }
  return { ready: false, detail: reasons.join('; ') };
}

async function tryBackend(name: TfBackendName): Promise<BackendAttempt> {
  if (name === 'tensorflow') return loadNativeBackend();
  if (name === 'webgpu') return loadWebGpuBackend();
  if (name === 'wasm') {
    try {
      await import('@tensorflow/tfjs-backend-wasm');
      const ready = await tf.setBackend('wasm');
      if (ready) patchWasmKernels();
      return { ready, detail: ready ? 'SIMD, 1 thread' : 'did not initialise' };
    } catch (error) {
      return { ready: false, detail: shortReason(error) };
    }
  }
  const ready = await tf.setBackend('cpu');
  return { ready, detail: ready ? 'plain JavaScript' : 'did not initialise' };
}

async function selectBackend(options: InitTfBackendOptions): Promise<TfBackendName> {
  const forced = backendFromEnvironment(process.env.RLVER_TF_BACKEND);
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  if (forced) {
    const attempt = await tryBackend(forced);
    if (!attempt.ready) {
      const fix =
        forced === 'tensorflow'
          ? 'run pnpm setup:native, or'
          : forced === 'webgpu'
            ? 'see packages/model/README.md ("GPU through WebGPU"), or'
            : 'install it or';
      throw new InvalidConfigError({
        field: 'RLVER_TF_BACKEND',
        message: `RLVER_TF_BACKEND=${forced} but that backend failed to load (${attempt.detail}); ${fix} choose another of ${BACKEND_NAMES.join(', ')}.`,
      });
    }
    await tf.ready();
    log(`[rlver] tfjs backend: ${forced} (${attempt.detail}; forced by RLVER_TF_BACKEND)`);
    return forced;
  }
  const order: TfBackendName[] = options.preferred
    ? [options.preferred, ...AUTOMATIC_ORDER.filter((name) => name !== options.preferred)]
    : [...AUTOMATIC_ORDER];
  const skipped: string[] = [];
  for (const name of order) {
    const attempt = await tryBackend(name);
    if (attempt.ready) {
      await tf.ready();
      const why = options.preferred === name ? '; preferred by the caller' : name === 'tensorflow' ? '; fastest' : '';
      const others = skipped.length > 0 ? `; skipped ${skipped.join('; ')}` : '';
      log(`[rlver] tfjs backend: ${name} (${attempt.detail}${why})${others}`);
      return name;
    }
    skipped.push(`${name} (${attempt.detail})`);
  }
  throw new InvalidConfigError({ message: `No tfjs backend could be initialised: ${skipped.join('; ')}.` });
}

/**
 * Choose and initialise the tfjs backend once per process: `RLVER_TF_BACKEND` (native = tensorflow | webgpu |
 * wasm | cpu) wins; otherwise `preferred`, then native TensorFlow (tfjs-node-gpu, tfjs-node; its binding comes
 * from `pnpm setup:native`), wasm, cpu. WebGPU is used only when named (variable or `preferred`). Logs one
 * line naming the backend, its threads, and why the faster ones were skipped; later calls return the same
 * backend without logging.
 */
export function initTfBackend(options: InitTfBackendOptions = {}): Promise<TfBackendName> {
  if (!chosen) {
    chosen = selectBackend(options);
    chosen.catch(() => {
      chosen = undefined;
    });
  }
  return chosen;
}
