/**
 * Training-step cost of scoring copy-head rows: the vocabulary-wide path the copy head had before
 * (`forwardLogits` → mixture log-probs `[rows, positions, vocab]` → `tokenLogProbsAndEntropy`, one pass, no shared
 * prefixes) against `scoreSequences` as it is now, interleaved in one process on the same micro-batches. Forward +
 * backward (`tf.variableGrads`) of log-probs and entropies at the sampling temperature, shaped like the embedded
 * default's micro-batches (turn contexts × branches).
 *
 *   nice -n 15 npx tsx --conditions=source packages/model/scripts/benchmark-copy-head-scoring.ts --model DIR
 *
 * DIR: a copy-head checkpoint, e.g. the one in commit f6f7735
 * (`git show f6f7735:packages/policy/assets/embedded/model.safetensors > DIR/model.safetensors`, same for config.json).
 * One "update" is a forward + backward of one micro-batch per `--context-tokens` length (the embedded default's turns:
 * 4 dialogues × 4 turns × 4 branches, micro-batches of 16). Flags: --contexts N (default 4), --branches N (4),
 * --context-tokens N,N,… (64,128,192,256), --reply-tokens N (48), --temperature T (0.7), --repeats N (3). Prints
 * JSON: seconds (best of the repeats, summed over the micro-batches) and the largest score/gradient differences.
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createRng } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { initTfBackend, loadTransformerModel, tokenLogProbsAndEntropy } from '../src/index';
import { paddedBatch } from '../src/test/tiny-transformer';

const { values: flags } = parseArgs({
  options: {
    model: { type: 'string' },
    contexts: { type: 'string', default: '4' },
    branches: { type: 'string', default: '4' },
    'context-tokens': { type: 'string', default: '64,128,192,256' },
    'reply-tokens': { type: 'string', default: '48' },
    temperature: { type: 'string', default: '0.7' },
    repeats: { type: 'string', default: '3' },
  },
  strict: true,
});
if (!flags.model) throw new Error('--model is missing: pass a copy-head checkpoint folder (see the header comment).');

const backend = await initTfBackend({});
const model = await loadTransformerModel(flags.model);
if (!model.weights.copyHead) throw new Error(`--model ${flags.model}: config.json has no rlver_copy_head.`);
const temperature = Number(flags.temperature);

/** One micro-batch: `contexts` turn contexts of about `contextTokens` tokens, `branches` replies each. */
function microBatch(contextTokens: number, seed: number) {
  const rng = createRng(seed);
  const token = () => 10 + Math.floor(rng.next() * (model.vocabSize - 20));
  const rows: number[][] = [];
  for (let context = 0; context < Number(flags.contexts); context += 1) {
    const phrase = Array.from({ length: 12 }, token);
    // Contexts repeat phrases, as dialogues do, so the copy attention has something to copy.
    const shared = Array.from({ length: contextTokens + context * 8 }, (_, index) =>
      index % 40 < 12 ? (phrase[index % 40] as number) : token(),
    );
    for (let branch = 0; branch < Number(flags.branches); branch += 1) {
      const replyLength = Math.max(2, Number(flags['reply-tokens']) - branch * 4);
      const reply = Array.from({ length: replyLength }, (_, index) => (index < 6 ? phrase[index] : token()) as number);
      rows.push([...shared, ...reply]);
    }
  }
  const width = Math.max(...rows.map((row) => row.length));
  const { ids: inputIds, mask: attentionMask } = paddedBatch(rows, model.padTokenId);
  const maskFloat = tf.cast(tf.slice(attentionMask, [0, 1], [-1, -1]), 'float32');
  return { rows, width, inputIds, attentionMask, maskFloat };
}
type MicroBatch = ReturnType<typeof microBatch>;

/** The copy head's scoring before this change: the full mixture `[rows, positions, vocab]`, then the LM scorer. */
function vocabularyWideScores(batch: MicroBatch): { logProbs: tf.Tensor2D; entropies: tf.Tensor2D } {
  return tf.tidy(() => {
    const [rows, length] = batch.inputIds.shape;
    const logits = tf.slice(
      model.forwardLogits(batch.inputIds, batch.attentionMask),
      [0, 0, 0],
      [rows, length - 1, -1],
    );
    const flat = tf.div(tf.reshape(logits, [rows * (length - 1), -1]), temperature) as tf.Tensor2D;
    const targets = tf.reshape(tf.slice(batch.inputIds, [0, 1], [rows, length - 1]), [-1]) as tf.Tensor1D;
    const [logProbs, entropies] = tf.split(tokenLogProbsAndEntropy(flat, targets, true), 2, 1);
    return {
      logProbs: tf.reshape(logProbs as tf.Tensor, [rows, length - 1]) as tf.Tensor2D,
      entropies: tf.reshape(entropies as tf.Tensor, [rows, length - 1]) as tf.Tensor2D,
    };
  });
}

