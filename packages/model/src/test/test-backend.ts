import { initTfBackend, type TfBackendName } from '../tf-backend';

/**
 * Tests run, silently, on the backend a run would use: native TensorFlow where `pnpm setup:native` built
 * it, else wasm, else cpu; `RLVER_TF_BACKEND` forces one (CI's wasm job sets `wasm`). `preferred` is for
 * tests of one backend's own code, such as the wasm kernel patches.
 */
export function useTestBackend(preferred?: TfBackendName): Promise<TfBackendName> {
  return initTfBackend({ preferred, log: () => {} });
}
