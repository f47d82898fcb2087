import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { InvalidInputError } from '@rlver/spec';
import { halfToFloatTable, type SafetensorsDtype } from './safetensors';

/** One tensor's bytes in a safetensors file, to decode into `out` from element `offset`. */
export interface TensorReadRequest {
  /** The safetensors file (named in errors). */
  path: string;
  dtype: SafetensorsDtype;
  /** Byte range from the start of the file. */
  begin: number;
  end: number;
  /** A view of a `SharedArrayBuffer`: the threads write into it. */
  out: Float32Array;
  offset: number;
}

/** Source bytes per job: small enough to balance two threads, large enough that a job is not per-call overhead. */
const JOB_BYTES = 8 * 2 ** 20;

/** Options of `readTensorsInParallel`. */
export interface ParallelReadOptions {
  /** Reader threads (default `defaultReadThreads()`). */
  threads?: number;
  /** Source bytes per job, rounded down to a multiple of 4 (default 8 MiB; tests make it small to cut tensors). */
  jobBytes?: number;
}

/**
 * The worker's whole program (plain CommonJS, so it runs the same under tsx, vitest and the built package). It
 * claims jobs through a shared counter until none is left: reads the job's bytes (F32 straight into the
 * destination, F16/BF16 into its own chunk), then decodes them with the same rules as `decodeInto`: BF16 is the
 * upper half of a float32, F16 goes through the main thread's 65,536-entry table.
 */
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const { openSync, readSync, closeSync } = require('node:fs');
const { jobs, claim, table, jobBytes } = workerData;
const counter = new Int32Array(claim);
const halfTable = new Float32Array(table);
const chunk = new Uint8Array(jobBytes);
const halves = new Uint16Array(chunk.buffer);
const files = new Map();
let current;
function readFully(descriptor, target, length, position) {
  let done = 0;
  while (done < length) {
    const read = readSync(descriptor, target, done, length - done, position + done);
    if (read === 0) throw Object.assign(new Error('short'), { at: position + done });
    done += read;
  }
}
try {
  for (;;) {
    const index = Atomics.add(counter, 0, 1);
    if (index >= jobs.length) break;
    const job = jobs[index];
    current = job;
    let descriptor = files.get(job.path);
    if (descriptor === undefined) {
      descriptor = openSync(job.path, 'r');
      files.set(job.path, descriptor);
    }
    const bytes = job.end - job.begin;
    if (job.dtype === 'F32') {
      readFully(descriptor, new Uint8Array(job.buffer, job.byteOffset, bytes), bytes, job.begin);
      continue;
    }
    readFully(descriptor, chunk, bytes, job.begin);
    const count = bytes / 2;
    if (job.dtype === 'BF16') {
      const words = new Uint32Array(job.buffer, job.byteOffset, count);
      for (let i = 0; i < count; i += 1) words[i] = halves[i] << 16;
    } else {
      const out = new Float32Array(job.buffer, job.byteOffset, count);
      for (let i = 0; i < count; i += 1) out[i] = halfTable[halves[i]];
    }
  }
  parentPort.postMessage({ ok: true });
} catch (error) {
  parentPort.postMessage({ ok: false, path: current && current.path, at: error.at, message: String(error && error.message) });
} finally {
  for (const descriptor of files.values()) closeSync(descriptor);
}
`;

interface Job {
  path: string;
  dtype: SafetensorsDtype;
  begin: number;
  end: number;
  buffer: SharedArrayBuffer;
  byteOffset: number;
}

/** The requests cut into jobs of at most `jobBytes` source bytes (a multiple of 4: whole elements). */
function jobsOf(requests: readonly TensorReadRequest[], jobBytes: number): Job[] {
  const jobs: Job[] = [];
  for (const request of requests) {
    if (!(request.out.buffer instanceof SharedArrayBuffer)) {
      throw new Error(`readTensorsInParallel: the buffer for ${request.path} is not a SharedArrayBuffer.`);
    }
    const width = request.dtype === 'F32' ? 4 : 2;
    for (let begin = request.begin; begin < request.end; begin += jobBytes) {
      const end = Math.min(request.end, begin + jobBytes);
      const element = request.offset + (begin - request.begin) / width;
      jobs.push({
        path: request.path,
        dtype: request.dtype,
        begin,
        end,
        buffer: request.out.buffer,
        byteOffset: request.out.byteOffset + element * 4,
      });
    }
  }
  return jobs;
}

/** Threads to use by default: the cores, at most 4 (the load is memory-bound past that). */
export function defaultReadThreads(): number {
  return Math.max(1, Math.min(4, availableParallelism()));
}

/**
 * Read and decode every request on `threads` worker threads at once. The time of a large load is first-touch
 * page faults of the destination (~5 CPU-s a GiB on the 2-core machine) and the decode: both are spread over the
 * threads, which claim 8 MiB jobs from a shared counter, so a slow thread does not hold the others up. Rejects
 * with `InvalidInputError` naming the file when it ends early or cannot be read.
 */
export async function readTensorsInParallel(
  requests: readonly TensorReadRequest[],
  options: ParallelReadOptions = {},
): Promise<void> {
  const jobBytes = Math.max(4, Math.floor((options.jobBytes ?? JOB_BYTES) / 4) * 4);
  const threads = options.threads ?? defaultReadThreads();
  const jobs = jobsOf(requests, jobBytes);
  if (jobs.length === 0) return;
  const claim = new SharedArrayBuffer(4);
  const table = new SharedArrayBuffer(65_536 * 4);
  new Float32Array(table).set(halfToFloatTable());
  const count = Math.max(1, Math.min(threads, jobs.length));
  const results = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<{ ok: boolean; path?: string; at?: number; message?: string }>((resolve) => {
          const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { jobs, claim, table, jobBytes } });
          let settled = false;
          const settle = (result: { ok: boolean; path?: string; at?: number; message?: string }) => {
            if (settled) return;
            settled = true;
            resolve(result);
            void worker.terminate();
          };
          worker.once('message', settle);
          worker.once('error', (error) => settle({ ok: false, message: error.message }));
          worker.once('exit', () => settle({ ok: false, message: 'the reader thread exited early' }));
        }),
    ),
  );
  const failed = results.find((result) => !result.ok);
  if (!failed) return;
  const file = failed.path ?? requests[0]?.path ?? 'model.safetensors';
  throw new InvalidInputError({
    file,
    message:
      failed.at !== undefined
        ? `file ends early at byte ${failed.at}; fetch the file again`
        : `cannot be read (${failed.message}); check the file and fetch it again`,
  });
}