const paths = {
  before: vocabularyWideScores,
  after: (batch: MicroBatch) => {
    const scores = model.scoreSequences(batch.inputIds, batch.attentionMask, { temperature, withEntropy: true });
    return { logProbs: scores.logProbs, entropies: scores.entropies as tf.Tensor2D };
  },
};
type Path = keyof typeof paths;
const lossOf = (batch: MicroBatch, scores: { logProbs: tf.Tensor2D; entropies: tf.Tensor2D }) =>
  tf.sum(tf.mul(tf.add(scores.logProbs, tf.mul(scores.entropies, 0.01)), batch.maskFloat)) as tf.Scalar;

function trainStep(path: Path, batch: MicroBatch): { seconds: number; grads: Record<string, tf.Tensor> } {
  const start = performance.now();
  const { value, grads } = tf.variableGrads(() => lossOf(batch, paths[path](batch)));
  value.dataSync();
  value.dispose();
  return { seconds: (performance.now() - start) / 1000, grads };
}

function forward(path: Path, batch: MicroBatch): number {
  const start = performance.now();
  const scores = paths[path](batch);
  scores.logProbs.dataSync();
  tf.dispose([scores.logProbs, scores.entropies]);
  return (performance.now() - start) / 1000;
}

// One update: a micro-batch per context length (the turns of the dialogues), forward + backward each.
const batches = flags['context-tokens'].split(',').map((tokens, index) => microBatch(Number(tokens), 7 + index));
const last = batches[batches.length - 1] as MicroBatch;

// Agreement on the longest micro-batch: the largest absolute differences of the scores (real positions) and grads.
const agreement = tf.tidy(() => {
  const before = paths.before(last);
  const after = paths.after(last);
  const gap = (left: tf.Tensor, right: tf.Tensor) =>
    tf.max(tf.abs(tf.mul(tf.sub(left, right), last.maskFloat))).dataSync()[0];
  return { logProbs: gap(before.logProbs, after.logProbs), entropies: gap(before.entropies, after.entropies) };
});
const beforeGrads = trainStep('before', last).grads;
const afterGrads = trainStep('after', last).grads;
let gradientGap = 0;
let gradientScale = 0;
for (const [name, gradient] of Object.entries(beforeGrads)) {
  const other = afterGrads[name] as tf.Tensor;
  gradientGap = Math.max(
    gradientGap,
    tf.tidy(() => tf.max(tf.abs(tf.sub(gradient, other))).dataSync()[0] as number),
  );
  gradientScale = Math.max(
    gradientScale,
    tf.tidy(() => tf.max(tf.abs(gradient)).dataSync()[0] as number),
  );
}
tf.dispose([...Object.values(beforeGrads), ...Object.values(afterGrads)]);

const repeats = Number(flags.repeats);
const seconds = {
  forward: { before: [] as number[], after: [] as number[] },
  update: { before: [] as number[], after: [] as number[] },
};
for (let repeat = 0; repeat < repeats; repeat += 1) {
  for (const path of ['before', 'after'] as const) {
    seconds.forward[path].push(batches.reduce((total, batch) => total + forward(path, batch), 0));
    let update = 0;
    for (const batch of batches) {
      const step = trainStep(path, batch);
      tf.dispose(Object.values(step.grads));
      update += step.seconds;
    }
    seconds.update[path].push(update);
  }
}
const best = (values: number[]) => Math.min(...values);
console.log(
  JSON.stringify(
    {
      backend,
      loadAverage: loadavg().map((value) => Number(value.toFixed(1))),
      microBatches: batches.map((batch) => ({
        rows: batch.rows.length,
        tokens: batch.rows.reduce((total, row) => total + row.length, 0),
        width: batch.width,
      })),
      temperature,
      forwardSeconds: { before: best(seconds.forward.before), after: best(seconds.forward.after) },
      updateSeconds: { before: best(seconds.update.before), after: best(seconds.update.after) },
      maxAbsDifference: { ...agreement, gradient: gradientGap, gradientScale },
    },
    null,
    2,
  ),
);
