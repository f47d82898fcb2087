import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { initTfBackend } from '@rlver/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BEHAVIOUR_CASES, runBehaviourCase } from './behaviour-cases';

const fixtureSchema = z.object({
  backend: z.string(),
  cases: z.record(z.string(), z.array(z.record(z.string(), z.number()))),
});
const fixture = fixtureSchema.parse(
  JSON.parse(readFileSync(join(import.meta.dirname, 'behaviour-fixture.json'), 'utf8')),
);

/** Float tolerance: relative 1e-4 (op-order changes), absolute 1e-6 near zero. */
const close = (actual: number, expected: number) =>
  Math.abs(actual - expected) <= 1e-6 + 1e-4 * Math.max(Math.abs(actual), Math.abs(expected));

let backend = '';
beforeAll(async () => {
  backend = await initTfBackend({ log: () => {} });
});

describe('training behaviour (metrics recorded by scripts/record-behaviour-fixture.ts; re-recorded when the judge changes)', () => {
  for (const behaviourCase of BEHAVIOUR_CASES) {
    it(`should reproduce the recorded metrics of ${behaviourCase.name}`, async (context) => {
      // Other backends round differently and sample other tokens; the fixture pins the backend it was recorded on.
      if (backend !== fixture.backend) context.skip(`fixture recorded on ${fixture.backend}, this run is ${backend}`);
      const expected = fixture.cases[behaviourCase.name];
      expect(expected, `no fixture for ${behaviourCase.name}: rerun scripts/record-behaviour-fixture.ts`).toBeDefined();
      const actual = await runBehaviourCase(behaviourCase);
      expect(actual).toHaveLength(expected?.length ?? 0);
      actual.forEach((metrics, step) => {
        const recorded = expected?.[step] ?? {};
        expect(Object.keys(metrics).sort()).toEqual(Object.keys(recorded).sort());
        const differing = Object.entries(recorded)
          .filter(([key, value]) => !close(metrics[key] ?? Number.NaN, value))
          .map(([key, value]) => `${key}: recorded ${value}, now ${metrics[key]}`);
        expect(differing, `step ${step}`).toEqual([]);
      });
    }, 120_000);
  }
});
