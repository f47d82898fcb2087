/**
 * The ceiling of the grounded corpus: what a policy that says only the corpus's grounded template replies can reach
 * on the held-out benchmark of `rlver-train` (the shipped test profiles, 50 zh + 50 en with a `first_talk`, the
 * offline simulated user, preset `sage`, seed 0):
 *   npx tsx --conditions=source tools/embedded-model/scripts/corpus-ceiling.ts [--out /tmp/ceiling] [--limit 50]
 *     [--modes random,oracle] [--bits 2]
 * At each turn the template policy builds every grounded template reply (all strategies) from the user's messages
 * only (`grounded-candidates.ts`) and gives (random) one drawn uniformly, (only:<strategy>) one of that strategy's drawn
 * uniformly, or (oracle) the one the offline user scores
 * best in the dialogue's current state: each candidate is replayed in that state with `doRespond` (stateless and
 * deterministic) and the highest emotion after it wins (ties: the higher proposed change, then the first). The
 * profile's hidden fields only judge, as in the benchmark; they never build a reply. Prints, per mode, the mean final
 * emotion, success / failure, turns, the strategies given and the most frequent negative reasons of the user's inner
 * thoughts. Each mode's benchmark folder (`results.jsonl`, `summary.json`) is `<out>/<mode>`.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runBenchmark } from '@rlver/bench';
import { selectProfiles } from '@rlver/factories';
import { createOfflineSimulator } from '@rlver/simulator';
import {
  createRng,
  type DialoguePolicyV1,
  hashSeed,
  type Language,
  type PolicyOutput,
  type SimulatorState,
  type Trajectory,
  type UserSimulatorV1,
} from '@rlver/spec';
import { type GroundedCandidate, groundedCandidates } from './grounded-candidates';
import { keyOf, lookAhead, negativeReasons, recordingSimulator } from './look-ahead';

const { values: flags } = parseArgs({
  options: {
    out: { type: 'string', default: '/tmp/corpus-ceiling' },
    limit: { type: 'string', default: '50' },
    modes: { type: 'string', default: 'random,oracle' },
    bits: { type: 'string', default: '2' },
  },
});
const limit = Number(flags.limit);
const bits = Number(flags.bits);
for (const [flag, value] of [
  ['--limit', limit],
  ['--bits', bits],
] as const) {
  if (!Number.isInteger(value) || value < 1) {
    process.stderr.write(`corpus-ceiling: ${flag} needs an integer ≥ 1 (got "${String(value)}")\n`);
    process.exit(2);
  }
}
const modes = String(flags.modes).split(',');
for (const mode of modes) {
  if (mode !== 'random' && mode !== 'oracle' && !mode.startsWith('only:')) {
    process.stderr.write(
      `corpus-ceiling: --modes takes random, oracle and only:<strategy> (e.g. only:praise), comma-separated (got "${mode}")\n`,
    );
    process.exit(2);
  }
}

/** Said when no grounded template can be built (the user said nothing a slot can take): a stock line. */
const FALLBACK: Readonly<Record<Language, string>> = { zh: '我在这里，你慢慢说。', en: "I'm here. Take your time." };

const chosen = { candidates: 0, turns: 0, fallback: 0, byStrategy: new Map<string, number>() };
const predicted = new Map<string, number>();

function output(text: string): PolicyOutput {
  return { text, finishReason: 'stop', promptTokenCount: 0, outputTokenCount: 0, latencyMs: 0 };
}

function note(candidate: GroundedCandidate | undefined, count: number): void {
  chosen.turns += 1;
  chosen.candidates += count;
  if (!candidate) chosen.fallback += 1;
  const label = candidate?.strategy ?? 'fallback';
  chosen.byStrategy.set(label, (chosen.byStrategy.get(label) ?? 0) + 1);
}

type Mode = 'random' | 'oracle' | `only:${string}`;

function templatePolicy(
  mode: Mode,
  lang: (key: string) => Language,
  simulator: UserSimulatorV1,
  states: Map<string, SimulatorState>,
): DialoguePolicyV1 {
  return {
    specificationVersion: 'v1',
    policyId: `grounded-templates:${mode}`,
    async doAct({ requests }) {
      const outputs: PolicyOutput[] = [];
      for (const request of requests) {
        const key = keyOf(request.messages);
        const language = lang(key);
        const all = groundedCandidates(request.messages, language, bits);
        const only = mode.startsWith('only:') ? mode.slice('only:'.length) : undefined;
        const candidates = only ? all.filter((candidate) => candidate.strategy === only) : all;
        if (candidates.length === 0) {
          note(undefined, 0);
          outputs.push(output(FALLBACK[language]));
          continue;
        }
        if (mode !== 'oracle') {
          const pick = createRng(hashSeed(key, request.seed ?? 0)).pick(candidates);
          note(pick, candidates.length);
          outputs.push(output(pick.reply));
          continue;
        }
        const state = states.get(key);
        if (!state)
          throw new Error(`corpus-ceiling: no simulator state recorded for a dialogue (key ${key.slice(0, 80)}…)`);
        const { best } = await lookAhead(
          simulator,
          state,
          candidates.map((candidate) => candidate.reply),
        );
        const candidate = candidates[best.index] as GroundedCandidate;
        predicted.set(`${key}\u0001assistant\u0000${candidate.reply}`, best.emotion);
        note(candidate, candidates.length);
        outputs.push(output(candidate.reply));
      }
      return outputs;
    },
  };
}

