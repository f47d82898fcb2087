#!/usr/bin/env node
// Compute benchmark anyone can rerun: what each tfjs backend achieves on this machine.
//
//   pnpm bench:compute [--backends tensorflow,wasm,cpu] [--policy-backends tensorflow,wasm] [--quick]
//                      [--main-job runs/<run-id>] [--out bench-results/compute.json]
//
// Measures, in one run, with one child process per backend (a process keeps one tfjs backend):
// - fp32 matmul GFLOP/s of each backend that loads (native TensorFlow, wasm, cpu), and numpy's when
//   python3 has it, at [1024,896]x[896,3584] (a Qwen2.5-0.5B MLP), 512³ and [128,128]x[128,384];
// - the policy's training tokens/s and generation tokens/s at batch 1, 16 and 64
//   (packages/policy/scripts/benchmark-policy.ts, embedded model when built). The cpu backend is left out
//   of this part by default: it is two orders of magnitude slower.
// - with --main-job <run folder> (a finished `pnpm train` run), the main job's phase split: rollout generation and
//   policy update summed over its steps (metrics.jsonl, perf/rollout_seconds and perf/update_seconds), the rest of
//   its wall time (summary.json) being start-up, checkpoints and the benchmark after training (the benchmark before
//   training runs on the second core beside the first steps).
// Prints each figure's ratio to the best backend and writes everything, with the load average, as JSON.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const rootDirectory = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const policyDirectory = join(rootDirectory, 'packages/policy');
const { values: flags } = parseArgs({
  options: {
    backends: { type: 'string', default: 'tensorflow,wasm,cpu' },
    'policy-backends': { type: 'string', default: 'tensorflow,wasm' },
    shapes: { type: 'string', default: '1024x896x3584,512x512x512,128x128x384' },
    quick: { type: 'boolean', default: false },
    out: { type: 'string', default: 'bench-results/compute.json' },
    'main-job': { type: 'string' },
  },
  strict: true,
});
const shapes = flags.shapes.split(',');
const startedAt = new Date();
const loadBefore = loadavg();

function tsx(script, args, backend) {
  return spawnSync(
    process.execPath,
    [join(rootDirectory, 'node_modules/tsx/dist/cli.mjs'), '--conditions=source', script, ...args],
    {
      cwd: policyDirectory,
      encoding: 'utf8',
      env: { ...process.env, RLVER_TF_BACKEND: backend },
      maxBuffer: 16 * 1024 * 1024,
      timeout: 1_800_000,
    },
  );
}

/** Why a child failed, in one line: the thrown error's message when there is one. */
function failure(result) {
  const lines = `${result.stderr}`.split('\n');
  return (lines.find((line) => /Error/.test(line)) ?? lines.at(-2) ?? `status ${result.status}`).trim().slice(0, 300);
}

function matmulOnBackend(backend) {
  console.error(`[bench:compute] matmul on ${backend}`);
  const result = tsx(
    // The matmul script lives with the engine (packages/model); children run from packages/policy.
    join(rootDirectory, 'packages/model/scripts/matmul-rate.ts'),
    ['--shapes', flags.shapes, '--seconds', flags.quick ? '0.5' : '2'],
    backend,
  );
  const line = `${result.stdout}`.split('\n').find((text) => text.startsWith('{'));
  if (result.status !== 0 || !line) return { backend, available: false, reason: failure(result) };
  return { backend, available: true, ...JSON.parse(line) };
}

const numpyScript = `
import json, sys, time
try:
    import numpy as np
except ImportError:
    print(json.dumps({"available": False, "reason": "numpy is not installed"})); sys.exit(0)
results = []
for shape in sys.argv[1].split(","):
    m, k, n = map(int, shape.split("x"))
    rng = np.random.default_rng(1)
    a = rng.standard_normal((m, k), dtype=np.float32); b = rng.standard_normal((k, n), dtype=np.float32)
    a @ b
    repetitions, started = 0, time.perf_counter()
    while repetitions < 2 or time.perf_counter() - started < float(sys.argv[2]):
        a @ b; repetitions += 1
    seconds = (time.perf_counter() - started) / repetitions
    results.append({"shape": shape, "repetitions": repetitions, "secondsPerMatmul": seconds, "gflops": 2 * m * k * n / seconds / 1e9})
print(json.dumps({"available": True, "version": np.__version__, "matmul": results}))
`;

