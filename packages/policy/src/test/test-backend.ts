import { initTfBackend, type TfBackendName } from '../tf-backend';

/** Tests run on wasm (or cpu where wasm fails to load), silently. */
export function useTestBackend(): Promise<TfBackendName> {
  return initTfBackend({ preferred: 'wasm', log: () => {} });
}
