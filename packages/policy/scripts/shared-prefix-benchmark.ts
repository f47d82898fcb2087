/**
 * Training-step cost of scoring the branches of dialogue turns with and without shared prefixes, on the
 * embedded model: forward + backward (`tf.variableGrads`) of micro-batches shaped like the embedded
 * default's (4 branches per turn context; context and reply lengths from the flags).
 *
 *   npx tsx --conditions=source packages/policy/scripts/shared-prefix-benchmark.ts
 *
 * Flags: --contexts N (turn contexts per micro-batch, default 4), --branches N (default 4), --context-tokens N
 * (default 130), --reply-tokens N (default 32), --repeats N (default 3).
 */
import { parseArgs } from 'node:util';
import { initTfBackend, loadTransformerModel } from '@rlver/model';
import { createRng } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { embeddedModelDirectory } from '../src/checkpoint-policy';

const { values: flags } = parseArgs({
  options: {
    contexts: { type: 'string', default: '4' },
    branches: { type: 'string', default: '4' },
    'context-tokens': { type: 'string', default: '130' },
    'reply-tokens': { type: 'string', default: '32' },
    repeats: { type: 'string', default: '3' },
  },
  strict: true,
});

const backend = await initTfBackend({});
const model = await loadTransformerModel(embeddedModelDirectory());
const rng = createRng(7);
const token = () => 10 + Math.floor(rng.next() * (model.vocabSize - 20));
const rows: number[][] = [];
for (let context = 0; context < Number(flags.contexts); context += 1) {
  const shared = Array.from({ length: Number(flags['context-tokens']) + context * 8 }, token);
  for (let branch = 0; branch < Number(flags.branches); branch += 1) {
    const replyLength = Math.max(2, Number(flags['reply-tokens']) - branch * 4);
    rows.push([...shared, ...Array.from({ length: replyLength }, token)]);
  }
}
const width = Math.max(...rows.map((row) => row.length));
const inputIds = tf.tensor2d(
  rows.map((row) => [...row, ...new Array(width - row.length).fill(model.padTokenId)]),
  undefined,
  'int32',
);
const attentionMask = tf.tensor2d(
  rows.map((row) => [...row.map(() => 1), ...new Array(width - row.length).fill(0)]),
  undefined,
  'int32',
);

function trainStepSeconds(sharePrefixes: boolean): number {
  const start = performance.now();
  const { value, grads } = tf.variableGrads(() => {
    const scores = model.scoreSequences(inputIds, attentionMask, { withEntropy: true, sharePrefixes });
    return tf.add(tf.mean(scores.logProbs), tf.mean(scores.entropies as tf.Tensor)) as tf.Scalar;
  });
  value.dataSync();
  tf.dispose([value, ...Object.values(grads)]);
  return (performance.now() - start) / 1000;
}

function forwardSeconds(sharePrefixes: boolean): number {
  const start = performance.now();
  const scores = model.scoreSequences(inputIds, attentionMask, { sharePrefixes });
  scores.logProbs.dataSync();
  tf.dispose(scores.logProbs);
  return (performance.now() - start) / 1000;
}

const best = (run: () => number) => {
  run();
  return Math.min(...Array.from({ length: Number(flags.repeats) }, run));
};
const tokens = rows.reduce((total, row) => total + row.length, 0);
const result = {
  backend,
  rows: rows.length,
  tokens,
  width,
  forwardSeconds: { onePass: best(() => forwardSeconds(false)), sharedPrefixes: best(() => forwardSeconds(true)) },
  trainStepSeconds: {
    onePass: best(() => trainStepSeconds(false)),
    sharedPrefixes: best(() => trainStepSeconds(true)),
  },
};
console.log(JSON.stringify(result, null, 2));
