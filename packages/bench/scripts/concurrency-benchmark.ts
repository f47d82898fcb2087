/**
 * Concurrency benchmark of the benchmark runner (not a test). A loopback OpenAI-protocol server adds a fixed
 * latency to every call; 100 profiles × 10 judged turns run through `runBenchmark` with the LLM simulator
 * (2 calls per turn) and an HTTP policy (1 call per turn), at concurrency 100 and at concurrency 1.
 * Reports wall time against the critical path (longest episode's sequential calls × latency), the speed-up,
 * and the CPU time per call of the runner process and of the server process.
 *
 * The server runs in a child process (as a remote endpoint would) and keeps no log of the requests it served;
 * on a 2-core machine the two processes still share the CPU with each other and with anything else running,
 * so the wall time at concurrency 100 is bounded below by (runner + server) CPU time when cores are busy.
 *
 *   npx tsx --conditions=source packages/bench/scripts/concurrency-benchmark.ts [--latency 100] [--profiles 100]
 *     [--sequential-profiles 100]   (fewer sequential profiles → the concurrency-1 time is extrapolated)
 */

import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type ChatClient, createOpenAIChatClient } from '@rlver/llm';
import { createLlmSimulator } from '@rlver/simulator';
import type { DialoguePolicyV1, Profile, Trajectory } from '@rlver/spec';
import { startOpenAITestServer } from '@rlver/test-utils';
import { runBenchmark } from '../src/index';

const { values } = parseArgs({
  options: {
    latency: { type: 'string', default: '100' },
    profiles: { type: 'string', default: '100' },
    'sequential-profiles': { type: 'string', default: '100' },
    serve: { type: 'boolean', default: false },
  },
});
const latencyMs = Number(values.latency);
const profileCount = Number(values.profiles);
const sequentialCount = Math.min(profileCount, Number(values['sequential-profiles']));

// Scripted outputs that never end a dialogue: Δ = 0 keeps the emotion at 40, and no reply says goodbye.
const ANALYSIS =
  'Content:\n[meaning]\nAsks a question.\nTargetCompletion:\n[fit]\nPartly.\nActivity:\n[inner]\nCalm.\nAnalyse:\n[feeling]\nNeutral.\nChange:\n0';
const REPLY = 'Thinking:\nneutral\nOrigin:\nok\nChange:\nshort\nResponse:\nHmm, go on.';
const POLICY_REPLY = 'That sounds hard. What happened next?';

function profilesOf(count: number): Profile[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `bench-${String(index).padStart(3, '0')}`,
    player: '- Name: Test User\n- Age: 30\n- Occupation: clerk',
    scene: '## Background\nA synthetic worry about a delayed train.\n#### Hidden theme:\n***You want to be heard',
    main_cha: 'passive',
    cha_group: ['cautious', 'patient', 'humble'],
    task: 'You want attentive listening while you vent',
    first_talk: 'My train was late again today.',
    lang: 'en' as const,
  }));
}

/** A minimal chat-API policy: one chat completion per request (what a ChatApiPolicy does). */
function createHttpPolicy(client: ChatClient): DialoguePolicyV1 {
  return {
    specificationVersion: 'v1',
    policyId: `openai:${client.model}`,
    async doAct({ requests, signal }) {
      return Promise.all(
        requests.map(async (request) => {
          const result = await client.complete({ messages: request.messages, temperature: 0, signal });
          return {
            text: result.text,
            finishReason: 'stop' as const,
            promptTokenCount: result.promptTokens ?? 0,
            outputTokenCount: result.completionTokens ?? 0,
            latencyMs: result.latencyMs,
          };
        }),
      );
    },
  };
}

/** Sequential calls of one episode: one policy call per turn plus the simulator's calls. */
const callsOf = (trajectory: Trajectory) =>
  trajectory.turns.length + trajectory.turns.reduce((total, turn) => total + turn.simulatorCalls, 0);

async function measure(baseURL: string, count: number, concurrency: number) {
  const client = (model: string) => createOpenAIChatClient({ model, baseURL, timeoutMs: 30_000 });
  const simulator = createLlmSimulator({
    client: client('simulator'),
    preset: 'sage',
    emotion: { maxPolicyTurns: 10, scoreFinalReply: true },
  });
  const outDir = mkdtempSync(join(tmpdir(), 'concurrency-benchmark-'));
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const result = await runBenchmark({
    profiles: profilesOf(count),
    simulator,
    policy: createHttpPolicy(client('policy')),
    outDir,
    concurrency,
  });
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = Math.round((cpu.user + cpu.system) / 1000);
  rmSync(outDir, { recursive: true, force: true });
  const longestCalls = Math.max(...result.trajectories.map(callsOf));
  const calls = result.trajectories.reduce((total, trajectory) => total + callsOf(trajectory), 0);
  const errors = result.trajectories.filter((trajectory) => trajectory.stopReason === 'error').length;
  const turns = result.trajectories.map((trajectory) => trajectory.turns.length);
  const durations = result.trajectories.map((trajectory) => trajectory.durationMs);
  const episodeMs = {
    mean: Math.round(durations.reduce((a, b) => a + b, 0) / durations.length),
    max: Math.round(Math.max(...durations)),
  };
  return {
    wallMs,
    cpuMs,
    episodeMs,
    longestCalls,
    calls,
    criticalPathMs: longestCalls * latencyMs,
    errors,
    minTurns: Math.min(...turns),
    maxTurns: Math.max(...turns),
  };
}

