import { sharedForkVitestConfig } from '../../vitest.shared';

// The test files only import and compute: they share their forks (docs/decisions/2026-11-27-ci-time-2.md).
export default sharedForkVitestConfig([]);
