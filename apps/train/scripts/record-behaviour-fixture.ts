/**
 * Record the behaviour fixture: run every case of `src/behaviour/behaviour-cases.ts` and write their metrics to
 * `src/behaviour/behaviour-fixture.json`. Run on the code whose behaviour is the reference:
 * `cd apps/train && npx tsx --conditions=source scripts/record-behaviour-fixture.ts`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { initTfBackend } from '@rlver/model';
import { BEHAVIOUR_CASES, runBehaviourCase } from '../src/behaviour/behaviour-cases';

const backend = await initTfBackend();
const cases: Record<string, Record<string, number>[]> = {};
for (const behaviourCase of BEHAVIOUR_CASES) cases[behaviourCase.name] = await runBehaviourCase(behaviourCase);
const file = join(import.meta.dirname, '..', 'src', 'behaviour', 'behaviour-fixture.json');
writeFileSync(file, `${JSON.stringify({ backend, cases }, null, 2)}\n`);
process.stderr.write(`wrote ${file}\n`);