/**
 * Lower bound: the same number of calls (100 workers × 30 sequential calls) through the chat client alone, without
 * simulator, environment or runner, to separate the HTTP client's cost from the runner's.
 */
async function measureClientOnly(baseURL: string, workers: number, callsPerWorker: number) {
  const client = createOpenAIChatClient({ model: 'policy', baseURL, timeoutMs: 30_000 });
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let call = 0; call < callsPerWorker; call += 1) {
        await client.complete({ messages: [{ role: 'user', content: `worker ${worker} call ${call}` }] });
      }
    }),
  );
  const cpu = process.cpuUsage(cpuBefore);
  return { wallMs: Math.round(performance.now() - started), cpuMs: Math.round((cpu.user + cpu.system) / 1000) };
}

/** What the server process reports: the most requests it held at once and the CPU time it has used. */
interface ServerStats {
  maxInFlight: number;
  cpuMs: number;
}

/** The loopback server runs in a child process, off the runner's event loop (it still shares the cores). */
async function startServerProcess(): Promise<{
  baseURL: string;
  stats: () => Promise<ServerStats>;
  close: () => void;
}> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve', '--latency', String(latencyMs)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const baseURL = await new Promise<string>((resolve, reject) => {
    child.once('message', (message) => resolve(String((message as { baseURL: string }).baseURL)));
    child.once('exit', (code) => reject(new RangeError(`server process exited with code ${code}`)));
  });
  return {
    baseURL,
    stats: () =>
      new Promise<ServerStats>((resolve) => {
        child.once('message', (message) => resolve(message as ServerStats));
        child.send('stats');
      }),
    close: () => child.kill(),
  };
}

async function serve(): Promise<void> {
  const server = await startOpenAITestServer(
    (request) => {
      const model = request.body.model;
      const prompt = request.body.messages?.[0]?.content ?? '';
      const content = model === 'policy' ? POLICY_REPLY : prompt.includes('\nResponse:\n') ? REPLY : ANALYSIS;
      return { content, delayMs: latencyMs };
    },
    { recordRequests: false },
  );
  process.on('message', () => {
    const cpu = process.cpuUsage();
    process.send?.({ maxInFlight: server.maxInFlight(), cpuMs: (cpu.user + cpu.system) / 1000 } satisfies ServerStats);
  });
  process.send?.({ baseURL: server.baseURL });
}

async function main(): Promise<void> {
  const server = await startServerProcess();
  try {
    // Warm-up (module loading, JIT, connection pool) so that both runs measure the steady state.
    await measure(server.baseURL, 4, 4);
    const serverBefore = await server.stats();
    const parallel = await measure(server.baseURL, profileCount, profileCount);
    const serverAfter = await server.stats();
    const { calls } = parallel;
    const clientOnly = await measureClientOnly(server.baseURL, profileCount, parallel.longestCalls);
    const sequential = await measure(server.baseURL, sequentialCount, 1);
    const sequentialFullMs = (sequential.wallMs / sequentialCount) * profileCount;
    const report = {
      latencyMs,
      profiles: profileCount,
      turnsPerEpisode: `${parallel.minTurns}–${parallel.maxTurns}`,
      callsPerEpisode: parallel.longestCalls,
      criticalPathMs: parallel.criticalPathMs,
      concurrency100: {
        wallMs: Math.round(parallel.wallMs),
        ratioToCriticalPath: Number((parallel.wallMs / parallel.criticalPathMs).toFixed(3)),
        peakRequestsInFlight: serverAfter.maxInFlight,
        calls,
        runnerCpuMs: parallel.cpuMs,
        runnerCpuMsPerCall: Number((parallel.cpuMs / calls).toFixed(3)),
        serverCpuMsPerCall: Number(((serverAfter.cpuMs - serverBefore.cpuMs) / calls).toFixed(3)),
        episodeMs: parallel.episodeMs,
        errors: parallel.errors,
      },
      clientOnlyBaseline: {
        ...clientOnly,
        calls: profileCount * parallel.longestCalls,
        cpuMsPerCall: Number((clientOnly.cpuMs / (profileCount * parallel.longestCalls)).toFixed(3)),
      },
      concurrency1: {
        profilesRun: sequentialCount,
        wallMs: Math.round(sequential.wallMs),
        wallMsFor100: Math.round(sequentialFullMs),
        extrapolated: sequentialCount < profileCount,
        errors: sequential.errors,
      },
      speedUp: Number((sequentialFullMs / parallel.wallMs).toFixed(1)),
      target: 'wall ≤ 1.3 × critical path at concurrency 100',
      targetMet: parallel.wallMs <= 1.3 * parallel.criticalPathMs,
      loadAverage: loadavg().map((value) => Number(value.toFixed(1))),
      cpus: cpus().length,
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  } finally {
    server.close();
  }
}

await (values.serve ? serve() : main());
