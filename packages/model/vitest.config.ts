import { sharedForkVitestConfig } from '../../vitest.shared';

// These choose their TensorFlow.js backend themselves (or change process.env): each keeps a process of its own.
export default sharedForkVitestConfig([
  'src/native-numerics.test.ts',
  'src/patch-wasm-kernels.test.ts',
  'src/tf-backend.test.ts',
  'src/webgpu-backend.test.ts',
  'src/webgpu-numerics.test.ts',
]);
