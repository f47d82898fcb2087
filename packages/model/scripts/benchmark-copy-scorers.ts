/**
 * The copy head's full-distribution scorers alone, forward + backward, at the embedded preset's actor micro-batch
 * (16 sequences × 320 positions, vocabulary 3,005, logits from hidden 128 × a tied head, temperature 0.7, entropy,
 * optionally a rule mask):
 * `copyMixtureTokenScores` (vocabulary-wide scatter of the copy mass) against `copyMixtureKeyScores` (per-key
 * terms), interleaved in one process. Prints CPU and wall ms per call, kernels per call and kernel ms by op name.
 *
 *   nice -n 10 npx tsx --conditions=source packages/model/scripts/benchmark-copy-scorers.ts [--rounds 3] [--rules]
 */
import { parseArgs } from 'node:util';
import * as tf from '@tensorflow/tfjs-core';
import { copyMixtureKeyScores, keyColumnLogits } from '../src/copy-mixture-key-scores';
import { type CopyRowTerms, copyMixtureTokenScores } from '../src/copy-mixture-scores';
import { initTfBackend } from '../src/tf-backend';

const { values: flags } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    rules: { type: 'boolean', default: false },
    sequences: { type: 'string', default: '16' },
    length: { type: 'string', default: '320' },
  },
});
const rounds = Number(flags.rounds);
const batch = Number(flags.sequences);
const keys = Number(flags.length);
const queries = keys - 1;
const vocab = 3005;
const rows = batch * queries;
const temperature = 0.7;

await initTfBackend({});
// Logits as the model makes them: final hidden states × the tied head (hidden 128).
const hidden = tf.randomNormal([rows, 128], 0, 1, 'float32', 1) as tf.Tensor2D;
const head = tf.randomNormal([vocab, 128], 0, 0.25, 'float32', 6) as tf.Tensor2D;
const gateLogits = tf.randomNormal([rows, 1], 0, 1, 'float32', 2) as tf.Tensor2D;
const scoreLogits = tf.randomNormal([batch, queries, keys], 0, 2, 'float32', 3) as tf.Tensor3D;
// Dialogue-like ids: a sequence repeats tokens from a small working set.
const nextIds = tf.tensor2d(
  Array.from({ length: batch * keys }, (_, index) => (index * 7919) % 211),
  [batch, keys],
  'int32',
);
const causal = new Float32Array(queries * keys);
for (let query = 0; query < queries; query += 1) causal.fill(1, query * keys, query * keys + query + 1);
const allowed = tf.tensor3d(causal, [1, queries, keys]);
const targets = tf.reshape(tf.slice(nextIds, [0, 0], [batch, queries]), [-1]) as tf.Tensor1D;
// A rule mask forbidding a tenth of the vocabulary at random (−1e9, as `LogitsRules.maskTensor`).
const ruleMask: tf.Tensor2D | undefined = flags.rules
  ? tf.tidy(
      () =>
        tf.mul(
          tf.cast(tf.less(tf.randomUniform([rows, vocab], 0, 1, 'float32', 4), 0.1), 'float32'),
          -1e9,
        ) as tf.Tensor2D,
    )
  : undefined;
const weights = tf.randomUniform([rows, 1], -1, 1, 'float32', 5);

function terms(g: tf.Tensor, a: tf.Tensor): CopyRowTerms {
  return {
    gate: tf.sigmoid(g) as tf.Tensor2D,
    attention: tf.reshape(tf.mul(tf.softmax(tf.add(a, tf.mul(tf.sub(1, allowed), -1e9))), allowed), [
      rows,
      keys,
    ]) as tf.Tensor2D,
    keyIds: tf.reshape(tf.tile(tf.reshape(nextIds, [batch, 1, keys]), [1, queries, 1]), [rows, keys]) as tf.Tensor2D,
    sequences: { keyIds: nextIds, queries },
  };
}
const options = { temperature, withEntropy: true, ruleMask };
const logitsOf = (h: tf.Tensor, w: tf.Tensor) =>
  tf.matMul(h as tf.Tensor2D, w as tf.Tensor2D, false, true) as tf.Tensor2D;
const scorers = {
  vocabularyWide: (h: tf.Tensor, w: tf.Tensor, g: tf.Tensor, a: tf.Tensor) =>
    copyMixtureTokenScores(logitsOf(h, w), terms(g, a), targets, options),
  perKey: (h: tf.Tensor, w: tf.Tensor, g: tf.Tensor, a: tf.Tensor) => {
    const copy = terms(g, a);
    const sequences = copy.sequences as NonNullable<CopyRowTerms['sequences']>;
    const columns = keyColumnLogits(h as tf.Tensor2D, w as tf.Tensor2D, sequences, targets);
    return copyMixtureKeyScores(logitsOf(h, w), columns, copy, sequences, targets, options);
  },
};
function step(name: keyof typeof scorers): void {
  const grads = tf.grads((h, w, g, a) => tf.sum(tf.mul(scorers[name](h, w, g, a), weights)));
  const out = grads([hidden, head, gateLogits, scoreLogits]);
  for (const tensor of out) tensor.dataSync();
  tf.dispose(out);
}

const results: Record<string, { cpuMs: number[]; wallMs: number[] }> = {};
for (const name of Object.keys(scorers) as Array<keyof typeof scorers>) {
  step(name); // warm-up
  results[name] = { cpuMs: [], wallMs: [] };
}
for (let round = 0; round < rounds; round += 1) {
  for (const name of Object.keys(scorers) as Array<keyof typeof scorers>) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    step(name);
    const used = process.cpuUsage(cpu);
    results[name]?.wallMs.push(performance.now() - started);
    results[name]?.cpuMs.push((used.user + used.system) / 1000);
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
for (const name of Object.keys(scorers) as Array<keyof typeof scorers>) {
  const profile = await tf.profile(() => step(name));
  const byName = new Map<string, number>();
  for (const kernel of profile.kernels) {
    byName.set(kernel.name, (byName.get(kernel.name) ?? 0) + (kernel.kernelTimeMs as number));
  }
  const top = [...byName.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8);
  if (process.env.COUNTS) {
    const counts = new Map<string, number>();
    for (const kernel of profile.kernels) counts.set(kernel.name, (counts.get(kernel.name) ?? 0) + 1);
    console.log(
      name,
      [...counts.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([k, c]) => `${k} ${c}`)
        .join(', '),
    );
  }
  const timing = results[name] as { cpuMs: number[]; wallMs: number[] };
  console.log(
    `${name}: CPU ms ${median(timing.cpuMs).toFixed(0)} (runs ${timing.cpuMs.map((ms) => ms.toFixed(0)).join(', ')}), ` +
      `wall ms ${median(timing.wallMs).toFixed(0)}, kernels ${profile.kernels.length}, peak MB ${(profile.peakBytes / 2 ** 20).toFixed(0)}\n  ` +
      top.map(([kernel, ms]) => `${kernel} ${ms.toFixed(0)}`).join(' · '),
  );
}
