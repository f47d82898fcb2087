/**
 * What RL can pick up from the policy's own samples: the held-out benchmark of `rlver-train` (the run's config:
 * embedded preset by default, 50 zh + 50 en test profiles, offline `sage` user, seed 0, the run's sampling) played
 * with a look-ahead best-of-N policy. At each turn the policy samples N replies (sample 0 with the benchmark's own
 * request seed, so N = 1 is the plain benchmark), each is replayed with the offline user in the dialogue's current
 * state (`tools/embedded-model/scripts/look-ahead.ts`, as `corpus-ceiling.ts` does for the corpus's templates), and
 * the one with the highest emotion after it is given. Prints, per N and temperature, the mean final emotion,
 * success / failure, turns gaining, how many of the N samples differ and how many gain, and the audit of the chosen
 * replies (the benchmark's monitors: degenerate share by kind, top opening, distinct-2).
 *
 *   npx tsx --conditions=source apps/train/scripts/policy-ceiling.ts [--n 1,4,8] [--temperatures 0.7,1]
 *     [--policy embedded|<checkpoint folder>] [--limit 50] [--out /tmp/policy-ceiling] [--lexicon on|off]
 *
 * `--lexicon on|off` and `--phrasebook on|off` turn the lexicon / phrasebook decoding rule (`decodingRules.lexicon`,
 * `decodingRules.phrasebook`) on or off whatever the checkpoint says; the checkpoint folder must then hold lexicon.txt
 * (`tools/embedded-model/scripts/build-lexicon.ts`) / phrasebook.json (`build-phrasebook.ts`).
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runBenchmark } from '@rlver/bench';
import { initTfBackend } from '@rlver/model';
import {
  type DialoguePolicyV1,
  hashSeed,
  type PolicyOutput,
  type SimulatorState,
  splitThinkReply,
  type Trajectory,
  type UserSimulatorV1,
} from '@rlver/spec';
import { heldOutBenchmarkOptions, resolveTrainConfig } from '@rlver/trainer';
import { keyOf, lookAhead, recordingSimulator } from '../../../tools/embedded-model/scripts/look-ahead';
import { buildEvaluation } from '../src/build-evaluation';
import { buildPolicy } from '../src/build-policy';

const { values: flags } = parseArgs({
  options: {
    n: { type: 'string', default: '1,4,8' },
    temperatures: { type: 'string', default: '' },
    policy: { type: 'string', default: 'embedded' },
    limit: { type: 'string', default: '50' },
    out: { type: 'string', default: '/tmp/policy-ceiling' },
    lexicon: { type: 'string' },
    phrasebook: { type: 'string' },
  },
});

function fail(message: string): never {
  process.stderr.write(`policy-ceiling: ${message}\n`);
  process.exit(2);
}

const sizes = String(flags.n).split(',').map(Number);
for (const size of sizes)
  if (!Number.isInteger(size) || size < 1) fail(`--n takes integers ≥ 1, comma-separated (got "${flags.n}")`);
const limit = Number(flags.limit);
if (!Number.isInteger(limit) || limit < 1) fail(`--limit needs an integer ≥ 1 (got "${flags.limit}")`);

// Every held-out dialogue in flight at once (each request carries its own seed, so batching never changes a reply),
// and the policy batches all N samples of all of them: small batches cost the tiny model per call, not per row.
for (const rule of ['lexicon', 'phrasebook'] as const) {
  const value = flags[rule];
  if (value !== undefined && !['on', 'off'].includes(value)) fail(`--${rule} takes on or off (got "${value}")`);
}
const resolved = resolveTrainConfig({
  overrides: { policy: String(flags.policy), evalLimit: limit, concurrency: 2 * limit },
});
const config = {
  ...resolved,
  decodingRules: {
    ...resolved.decodingRules,
    ...(flags.lexicon === undefined ? {} : { lexicon: flags.lexicon === 'on' }),
    ...(flags.phrasebook === undefined ? {} : { phrasebook: flags.phrasebook === 'on' }),
  },
};
const temperatures = flags.temperatures ? String(flags.temperatures).split(',').map(Number) : [config.evalTemperature];
for (const temperature of temperatures)
  if (!Number.isFinite(temperature) || temperature < 0)
    fail(`--temperatures takes numbers ≥ 0, comma-separated (got "${flags.temperatures}")`);

const backend = await initTfBackend({ log: () => {} });
process.stderr.write(`policy-ceiling: backend ${String(backend)}\n`);
const policy = await buildPolicy({ ...config, concurrency: 2 * limit * Math.max(...sizes) }, undefined, {
  valueHead: false,
});

/** What the best-of-N policy saw, over one benchmark. */
interface Tally {
  turns: number;
  distinct: number;
  gaining: number;
  anyGaining: number;
  mismatches: number;
}

