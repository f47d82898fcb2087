import { sharedForkVitestConfig } from '../../vitest.shared';

// The test files share their forks (docs/decisions/2026-11-27-ci-time-2.md), except these two: they stub the
// environment and the timers.
export default sharedForkVitestConfig(['src/default-base-url.test.ts', 'src/retry-with-exponential-backoff.test.ts']);
