import { sharedForkVitestConfig } from '../../vitest.shared';

// The test files only import and compute and share their forks (docs/decisions/2026-11-27-ci-time-2.md), except
// the one that starts TensorFlow.js's backend itself.
export default sharedForkVitestConfig(['scripts/masked-language-model-loss.test.ts']);