const emptyReplyEmotion = Number.NEGATIVE_INFINITY;

/**
 * The policy giving, at each turn, the best of `n` of its own samples by a one-step look-ahead with `inner` (the
 * unwrapped simulated user) in the state `states` holds for the dialogue.
 */
function bestOfN(
  n: number,
  inner: UserSimulatorV1,
  states: Map<string, SimulatorState>,
  tally: Tally,
  predicted: Map<string, number>,
): DialoguePolicyV1 {
  return {
    specificationVersion: 'v1',
    policyId: `${policy.policyId}:best-of-${n}`,
    async doAct({ requests, sampling, signal }) {
      const expanded = requests.flatMap((request) =>
        Array.from({ length: n }, (_, k) => ({
          messages: request.messages,
          seed: k === 0 ? request.seed : hashSeed(request.seed ?? 0, k),
        })),
      );
      const samples = await policy.doAct({ requests: expanded, sampling, signal });
      if (n === 1) return samples;
      const chosen: PolicyOutput[] = [];
      for (const [index, request] of requests.entries()) {
        const candidates = samples.slice(index * n, index * n + n);
        const replies = candidates.map((candidate) => splitThinkReply(candidate.text).reply);
        const key = keyOf(request.messages);
        const state = states.get(key);
        if (!state) throw new Error(`no simulator state recorded for a dialogue (key ${key.slice(0, 80)}…)`);
        const { outcomes } = await lookAhead(inner, state, replies);
        // An empty reply ends the dialogue at no score: never the best while another reply says something.
        const scored = outcomes.map((outcome) => ({
          ...outcome,
          emotion: replies[outcome.index] === '' ? emptyReplyEmotion : outcome.emotion,
        }));
        let best = scored[0] as (typeof scored)[number];
        for (const outcome of scored)
          if (outcome.emotion > best.emotion || (outcome.emotion === best.emotion && outcome.proposed > best.proposed))
            best = outcome;
        tally.turns += 1;
        tally.distinct += new Set(replies).size;
        const gains = scored.filter((outcome) => outcome.emotion > state.emotion).length;
        tally.gaining += gains;
        if (gains > 0) tally.anyGaining += 1;
        predicted.set(`${key}\u0001assistant\u0000${replies[best.index]}`, best.emotion);
        chosen.push(candidates[best.index] as PolicyOutput);
      }
      return chosen;
    },
  };
}

