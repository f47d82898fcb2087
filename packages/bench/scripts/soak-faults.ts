/**
 * Soak benchmark under faults (not a CI test): 1,000 dialogues at concurrency 200 against a loopback
 * OpenAI-protocol simulator endpoint that answers a seeded random 5 % of requests with a fault (429 with
 * Retry-After, 500, cut-off JSON, an HTML page, an unrequested event stream, empty choices, content null or a
 * number, a reset connection, and — with --stalls — stalls). The policy is a cheap template policy (no model, no
 * network); the simulated user is the LLM simulator. The benchmark runs in a child process that is killed with
 * SIGKILL part-way through the first pass (--kill-after results lines); every later pass reruns the same command,
 * which resumes and redoes the errored dialogues, until no dialogue is left errored (at most --max-passes).
 *
 * Reports lost / duplicated / errored-then-redone dialogues, which must be 0 / 0 / all of those that errored.
 *
 *   npx tsx --conditions=source packages/bench/scripts/soak-faults.ts [--dialogues 1000] [--concurrency 200]
 *     [--fault-rate 0.05] [--seed 1] [--kill-after 400] [--max-retries 0] [--stalls] [--report soak.json]
 *
 * `--max-retries` is the chat client's retry budget for 5xx and malformed answers; the default 0 lets some
 * dialogues end in an error in the first pass, so that redoing them is exercised.
 */

import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createTemplatePolicy } from '@rlver/env';
import { createOpenAIChatClient } from '@rlver/llm';
import { createLlmSimulator } from '@rlver/simulator';
import { hashSeed, type Profile, safeParseJSON } from '@rlver/spec';
import { FAULT_KINDS, startOpenAITestServer, withRandomFaults } from '@rlver/test-utils';
import { z } from 'zod';
import { runBenchmark } from '../src/index';

const { values } = parseArgs({
  options: {
    dialogues: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '200' },
    'fault-rate': { type: 'string', default: '0.05' },
    seed: { type: 'string', default: '1' },
    'kill-after': { type: 'string', default: '400' },
    'max-retries': { type: 'string', default: '0' },
    'max-passes': { type: 'string', default: '8' },
    stalls: { type: 'boolean', default: false },
    report: { type: 'string' },
    // Child mode: run one pass of the benchmark.
    run: { type: 'boolean', default: false },
    'base-url': { type: 'string' },
    out: { type: 'string' },
  },
});
const dialogues = Number(values.dialogues);
const concurrency = Number(values.concurrency);
const seed = Number(values.seed);

/** Synthetic English profiles (our own text). */
function profilesOf(count: number): Profile[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `soak-${String(index).padStart(4, '0')}`,
    player: '- Name: Test User\n- Age: 30\n- Occupation: clerk',
    scene: '## Background\nA synthetic worry about a noisy neighbour.\n#### Hidden theme:\n***You want to be heard',
    main_cha: 'passive',
    cha_group: ['cautious', 'patient', 'humble'],
    task: 'You want attentive listening while you vent',
    first_talk: 'My neighbour played drums until 2 am again.',
    lang: 'en' as const,
  }));
}

/** Child mode: one pass of the benchmark; sends its summary's counts to the parent. */
async function runPass(): Promise<void> {
  const client = createOpenAIChatClient({
    model: 'soak-simulator',
    baseURL: values['base-url'],
    timeoutMs: 1500,
    maxRetries: Number(values['max-retries']),
    initialDelayMs: 50,
    maxRetryAfterMs: 1000,
  });
  const result = await runBenchmark({
    profiles: profilesOf(dialogues),
    simulator: createLlmSimulator({ client, preset: 'sage' }),
    policy: createTemplatePolicy({ label: 'deep_empathy', seed }),
    outDir: values.out as string,
    concurrency,
    seed,
    tagger: null,
    endpoints: { simulator: { baseURL: client.baseURL, model: client.model } },
  });
  process.send?.({
    errors: result.summary.errors,
    redone: result.summary.timing.episodesRedone ?? 0,
    run: result.summary.timing.episodesRun,
    resumed: result.summary.timing.episodesResumed,
    complete: result.complete,
  });
}

const ANALYSIS = (change: number) =>
  `Content:\n[meaning]\nThe NPC listens.\nTargetCompletion:\n[fit]\nPartly.\nActivity:\n[inner]\nCalmer.\nAnalyse:\n[feeling]\nOkay.\nChange:\n${change > 0 ? '+' : ''}${change}`;
const REPLY = 'Thinking:\nneutral\nOrigin:\nok\nChange:\nshort\nResponse:\nHmm, and then it started again.';

/** Count lines of the results file (what the parent watches to kill the child mid-run). */
function countLines(file: string): number {
  if (!existsSync(file)) return 0;
  return readFileSync(file).reduce((count, byte) => count + (byte === 0x0a ? 1 : 0), 0);
}

interface PassOutcome {
  pass: number;
  killed: boolean;
  exit: string;
  seconds: number;
  linesAfter: number;
  summary?: { errors: number; redone: number; run: number; resumed: number; complete: boolean };
}