const profiles = (['zh', 'en'] as const).flatMap(
  (lang) => selectProfiles({ lang, limit, requireFirstTalk: true }).profiles,
);
const languageOfOpening = new Map(profiles.map((profile) => [profile.first_talk ?? '', profile.lang ?? 'zh']));
const languageOf = (key: string): Language => {
  const opening = key.split('\u0001')[0]?.split('\u0000')[1] ?? '';
  const lang = languageOfOpening.get(opening);
  if (lang) return lang as Language;
  return /\p{Script=Han}/u.test(opening) ? 'zh' : 'en';
};

for (const mode of modes as Mode[]) {
  chosen.candidates = 0;
  chosen.turns = 0;
  chosen.fallback = 0;
  chosen.byStrategy.clear();
  const states = new Map<string, SimulatorState>();
  const inner = createOfflineSimulator({ preset: 'sage' });
  const simulator = recordingSimulator(inner, states);
  const outDir = join(String(flags.out), mode.replace(':', '-'));
  rmSync(outDir, { recursive: true, force: true });
  const started = performance.now();
  const result = await runBenchmark({
    profiles,
    simulator,
    policy: templatePolicy(mode, languageOf, inner, states),
    outDir,
    concurrency: 16,
    seed: 0,
    label: `ceiling-${mode}`,
    sampling: { temperature: 0.7, maxNewTokens: 64 },
  });
  const seconds = (performance.now() - started) / 1000;
  const trajectories = readFileSync(join(outDir, 'results.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Trajectory);
  const turns = trajectories.flatMap((trajectory) => trajectory.turns);
  const stops = new Map<string, number>();
  for (const trajectory of trajectories)
    stops.set(String(trajectory.stopReason), (stops.get(String(trajectory.stopReason)) ?? 0) + 1);
  const reasons = new Map<string, number>();
  for (const turn of turns)
    for (const reason of negativeReasons(turn.innerThoughts ?? '')) reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  let mismatches = 0;
  if (mode === 'oracle') {
    for (const trajectory of trajectories) {
      const history: { role: string; content: string }[] = [{ role: 'user', content: trajectory.opening.message }];
      for (const turn of trajectory.turns) {
        history.push({ role: 'assistant', content: turn.reply });
        const expected = predicted.get(keyOf(history));
        if (expected !== undefined && expected !== turn.emotion) {
          mismatches += 1;
          if (process.env.CEILING_DEBUG)
            process.stderr.write(
              `mismatch ${trajectory.profileId} turn ${turn.index}: look-ahead ${expected}, actual ${turn.emotion} (${turn.reply.slice(0, 40)})\n`,
            );
        }
        history.push({ role: 'user', content: turn.userMessage ?? '' });
      }
    }
  }
  const byLang = (lang: string) => trajectories.filter((trajectory) => trajectory.lang === lang);
  const mean = (rows: readonly Trajectory[]) => rows.reduce((sum, row) => sum + row.finalEmotion, 0) / rows.length;
  const deltas = turns.map((turn) => turn.delta ?? 0);
  const lines = [
    `## ${mode}: ${trajectories.length} dialogues in ${seconds.toFixed(0)} s (${outDir})`,
    `score ${result.summary.score?.toFixed(1)} · mean final emotion ${mean(trajectories).toFixed(1)} (zh ${mean(byLang('zh')).toFixed(1)}, en ${mean(byLang('en')).toFixed(1)}) · success ${result.summary.success} · failure ${result.summary.failure}`,
    `turns ${turns.length} (${(turns.length / trajectories.length).toFixed(2)} a dialogue) · stop reasons ${[...stops.entries()].map(([reason, count]) => `${reason} ${count}`).join(', ')}`,
    `per-turn change: gain ${deltas.filter((delta) => delta > 0).length}, zero ${deltas.filter((delta) => delta === 0).length}, loss ${deltas.filter((delta) => delta < 0).length} (of which −10 or less ${deltas.filter((delta) => delta <= -10).length}); mean ${(deltas.reduce((a, b) => a + b, 0) / Math.max(1, deltas.length)).toFixed(2)}`,
    `candidates a turn ${(chosen.candidates / Math.max(1, chosen.turns)).toFixed(1)} · turns without a grounded candidate ${chosen.fallback}${mode === 'oracle' ? ` · look-ahead ≠ actual emotion ${mismatches}` : ''}`,
    `strategies given: ${[...chosen.byStrategy.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([label, count]) => `${label} ${count}`)
      .join(', ')}`,
    'most frequent negative reasons (turns):',
    ...[...reasons.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([reason, count]) => `  ${String(count).padStart(4)}  ${reason.slice(0, 140)}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n\n`);
}