const percent = (value: number | undefined) => `${((value ?? 0) * 100).toFixed(1)} %`;
const rows: string[] = [];
for (const temperature of temperatures) {
  for (const n of sizes) {
    const label = `n${n}-t${temperature}`;
    const outDir = join(String(flags.out), label);
    rmSync(outDir, { recursive: true, force: true });
    const { evalSimulator, evalProfiles } = buildEvaluation(config);
    const states = new Map<string, SimulatorState>();
    const tally: Tally = { turns: 0, distinct: 0, gaining: 0, anyGaining: 0, mismatches: 0 };
    const predicted = new Map<string, number>();
    const started = performance.now();
    const options = heldOutBenchmarkOptions(
      config,
      {
        policy: bestOfN(n, evalSimulator, states, tally, predicted),
        evalSimulator: recordingSimulator(evalSimulator, states),
        evalProfiles,
      },
      outDir,
      label,
    );
    const result = await runBenchmark({ ...options, sampling: { ...options.sampling, temperature } });
    const seconds = (performance.now() - started) / 1000;
    const trajectories = readFileSync(join(outDir, 'results.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Trajectory);
    const turns = trajectories.flatMap((trajectory) => trajectory.turns);
    for (const trajectory of trajectories) {
      const history: { role: string; content: string }[] = [{ role: 'user', content: trajectory.opening.message }];
      for (const turn of trajectory.turns) {
        history.push({ role: 'assistant', content: turn.reply });
        const expected = predicted.get(keyOf(history));
        if (expected !== undefined && turn.scored !== false && expected !== turn.emotion) tally.mismatches += 1;
        history.push({ role: 'user', content: turn.userMessage ?? '' });
      }
    }
    const mean = (lang?: string) => {
      const picked = trajectories.filter((trajectory) => !lang || trajectory.lang === lang);
      return picked.reduce((sum, trajectory) => sum + trajectory.finalEmotion, 0) / Math.max(1, picked.length);
    };
    const metrics = result.summary.monitors?.metrics ?? {};
    const kinds = ['repetition', 'stutter', 'mixed_language', 'cut_off', 'low_fluency']
      .map(
        (kind) =>
          `${kind.replace('_language', '').replace('_', '-')} ${percent(metrics[`monitor/degenerate_${kind}_fraction`])}`,
      )
      .join(' / ');
    const gainingTurns = turns.filter((turn) => (turn.delta ?? 0) > 0).length;
    const firstGaining = trajectories.filter((trajectory) => (trajectory.turns[0]?.delta ?? 0) > 0).length;
    process.stdout.write(
      [
        `## best of ${n}, temperature ${temperature}: ${trajectories.length} dialogues in ${seconds.toFixed(0)} s (${outDir})`,
        `mean final emotion ${mean().toFixed(1)} (zh ${mean('zh').toFixed(1)}, en ${mean('en').toFixed(1)}) · success ${result.summary.success} · failure ${result.summary.failure} · turns ${turns.length}, gaining ${gainingTurns} · first turn gaining ${firstGaining} of ${trajectories.length}`,
        n > 1
          ? `samples a turn: distinct ${(tally.distinct / Math.max(1, tally.turns)).toFixed(2)} of ${n}, gaining ${(tally.gaining / Math.max(1, tally.turns)).toFixed(2)}; turns with a gaining sample ${tally.anyGaining} of ${tally.turns}; look-ahead ≠ actual ${tally.mismatches}`
          : 'plain benchmark (no look-ahead)',
        `chosen replies (${result.summary.monitors?.replies ?? turns.length}): degenerate ${percent(metrics['monitor/degenerate_fraction'])} (${kinds}) · top opening ${percent(metrics['monitor/top_opening_share'])} "${result.summary.monitors?.topOpening ?? ''}" · distinct-2 ${(metrics['monitor/distinct_2'] ?? 0).toFixed(2)}`,
        '',
      ].join('\n'),
    );
    rows.push(
      `| ${n} | ${temperature} | ${mean().toFixed(1)} (${mean('zh').toFixed(1)} / ${mean('en').toFixed(1)}) | ${result.summary.success} / ${result.summary.failure} | ${gainingTurns} of ${turns.length} | ${firstGaining} | ${n > 1 ? (tally.distinct / Math.max(1, tally.turns)).toFixed(1) : '–'} | ${percent(metrics['monitor/degenerate_fraction'])} (${kinds}) | ${percent(metrics['monitor/top_opening_share'])} | ${seconds.toFixed(0)} s |`,
    );
  }
}
process.stdout.write(
  [
    '| N | temperature | mean final emotion (zh / en) | success / failure | turns gaining | first turn gaining | distinct samples a turn | degenerate chosen replies (repetition / stutter / mixed / cut-off / low fluency) | top opening | wall |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n'),
);
