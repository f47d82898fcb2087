import { beforeEach, expect } from 'vitest';

// House style §10: every test must assert something.
beforeEach(() => {
  expect.hasAssertions();
});
