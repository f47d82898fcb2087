/**
 * Print the largest |logit difference| between this engine and transformers for every reference checkpoint
 * (src/test/reference-checkpoints, written by make-reference-checkpoints.py).
 *
 *     npx tsx --conditions=source packages/model/scripts/reference-parity.ts
 */
import { join } from 'node:path';
import { loadTransformerModel } from '../src/checkpoint';
import {
  logitsOf,
  maxAbsDifference,
  REFERENCE_CASES,
  REFERENCE_CHECKPOINTS,
  readReferenceLogits,
} from '../src/test/reference-logits';
import { initTfBackend } from '../src/tf-backend';

const backend = await initTfBackend({ preferred: 'wasm', log: () => {} });
console.log(`backend ${backend}`);
for (const name of REFERENCE_CASES) {
  const reference = readReferenceLogits(name);
  const model = await loadTransformerModel(join(REFERENCE_CHECKPOINTS, name));
  const difference = maxAbsDifference(await logitsOf(model, reference.tokenIds), reference.logits);
  const largest = Math.max(...reference.logits.flat().map(Math.abs));
  console.log(`${name.padEnd(28)} max |Δ logit| ${difference.toExponential(2)}  (max |logit| ${largest.toFixed(2)})`);
  model.dispose();
}