function matmulOnNumpy() {
  console.error('[bench:compute] matmul on numpy');
  const result = spawnSync('python3', ['-c', numpyScript, flags.shapes, flags.quick ? '0.5' : '2'], {
    encoding: 'utf8',
    timeout: 600_000,
  });
  if (result.error || result.status !== 0) {
    return { backend: 'numpy', available: false, reason: result.error?.message ?? failure(result) };
  }
  return { backend: 'numpy', ...JSON.parse(result.stdout) };
}

function policyOnBackend(backend) {
  console.error(`[bench:compute] policy throughput on ${backend}`);
  const out = join(tmpdir(), `rlver-bench-policy-${process.pid}-${backend}.json`);
  const args = ['--backend', backend, '--out', out, ...(flags.quick ? ['--quick'] : [])];
  const result = tsx('scripts/benchmark-policy.ts', args, backend);
  if (result.status !== 0) return { backend, available: false, reason: failure(result) };
  const report = JSON.parse(readFileSync(out, 'utf8'));
  rmSync(out, { force: true });
  return {
    backend,
    available: true,
    model: report.model,
    parameters: report.parameters,
    trainingTokensPerSecond: report.training.tokensPerSecond,
    trainingAchievedGflops: report.training.achievedGflops,
    trainingGflopsPerCpuSecond: report.training.achievedGflopsPerCpuSecond,
    // The training step's GFLOP per CPU-second over a 512³ matmul's, both timed in the same process.
    trainingToMatmulRatio: report.trainingToMatmulRatio,
    trainingBatch: `${report.training.batch}x${report.training.sequenceLength}`,
    generationTokensPerSecond: Object.fromEntries(
      Object.entries(report.decodeTokensPerSecond).map(([batch, timing]) => [batch, timing.wall]),
    ),
    peakRssBytes: report.memory.peakRssBytes,
  };
}

/** The phase split of a finished `pnpm train` run folder; a clear error naming what is missing. */
function mainJobPhases(runDirectory) {
  const folder = resolve(process.env.INIT_CWD ?? rootDirectory, runDirectory);
  const read = (name) => {
    try {
      return readFileSync(join(folder, name), 'utf8');
    } catch {
      console.error(
        `bench:compute: --main-job ${runDirectory}: no ${name} in ${folder}; give the folder of a finished \`pnpm train\` run (runs/<run-id>)`,
      );
      process.exit(2);
    }
  };
  const summary = JSON.parse(read('summary.json'));
  let rollout = 0;
  let update = 0;
  let steps = 0;
  for (const line of read('metrics.jsonl').split('\n')) {
    if (line.trim() === '') continue;
    const row = JSON.parse(line);
    if (typeof row['perf/rollout_seconds'] !== 'number') continue;
    rollout += row['perf/rollout_seconds'];
    update += row['perf/update_seconds'] ?? 0;
    steps += 1;
  }
  const wall = summary.wallSeconds;
  const rest = Math.max(0, wall - rollout - update);
  return {
    runId: summary.runId,
    algo: summary.algo,
    backend: summary.backend,
    steps,
    wallSeconds: wall,
    rolloutSeconds: rollout,
    updateSeconds: update,
    otherSeconds: rest,
    shares: { rollout: rollout / wall, update: update / wall, other: rest / wall },
  };
}

const mainJob = flags['main-job'] ? mainJobPhases(flags['main-job']) : undefined;
const matmul = [...flags.backends.split(',').map(matmulOnBackend), matmulOnNumpy()];
const policy = flags['policy-backends'].split(',').filter(Boolean).map(policyOnBackend);

/** Rows of [label, value] with each value's ratio to the best in its column. */
function printColumn(title, entries) {
  const best = Math.max(...entries.map(([, value]) => value));
  console.log(`\n${title}`);
  for (const [label, value] of entries) {
    console.log(`  ${label.padEnd(12)} ${value.toFixed(1).padStart(9)}   ${(value / best).toFixed(3)}× best`);
  }
}