function startPass(baseURL: string, out: string): { child: ChildProcess; done: Promise<PassOutcome['summary']> } {
  const child = fork(
    fileURLToPath(import.meta.url),
    [
      '--run',
      '--base-url',
      baseURL,
      '--out',
      out,
      '--dialogues',
      String(dialogues),
      '--concurrency',
      String(concurrency),
      '--seed',
      String(seed),
      '--max-retries',
      String(values['max-retries']),
    ],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  let summary: PassOutcome['summary'];
  child.on('message', (message) => {
    summary = message as PassOutcome['summary'];
  });
  const done = new Promise<PassOutcome['summary']>((resolve) => child.once('exit', () => resolve(summary)));
  return { child, done };
}

const lineSchema = z
  .object({
    profileId: z.string(),
    repeat: z.number().optional(),
    stopReason: z.string(),
    error: z.object({ message: z.string() }).optional(),
  })
  .loose();

/** Errored records by cause: the message with its numbers, URLs and quoted output folded, most frequent first. */
function causesOf(records: ReadonlyArray<{ error?: { message: string } }>): Record<string, number> {
  const counts = new Map<string, number>();
  for (const record of records) {
    const cause = (record.error?.message ?? 'unknown')
      .replace(/https?:\/\/\S+/g, '<url>')
      .replace(/"[^"]*"/g, '"…"')
      .replace(/\d+/g, 'N')
      .slice(0, 120);
    counts.set(cause, (counts.get(cause) ?? 0) + 1);
  }
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]));
}

function readRecords(file: string) {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const parsed = safeParseJSON(line, lineSchema);
      if (!parsed.success) throw parsed.error;
      return parsed.value;
    });
}

async function main(): Promise<void> {
  const handler = withRandomFaults(
    (request) => {
      const prompt = request.body.messages?.[0]?.content ?? '';
      if (prompt.includes('\nResponse:\n')) return { content: REPLY };
      // A varied but reproducible change per prompt: dialogues of different lengths, some reach 100 or < 10.
      const change = [10, 5, 5, 0, -5, -10][hashSeed(prompt) % 6] as number;
      return { content: ANALYSIS(change) };
    },
    {
      rate: Number(values['fault-rate']),
      seed,
      retryAfter: 1,
      kinds: values.stalls ? FAULT_KINDS : FAULT_KINDS.filter((kind) => !kind.startsWith('stall')),
    },
  );
  const server = await startOpenAITestServer(handler, { recordRequests: false });
  const out = join(mkdtempSync(join(tmpdir(), 'soak-faults-')), 'out');
  const resultsFile = join(out, 'results.jsonl');
  const passes: PassOutcome[] = [];
  const started = performance.now();
  try {
    for (let pass = 1; pass <= Number(values['max-passes']); pass += 1) {
      const passStarted = performance.now();
      const { child, done } = startPass(server.baseURL, out);
      let killed = false;
      const killAfter = Number(values['kill-after']);
      const watcher =
        pass === 1 && killAfter > 0
          ? setInterval(() => {
              if (!killed && countLines(resultsFile) >= killAfter) {
                killed = true;
                child.kill('SIGKILL');
              }
            }, 50)
          : undefined;
      const summary = await done;
      clearInterval(watcher);
      passes.push({
        pass,
        killed,
        exit: child.signalCode ?? String(child.exitCode),
        seconds: Math.round((performance.now() - passStarted) / 100) / 10,
        linesAfter: countLines(resultsFile),
        summary,
      });
      process.stderr.write(`pass ${pass}: ${JSON.stringify(passes.at(-1))}\n`);
      if (summary?.complete && summary.errors === 0) break;
    }
  } finally {
    await server.close();
  }

  // ── Audit: every dialogue once, none lost, every errored one redone ─────────────────────────────────────
  const key = (record: { profileId: string; repeat?: number }) => `${record.profileId}#${record.repeat ?? 0}`;
  const records = readRecords(resultsFile);
  const errored = readRecords(join(out, 'errored.jsonl'));
  const keys = new Set(records.map(key));
  const finished = new Set(records.filter((record) => record.stopReason !== 'error').map(key));
  const expected = profilesOf(dialogues).map((profile) => `${profile.id}#0`);
  const erroredKeys = new Set([...errored.map(key), ...records.filter((r) => r.stopReason === 'error').map(key)]);
  const report = {
    dialogues,
    concurrency,
    faultRate: Number(values['fault-rate']),
    clientMaxRetries: Number(values['max-retries']),
    requests: handler.seen(),
    faultsInjected: handler.injected(),
    faultsTotal: Object.values(handler.injected()).reduce((sum, count) => sum + (count ?? 0), 0),
    passes,
    wallSeconds: Math.round((performance.now() - started) / 100) / 10,
    resultLines: records.length,
    lost: expected.filter((item) => !finished.has(item)).length,
    duplicated: records.length - keys.size,
    erroredRecordsMoved: errored.length,
    erroredDialogues: erroredKeys.size,
    erroredThenRedone: [...erroredKeys].filter((item) => finished.has(item)).length,
    erroredRemaining: records.filter((record) => record.stopReason === 'error').length,
    redoneCountedBySummaries: passes.reduce((sum, item) => sum + (item.summary?.redone ?? 0), 0),
    errorCauses: causesOf(errored),
  };
  const ok = report.lost === 0 && report.duplicated === 0 && report.erroredThenRedone === report.erroredDialogues;
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(
    `\nlost ${report.lost} · duplicated ${report.duplicated} · errored-then-redone ${report.erroredThenRedone} of ${report.erroredDialogues} errored · ${ok ? 'OK' : 'FAILED'}\n`,
  );
  if (values.report) writeFileSync(values.report, `${JSON.stringify(report, null, 2)}\n`);
  rmSync(join(out, '..'), { recursive: true, force: true });
  process.exitCode = ok ? 0 : 1;
}

if (values.run) {
  runPass().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
} else {
  void main();
}
