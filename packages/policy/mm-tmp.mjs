import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-wasm';
await tf.setBackend('wasm'); await tf.ready();
function bench(name, fn, flops) {
  for (let i = 0; i < 2; i++) tf.tidy(() => fn().dataSync());
  const c0 = process.cpuUsage(); const n = 10; const t0 = performance.now();
  for (let i = 0; i < n; i++) tf.tidy(() => fn().dataSync());
  const cpu = process.cpuUsage(c0); const ms = (cpu.user + cpu.system) / 1000 / n;
  console.log(name.padEnd(20), ms.toFixed(1), 'ms cpu', ((performance.now() - t0) / n).toFixed(1), 'ms wall', (flops / ms / 1e6).toFixed(2), 'GFLOP/s');
}
const dy = tf.randomNormal([1024, 512]);
bench('add', () => tf.add(dy, dy), 1024 * 512);
const x = tf.randomNormal([1024, 192]); const w = tf.randomNormal([192, 512]); const wt = tf.randomNormal([512, 192]);
bench('x·W', () => tf.matMul(x, w), 2 * 1024 * 192 * 512);
bench('x·Wt^T', () => tf.matMul(x, wt, false, true), 2 * 1024 * 192 * 512);
bench('x^T·dy', () => tf.matMul(x, dy, true, false), 2 * 1024 * 192 * 512);
bench('add', () => tf.add(dy, dy), 1024 * 512);
