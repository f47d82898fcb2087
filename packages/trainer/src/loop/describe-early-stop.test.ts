import { describe, expect, it } from 'vitest';
import { describeEarlyStop } from './describe-early-stop';

describe('describeEarlyStop', () => {
  it('should name the step, the rise and the newest checkpoint taken before the rise', () => {
    const line = describeEarlyStop(
      { step: 11, baseline: 0.05, recent: 0.25 },
      { degenerationStop: { window: 3, maxRise: 0.1 }, checkpointEvery: 4 },
    );
    expect(line).toMatch(
      /^warning: training stopped after step 12: degenerate replies rose from 5\.0 % \(first 3 steps\)/,
    );
    expect(line).toMatch(/to 25\.0 % \(last 3\)/);
    expect(line).toMatch(/; checkpoints\/step-00008 predates the rise$/);
  });

  it('should name no checkpoint when none was taken before the rise', () => {
    const line = describeEarlyStop(
      { step: 3, baseline: 0, recent: 0.5 },
      { degenerationStop: { window: 2, maxRise: 0.1 }, checkpointEvery: 10 },
    );
    expect(line).not.toMatch(/predates/);
  });
});
