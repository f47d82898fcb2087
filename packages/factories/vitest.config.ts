import { sharedForkVitestConfig } from '../../vitest.shared';

// The test files share their forks (docs/decisions/2026-11-27-ci-time-2.md), except this one: it sets and deletes an
// environment variable.
export default sharedForkVitestConfig(['src/role-endpoints.test.ts']);