console.log(
  `\nbench:compute on ${availableParallelism()} cores (${cpus()[0]?.model ?? 'unknown CPU'}), load ${loadBefore.map((load) => load.toFixed(2)).join(' ')}`,
);
for (const entry of matmul.filter((item) => !item.available))
  console.log(`  ${entry.backend}: unavailable (${entry.reason})`);
for (const [index, shape] of shapes.entries()) {
  const entries = matmul.filter((item) => item.available).map((item) => [item.backend, item.matmul[index].gflops]);
  printColumn(`matmul ${shape} GFLOP/s`, entries);
}
// On a shared machine wall-clock rates fall with the load; GFLOP per CPU-second of the process does not
// (numpy's CPU time is not measured). It shows per-core efficiency, so it hides native's use of both cores.
for (const [index, shape] of shapes.entries()) {
  const entries = matmul
    .filter((item) => item.available && item.matmul[index].cpuSecondsPerMatmul)
    .map((item) => [
      item.backend,
      item.matmul[index].gflops * (item.matmul[index].secondsPerMatmul / item.matmul[index].cpuSecondsPerMatmul),
    ]);
  printColumn(`matmul ${shape} GFLOP per CPU-second`, entries);
}
const ran = policy.filter((item) => item.available);
for (const entry of policy.filter((item) => !item.available))
  console.log(`  policy on ${entry.backend}: failed (${entry.reason})`);
if (ran.length > 0) {
  console.log(`\npolicy: ${ran[0].model}, ${(ran[0].parameters / 1e6).toFixed(2)} M parameters`);
  printColumn(
    `training tokens/s (batch ${ran[0].trainingBatch})`,
    ran.map((item) => [item.backend, item.trainingTokensPerSecond]),
  );
  console.log("\ntraining step GFLOP per CPU-second (share of a 512³ matmul's, same process)");
  for (const item of ran) {
    const share = `${(100 * item.trainingToMatmulRatio).toFixed(0)} %`;
    console.log(`  ${item.backend.padEnd(12)} ${item.trainingGflopsPerCpuSecond.toFixed(1).padStart(9)}   ${share}`);
  }
  for (const batch of ['batch1', 'batch16', 'batch64']) {
    printColumn(
      `generation tokens/s, ${batch}`,
      ran.map((item) => [item.backend, item.generationTokensPerSecond[batch]]),
    );
  }
}
if (mainJob) {
  const percent = (share) => `${(100 * share).toFixed(0)} %`;
  console.log(
    `\nmain job ${mainJob.runId} (${mainJob.algo}, ${mainJob.backend}, ${mainJob.steps} steps): wall ${mainJob.wallSeconds.toFixed(0)} s = rollout generation ${mainJob.rolloutSeconds.toFixed(0)} s (${percent(mainJob.shares.rollout)}) + policy update ${mainJob.updateSeconds.toFixed(0)} s (${percent(mainJob.shares.update)}) + start-up, checkpoints and the benchmark after training ${mainJob.otherSeconds.toFixed(0)} s (${percent(mainJob.shares.other)})`,
  );
}
const loadAfter = loadavg();
console.log(
  `\nload average before ${loadBefore.map((load) => load.toFixed(2)).join(' ')}, after ${loadAfter.map((load) => load.toFixed(2)).join(' ')}`,
);
const report = {
  schemaVersion: 1,
  startedAt: startedAt.toISOString(),
  seconds: (Date.now() - startedAt.getTime()) / 1000,
  machine: { cores: availableParallelism(), cpu: cpus()[0]?.model, node: process.version },
  loadAverage: { before: loadBefore, after: loadAfter },
  matmul,
  policy,
  ...(mainJob ? { mainJob } : {}),
};
const outPath = resolve(process.env.INIT_CWD ?? rootDirectory, flags.out);
mkdirSync(dirname(outPath), { recursive: true });
writeFileSync(outPath, `${JSON.stringify(report, null, 2)}\n`);
console.log(`wrote ${outPath}`);
