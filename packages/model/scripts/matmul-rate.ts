/**
 * fp32 matmul rate of one tfjs backend at a few shapes, as one JSON line on stdout (for
 * `pnpm bench:compute`, which runs this once per backend because a process keeps one backend).
 *
 *   RLVER_TF_BACKEND=wasm npx tsx --conditions=source packages/model/scripts/matmul-rate.ts --shapes 1024x896x3584,128x128x384
 *
 * A shape MxKxN multiplies [M, K] by [K, N] (2·M·K·N FLOP). Each shape runs once to warm up, then until
 * `--seconds` (default 1) have passed, at least twice; the rate is FLOP over wall-clock seconds.
 */
import { parseArgs } from 'node:util';
import { InvalidConfigError } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { initTfBackend } from '../src/tf-backend';

const { values: flags } = parseArgs({
  options: {
    shapes: { type: 'string', default: '1024x896x3584,512x512x512,128x128x384' },
    seconds: { type: 'string', default: '1' },
  },
  strict: true,
});

function parseShapes(text: string): Array<[number, number, number]> {
  return text.split(',').map((shape) => {
    const sizes = shape.split('x').map(Number);
    if (sizes.length !== 3 || sizes.some((size) => !Number.isInteger(size) || size < 1)) {
      throw new InvalidConfigError({ field: '--shapes', message: `--shapes has "${shape}"; write each as MxKxN.` });
    }
    return sizes as [number, number, number];
  });
}

async function matmulRate([rows, inner, columns]: [number, number, number], seconds: number) {
  const left = tf.randomNormal([rows, inner], 0, 1, 'float32', 1);
  const right = tf.randomNormal([inner, columns], 0, 1, 'float32', 2);
  const once = async () => {
    const product = tf.matMul(left, right);
    await product.data();
    product.dispose();
  };
  await once();
  let repetitions = 0;
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  while (repetitions < 2 || performance.now() - started < seconds * 1000) {
    await once();
    repetitions += 1;
  }
  const wallSeconds = (performance.now() - started) / 1000 / repetitions;
  const cpu = process.cpuUsage(cpuStart);
  tf.dispose([left, right]);
  const flop = 2 * rows * inner * columns;
  return {
    shape: `${rows}x${inner}x${columns}`,
    repetitions,
    secondsPerMatmul: wallSeconds,
    gflops: flop / wallSeconds / 1e9,
    cpuSecondsPerMatmul: (cpu.user + cpu.system) / 1e6 / repetitions,
  };
}

const backend = await initTfBackend();
const results = [];
for (const shape of parseShapes(flags.shapes ?? '')) results.push(await matmulRate(shape, Number(flags.seconds)));
console.log(JSON.stringify({ backend, matmul: results }));
