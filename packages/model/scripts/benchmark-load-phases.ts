/**
 * Where the time of loading a safetensors checkpoint goes, phase by phase, and the whole load on one reader thread
 * (the loader before issue 15's threaded read) against the default (reader threads), interleaved in one process.
 *
 *   nice -n 15 npx tsx --conditions=source packages/model/scripts/benchmark-load-phases.ts \
 *     --model /tmp/qwen-0.5b-f16 [--repeats 2] [--out FILE]
 *
 * Phases, each measured alone (wall and CPU seconds of this process):
 * - `header`: opening every file and parsing its header;
 * - `fileRead`: reading every tensor's bytes into one reused 8 MiB chunk (the page cache after the first run);
 * - `decode`: F16/BF16 → float32 of every element into one warm, reused buffer (the conversion alone);
 * - `firstTouch1` / `firstTouchN`: writing the float32 weights' size of fresh memory once, on 1 thread / on the
 *   reader threads (the page faults every load pays for its destination);
 * - `load1` / `loadThreads`: `loadTransformerModel` with `readThreads: 1` / the default, then one forward token
 *   (`firstToken`: what the load may have left for the first op).
 * Run with `GLIBC_TUNABLES=glibc.malloc.hugetlb=1` to see the page-fault phases with transparent huge pages.
 */
import { writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import * as tf from '@tensorflow/tfjs-core';
import { initTfBackend, loadTransformerModel } from '../src/index';
import { defaultReadThreads } from '../src/parallel-tensor-read';
import { decodeInto } from '../src/safetensors';
import { SafetensorsFile } from '../src/safetensors-file';

const { values: flags } = parseArgs({
  options: { model: { type: 'string' }, repeats: { type: 'string', default: '2' }, out: { type: 'string' } },
  strict: true,
});
if (!flags.model) throw new Error('--model is missing: pass a model folder (see make-shaped-checkpoint.ts).');
const directory = flags.model;
const backend = await initTfBackend();
const report: Record<string, unknown> = {
  backend,
  model: directory,
  threads: defaultReadThreads(),
  glibcTunables: process.env.GLIBC_TUNABLES ?? '',
  loadAverageBefore: loadavg(),
};

async function timed(label: string, run: () => unknown): Promise<void> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await run();
  const used = process.cpuUsage(cpu);
  const row = {
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: (used.user + used.system) / 1e6,
    systemCpuSeconds: used.system / 1e6,
  };
  const rows = (report[label] as (typeof row)[] | undefined) ?? [];
  report[label] = [...rows, row];
  console.log(
    `${label.padEnd(12)} ${row.seconds.toFixed(2)} s wall · ${row.cpuSeconds.toFixed(2)} CPU-s (system ${row.systemCpuSeconds.toFixed(2)})`,
  );
}

const names = (await readdir(directory)).filter((name) => name.endsWith('.safetensors'));
let files: SafetensorsFile[] = [];
await timed('header', () => {
  files = names.map((name) => SafetensorsFile.open(join(directory, name)));
});
const entries = files.flatMap((file) => [...file.entries.values()].map((entry) => ({ file, entry })));
const elements = entries.reduce((sum, { entry }) => sum + entry.shape.reduce((product, size) => product * size, 1), 0);
report.elements = elements;
const CHUNK = 8 * 2 ** 20;

for (let repeat = 0; repeat < Number(flags.repeats); repeat += 1) {
  const chunk = new Uint8Array(CHUNK);
  const { readSync, openSync, closeSync } = await import('node:fs');
  await timed('fileRead', () => {
    for (const file of files) {
      const descriptor = openSync(file.path, 'r');
      for (const entry of file.entries.values()) {
        for (let position = entry.begin; position < entry.end; position += CHUNK) {
          readSync(descriptor, chunk, 0, Math.min(CHUNK, entry.end - position), position);
        }
      }
      closeSync(descriptor);
    }
  });
  const warm = new Float32Array(CHUNK / 2);
  warm.fill(0);
  await timed('decode', () => {
    for (const { entry } of entries) {
      const width = entry.dtype === 'F32' ? 4 : 2;
      for (let position = entry.begin; position < entry.end; position += CHUNK) {
        const bytes = Math.min(CHUNK, entry.end - position);
        decodeInto(chunk.subarray(0, bytes), entry.dtype, bytes / width, warm);
      }
    }
  });
  await timed('firstTouch1', () => {
    new Float32Array(elements).fill(1);
  });
  await timed('firstTouchN', () => firstTouchOnThreads(elements, defaultReadThreads()));
  for (const [label, readThreads] of [
    ['load1', 1],
    ['loadThreads', undefined],
  ] as const) {
    let model: Awaited<ReturnType<typeof loadTransformerModel>> | undefined;
    await timed(label, async () => {
      model = await loadTransformerModel(directory, readThreads === undefined ? {} : { readThreads });
    });
    await timed(`${label}First`, () =>
      tf.tidy(() =>
        model?.forwardLogits(tf.tensor2d([[100]], [1, 1], 'int32'), tf.tensor2d([[1]], [1, 1], 'int32')).dataSync(),
      ),
    );
    model?.dispose();
  }
}
for (const file of files) file.close();
report.loadAverageAfter = loadavg();
if (flags.out) writeFileSync(flags.out, `${JSON.stringify(report, null, 2)}\n`);

/** Fresh shared memory of `elements` float32 written once, split over `threads` worker threads. */
async function firstTouchOnThreads(count: number, threads: number): Promise<void> {
  const buffer = new SharedArrayBuffer(count * 4);
  const part = Math.ceil(count / threads);
  await Promise.all(
    Array.from(
      { length: threads },
      (_, index) =>
        new Promise<void>((resolve, reject) => {
          const worker = new Worker(
            `const { workerData: d, parentPort } = require('node:worker_threads');
             new Float32Array(d.buffer, d.start * 4, d.length).fill(1);
             parentPort.postMessage(0);`,
            {
              eval: true,
              workerData: { buffer, start: index * part, length: Math.max(0, Math.min(part, count - index * part)) },
            },
          );
          worker.once('message', () => {
            void worker.terminate();
            resolve();
          });
          worker.once('error', reject);
        }),
    ),
  );
}
