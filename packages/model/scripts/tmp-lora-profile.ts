import * as tf from '@tensorflow/tfjs-core';
import { initTfBackend, loadTransformerModel } from '../src/index';
await initTfBackend();
const model = await loadTransformerModel(process.argv[2] as string);
model.enableLora({ rank: 16, alpha: 32, targetModules: ['q_proj','k_proj','v_proj','o_proj','gate_proj','up_proj','down_proj'] });
const ids = tf.randomUniform([2, 128], 100, 50000, 'int32') as tf.Tensor2D;
const mask = tf.onesLike(ids) as tf.Tensor2D;
const old = model.scoreSequences(ids, mask).logProbs;
const adv = tf.randomNormal([2, 127]);
const base = tf.memory().numBytes;
const profile = await tf.profile(async () => {
  const { value, grads } = tf.variableGrads(() => { const { logProbs } = model.scoreSequences(ids, mask); return tf.neg(tf.mean(tf.mul(adv, tf.exp(tf.sub(logProbs, old))))) as tf.Scalar; }, model.policyVariables());
  await value.data(); tf.dispose([value, Object.values(grads)]);
});
console.log('peak over start MiB', ((profile.peakBytes - base) / 2 ** 20).toFixed(0), 'rss', (process.resourceUsage().maxRSS / 2 ** 20).toFixed(2));
const byName = new Map<string, number>();
for (const k of profile.kernels) { const key = `${k.name} ${JSON.stringify(k.outputShapes)}`; byName.set(key, (byName.get(key) ?? 0) + (k.bytesAdded as number)); }
for (const [k, v] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((v / 2 ** 20).toFixed(0).padStart(7), k);
let peakIndex = 0; profile.kernels.forEach((k, i) => { if (k.totalBytesSnapshot > (profile.kernels[peakIndex] as typeof k).totalBytesSnapshot) peakIndex = i; });
console.log('peak at kernel', peakIndex, 'of', profile.kernels.length, profile.kernels[peakIndex]?.name);
