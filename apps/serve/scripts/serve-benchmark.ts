/**
 * Load benchmark of rlver-serve (not a test). The server runs in its own process, as in production; a load driver
 * keeps `--concurrency` episodes in flight (create → step until done → delete, over and over) for `--seconds`, and
 * reports steps/s and the p50/p99 latency of steps and creates, then the server's memory per 1,000 open episodes.
 *
 *   npx tsx --conditions=source apps/serve/scripts/serve-benchmark.ts                       # offline simulator
 *   npx tsx --conditions=source apps/serve/scripts/serve-benchmark.ts --simulator llm --latency 200
 *       (LLM simulator against the loopback OpenAI-protocol server of @rlver/test-utils, in a third process,
 *        answering every call after --latency ms)
 *   options: --concurrency 100 --seconds 20 --durability fsync|write|memory --memory-episodes 1000 --memory-turns 4
 */

import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startOpenAITestServer } from '@rlver/test-utils';
import { call, percentile, REPLIES, startServer } from './serve-process';

const { values } = parseArgs({
  options: {
    simulator: { type: 'string', default: 'offline' },
    latency: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '20' },
    durability: { type: 'string', default: 'fsync' },
    'memory-episodes': { type: 'string', default: '1000' },
    'memory-turns': { type: 'string', default: '4' },
    role: { type: 'string', default: 'driver' },
  },
});

// Scripted LLM outputs that keep a dialogue going: Δ = +2 per turn, and no reply says goodbye.
const ANALYSIS =
  'Content:\n[meaning]\nAsks a question.\nTargetCompletion:\n[fit]\nPartly.\nActivity:\n[inner]\nCalm.\nAnalyse:\n[feeling]\nNeutral.\nChange:\n2';
const REPLY = 'Thinking:\nneutral\nOrigin:\nok\nChange:\nshort\nResponse:\nHmm, go on.';
async function runStub(): Promise<void> {
  const latencyMs = Number(values.latency);
  const server = await startOpenAITestServer(
    async (request) => {
      const prompt = request.body.messages?.[0]?.content ?? '';
      return { content: prompt.includes('\nResponse:\n') ? REPLY : ANALYSIS, delayMs: latencyMs };
    },
    { recordRequests: false },
  );
  process.send?.({ baseURL: server.baseURL });
}

/** CPU seconds (user + system) a process has used, from /proc (Linux). */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function drive(url: string, lang: string, serverPid: number) {
  const concurrency = Number(values.concurrency);
  const deadline = performance.now() + Number(values.seconds) * 1000;
  const stepMs: number[] = [];
  const createMs: number[] = [];
  let errors = 0;
  let episodes = 0;
  const worker = async (index: number) => {
    let seed = index * 100_000;
    while (performance.now() < deadline) {
      let started = performance.now();
      const created = await call(`${url}/v1/episodes`, 'POST', { seed: seed++, lang });
      createMs.push(performance.now() - started);
      if (created.status !== 200) {
        errors += 1;
        continue;
      }
      const id = created.json.episode_id as string;
      for (let turn = 0; performance.now() < deadline; turn += 1) {
        started = performance.now();
        const step = await call(`${url}/v1/episodes/${id}/step`, 'POST', {
          content: (REPLIES[lang] as string[])[(index + turn) % 4],
          request_id: `${id}-${turn}`,
        });
        stepMs.push(performance.now() - started);
        if (step.status !== 200) errors += 1;
        if (step.status !== 200 || step.json.done) break;
      }
      await call(`${url}/v1/episodes/${id}`, 'DELETE');
      episodes += 1;
    }
  };
  const began = performance.now();
  const serverCpuBefore = cpuSecondsOf(serverPid);
  const driverCpuBefore = process.cpuUsage();
  const loadBefore = loadavg()[0] as number;
  await Promise.all(Array.from({ length: concurrency }, (_, index) => worker(index)));
  const seconds = (performance.now() - began) / 1000;
  const serverCpu = cpuSecondsOf(serverPid) - serverCpuBefore;
  const driverCpu = process.cpuUsage(driverCpuBefore);
  const steps = [...stepMs].sort((a, b) => a - b);
  const creates = [...createMs].sort((a, b) => a - b);
  return {
    concurrency,
    seconds: Number(seconds.toFixed(1)),
    steps: steps.length,
    stepsPerSecond: Math.round(steps.length / seconds),
    episodesCompleted: episodes,
    errors,
    serverCpuMsPerStep: Number(((serverCpu * 1000) / stepMs.length).toFixed(3)),
    driverCpuMsPerStep: Number(((driverCpu.user + driverCpu.system) / 1000 / stepMs.length).toFixed(3)),
    loadAverage: { before: Number(loadBefore.toFixed(2)), after: Number((loadavg()[0] as number).toFixed(2)) },
    stepLatencyMs: { p50: Number(percentile(steps, 0.5).toFixed(1)), p99: Number(percentile(steps, 0.99).toFixed(1)) },
    createLatencyMs: {
      p50: Number(percentile(creates, 0.5).toFixed(1)),
      p99: Number(percentile(creates, 0.99).toFixed(1)),
    },
  };
}

