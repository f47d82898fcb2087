import { InvalidConfigError } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { patchWasmKernels } from './patch-wasm-kernels';
import './register-gradients';
import '@tensorflow/tfjs-backend-cpu';

/** Backends `initTfBackend` can pick: native TensorFlow (tfjs-node or tfjs-node-gpu), WebAssembly, plain JS. */
export type TfBackendName = 'tensorflow' | 'wasm' | 'cpu';

export interface InitTfBackendOptions {
  /** Backend to use when `RLVER_TF_BACKEND` is unset; default: the fastest that loads. */
  preferred?: TfBackendName;
  /** Where the one-line report goes (default: stderr). */
  log?: (line: string) => void;
}

const BACKEND_NAMES: readonly TfBackendName[] = ['tensorflow', 'wasm', 'cpu'];
let chosen: Promise<TfBackendName> | undefined;

/** Parse `RLVER_TF_BACKEND`; undefined when unset or empty. */
export function backendFromEnvironment(value: string | undefined): TfBackendName | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const name = value.trim().toLowerCase();
  if ((BACKEND_NAMES as readonly string[]).includes(name)) return name as TfBackendName;
  throw new InvalidConfigError({
    field: 'RLVER_TF_BACKEND',
    message: `RLVER_TF_BACKEND is "${value}"; set it to one of ${BACKEND_NAMES.join(', ')} (or unset it to pick automatically).`,
  });
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

async function tryNativeBackend(): Promise<boolean> {
  for (const moduleName of ['@tensorflow/tfjs-node-gpu', '@tensorflow/tfjs-node']) {
    try {
      await withoutDuplicateKernelWarnings(() => import(moduleName));
      if (await tf.setBackend('tensorflow')) return true;
    } catch {
      // Not installed or its native library did not build: try the next one.
    }
  }
  return false;
}

async function tryBackend(name: TfBackendName): Promise<boolean> {
  if (name === 'tensorflow') return tryNativeBackend();
  if (name === 'wasm') {
    try {
      await import('@tensorflow/tfjs-backend-wasm');
      const ready = await tf.setBackend('wasm');
      if (ready) patchWasmKernels();
      return ready;
    } catch {
      return false;
    }
  }
  return tf.setBackend('cpu');
}

async function selectBackend(options: InitTfBackendOptions): Promise<TfBackendName> {
  const forced = backendFromEnvironment(process.env.RLVER_TF_BACKEND);
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  if (forced) {
    if (!(await tryBackend(forced))) {
      throw new InvalidConfigError({
        field: 'RLVER_TF_BACKEND',
        message: `RLVER_TF_BACKEND=${forced} but that backend failed to load; install it or choose another of ${BACKEND_NAMES.join(', ')}.`,
      });
    }
    await tf.ready();
    log(`[rlver] tfjs backend: ${forced} (from RLVER_TF_BACKEND)`);
    return forced;
  }
  const order: TfBackendName[] = options.preferred
    ? [options.preferred, ...BACKEND_NAMES.filter((name) => name !== options.preferred)]
    : [...BACKEND_NAMES];
  for (const name of order) {
    if (await tryBackend(name)) {
      await tf.ready();
      log(`[rlver] tfjs backend: ${name}`);
      return name;
    }
  }
  throw new InvalidConfigError({ message: 'No tfjs backend could be initialised (tensorflow, wasm, cpu all failed).' });
}

/**
 * Choose and initialise the tfjs backend once per process: `RLVER_TF_BACKEND` (tensorflow | wasm | cpu)
 * wins; otherwise `preferred`, then tfjs-node-gpu, tfjs-node, wasm, cpu. Logs one line; later calls
 * return the same backend without logging.
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