async function measureMemory(url: string, lang: string) {
  const count = Number(values['memory-episodes']);
  const turns = Number(values['memory-turns']);
  const before = (await call(`${url}/v1/stats?gc=1`, 'GET')).json;
  for (let start = 0; start < count; start += 100) {
    await Promise.all(
      Array.from({ length: Math.min(100, count - start) }, async (_, offset) => {
        const created = await call(`${url}/v1/episodes`, 'POST', {
          seed: 900_000 + start + offset,
          lang,
          max_turns: turns,
        });
        for (let turn = 0; turn < turns; turn += 1) {
          await call(`${url}/v1/episodes/${created.json.episode_id}/step`, 'POST', {
            content: (REPLIES[lang] as string[])[turn],
          });
        }
      }),
    );
  }
  const after = (await call(`${url}/v1/stats?gc=1`, 'GET')).json;
  const per1000 = (field: 'rss_bytes' | 'heap_used_bytes') =>
    Math.round((((after.memory[field] - before.memory[field]) / count) * 1000) / 1024 / 1024);
  return {
    openEpisodes: after.open_episodes,
    turnsEach: turns,
    heapMiBPer1000: per1000('heap_used_bytes'),
    rssMiBPer1000: per1000('rss_bytes'),
    rssMiBTotal: Math.round(after.memory.rss_bytes / 1024 / 1024),
    logLiveMiBPer1000: after.log ? Math.round(((after.log.live_bytes / count) * 1000) / 1024 / 1024) : null,
  };
}

async function main(): Promise<void> {
  if (values.role === 'stub') return runStub();
  const extra: string[] = ['--max-episodes', '100000', '--preset', 'rlver-train'];
  const stateDir = values.durability === 'memory' ? null : mkdtempSync(join(tmpdir(), 'serve-benchmark-'));
  if (stateDir) extra.push('--state-dir', stateDir, '--durability', values.durability as string);
  let stub: ChildProcess | undefined;
  if (values.simulator === 'llm') {
    stub = fork(fileURLToPath(import.meta.url), ['--role', 'stub', '--latency', values.latency as string], {
      execArgv: ['--conditions=source', '--import', 'tsx'],
    });
    const baseURL = await new Promise<string>((resolve) =>
      stub?.once('message', (message) => resolve((message as { baseURL: string }).baseURL)),
    );
    extra.push('--simulator', 'openai:simulator', '--base-url', baseURL);
  }
  const { child, url } = await startServer(extra);
  const lang = values.simulator === 'llm' ? 'en' : 'zh';
  try {
    const memory = await measureMemory(url, lang);
    const load = await drive(url, lang, child.pid as number);
    const settings = {
      simulator: values.simulator,
      latencyMs: values.simulator === 'llm' ? Number(values.latency) : 0,
    };
    console.log(JSON.stringify({ ...settings, durability: values.durability, ...load, memory }, null, 2));
  } finally {
    child.kill('SIGTERM');
    stub?.kill('SIGTERM');
    if (stateDir) setTimeout(() => rmSync(stateDir, { recursive: true, force: true }), 500);
  }
}

await main();
