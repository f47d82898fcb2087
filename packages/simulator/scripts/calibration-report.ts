/**
 * Calibration of the offline simulated user as an RL reward:
 *   npx tsx --conditions=source packages/simulator/scripts/calibration-report.ts [--lang zh|en] [--preset sage|rlver-train] [--json]
 * For zh and en × the `sage` and `rlver-train` presets it runs, over the 100 shipped test scenarios (runRollouts,
 * concurrency 50), an ORACLE that reads the hidden intention (src/offline/test/oracle-policy.ts), the oracle's
 * primary strategy with template phrasings (`oracle-template`), a `shotgun` control (three random strategies per
 * reply, no intention), the 13 template policies of @rlver/env (one strategy per reply), a garbled policy (random
 * characters) and an empty-ish one ("嗯" / "ok"), and prints per policy the mean final emotion, successes
 * (final ≥ 100), failures (final < 10) and mean policy turns. A learnable reward ranks oracle ≫ best template ≫
 * generic comfort ≫ garbled.
 */
import { createTemplatePolicy, runRollouts } from '@rlver/env';
import {
  createRng,
  type DialoguePolicyV1,
  hashSeed,
  type Language,
  type PolicyOutput,
  type Profile,
  STRATEGY_LABELS,
  type StrategyLabel,
  type Trajectory,
} from '@rlver/spec';
import { INTENTION_STRATEGIES } from '@rlver/strategies';
import type { EmotionPresetName } from '../src/emotion/emotion-presets';
import { createOfflineSimulator } from '../src/offline/offline-simulator';
import { createOraclePolicy } from '../src/offline/test/oracle-policy';
import { loadScenarioSet } from '../src/profiles/scenario-set';

const CONCURRENCY = 50;
const SEED = 1;

function flagValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

function textPolicy(policyId: string, reply: (messages: number, rngSeed: number) => string): DialoguePolicyV1 {
  return {
    specificationVersion: 'v1',
    policyId,
    async doAct({ requests }) {
      return requests.map((request, index): PolicyOutput => {
        const text = reply(
          request.messages.length,
          hashSeed(SEED, policyId, request.messages[1]?.content ?? '', index),
        );
        return { text, finishReason: 'stop', promptTokenCount: 0, outputTokenCount: 0, latencyMs: 0 };
      });
    },
  };
}

/** Random CJK characters (zh) or random letter strings (en) with a little punctuation. */
function garbledPolicy(lang: Language): DialoguePolicyV1 {
  return textPolicy('garbled', (turn, seed) => {
    const rng = createRng(hashSeed(seed, turn));
    const pieces: string[] = [];
    for (let index = 0; index < 30; index += 1) {
      if (lang === 'zh') pieces.push(String.fromCharCode(0x4e00 + rng.int(0x51a0)));
      else pieces.push(Array.from({ length: 2 + rng.int(7) }, () => String.fromCharCode(97 + rng.int(26))).join(''));
      if (rng.next() < 0.1) pieces.push(rng.pick(['，', '。', '!', '?', '#']));
    }
    return pieces.join(lang === 'zh' ? '' : ' ');
  });
}

/** Near-empty acknowledgements. */
function emptyishPolicy(lang: Language): DialoguePolicyV1 {
  const words = lang === 'zh' ? ['嗯', '嗯嗯', '哦'] : ['ok', 'hmm', 'ok.'];
  return textPolicy('empty-ish', (turn) => words[(turn >> 1) % words.length] as string);
}

interface Row {
  policy: string;
  mean: number;
  successes: number;
  failures: number;
  turns: number;
}

function summarise(policy: string, trajectories: readonly Trajectory[]): Row {
  const finals = trajectories.map((trajectory) => trajectory.finalEmotion);
  const errors = trajectories.filter((trajectory) => trajectory.error);
  if (errors.length > 0)
    process.stderr.write(`${policy}: ${errors.length} errors, e.g. ${errors[0]?.error?.message}\n`);
  return {
    policy,
    mean: finals.reduce((sum, value) => sum + value, 0) / Math.max(finals.length, 1),
    successes: finals.filter((value) => value >= 100).length,
    failures: finals.filter((value) => value < 10).length,
    turns: trajectories.reduce((sum, trajectory) => sum + trajectory.turns.length, 0) / Math.max(finals.length, 1),
  };
}

/** The strategy the profile's hidden intention asks for most (the oracle-template row cheats like the oracle). */
function wantedLabel(profile: Profile): StrategyLabel {
  return INTENTION_STRATEGIES[profile.intention ?? 'e2'].satisfies[0] ?? 'deep_empathy';
}

async function runOracle(
  profiles: readonly Profile[],
  preset: EmotionPresetName,
  mode: 'oracle' | 'shotgun' | 'oracle-template',
): Promise<Trajectory[]> {
  const simulator = createOfflineSimulator({ preset });
  const results: Trajectory[] = new Array(profiles.length);
  let next = 0;
  const worker = async () => {
    while (next < profiles.length) {
      const index = next;
      next += 1;
      const profile = profiles[index] as Profile;
      const { trajectories } = await runRollouts({
        simulator,
        policy:
          mode === 'oracle-template'
            ? createTemplatePolicy({ label: wantedLabel(profile), lang: profile.lang, seed: SEED })
            : createOraclePolicy({ profile, seed: SEED + index, mode }),
        profiles: [profile],
        seeds: [SEED + index],
      });
      results[index] = trajectories[0] as Trajectory;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return results;
}

async function calibrate(lang: Language, preset: EmotionPresetName): Promise<Row[]> {
  const profiles = loadScenarioSet(lang, 'test');
  const simulator = createOfflineSimulator({ preset });
  const run = async (policy: DialoguePolicyV1) =>
    (await runRollouts({ simulator, policy, profiles, seeds: SEED, concurrency: CONCURRENCY })).trajectories;
  const rows = [summarise('oracle', await runOracle(profiles, preset, 'oracle'))];
  rows.push(summarise('oracle-template', await runOracle(profiles, preset, 'oracle-template')));
  rows.push(summarise('shotgun', await runOracle(profiles, preset, 'shotgun')));
  for (const label of STRATEGY_LABELS) {
    rows.push(summarise(label, await run(createTemplatePolicy({ label, lang, seed: SEED }))));
  }
  rows.push(summarise('garbled', await run(garbledPolicy(lang))));
  rows.push(summarise('empty-ish', await run(emptyishPolicy(lang))));
  return rows;
}

function printTable(lang: Language, preset: string, rows: readonly Row[]): void {
  process.stdout.write(`\n${lang} × ${preset}\n`);
  process.stdout.write(
    `${'policy'.padEnd(22)} ${'mean'.padStart(6)} ${'succ'.padStart(5)} ${'fail'.padStart(5)} ${'turns'.padStart(6)}\n`,
  );
  const [oracle, ...rest] = rows;
  const ordered = oracle ? [oracle, ...[...rest].sort((a, b) => b.mean - a.mean)] : [];
  for (const row of ordered) {
    process.stdout.write(
      `${row.policy.padEnd(22)} ${row.mean.toFixed(1).padStart(6)} ${String(row.successes).padStart(5)} ${String(row.failures).padStart(5)} ${row.turns.toFixed(1).padStart(6)}\n`,
    );
  }
}

const langs: Language[] = flagValue('--lang') ? [flagValue('--lang') as Language] : ['zh', 'en'];
const presets: EmotionPresetName[] = flagValue('--preset')
  ? [flagValue('--preset') as EmotionPresetName]
  : ['sage', 'rlver-train'];
const started = performance.now();
const report: Array<{ lang: Language; preset: string; rows: Row[] }> = [];
for (const preset of presets) {
  for (const lang of langs) report.push({ lang, preset, rows: await calibrate(lang, preset) });
}
if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(report)}\n`);
else {
  for (const entry of report) printTable(entry.lang, entry.preset, entry.rows);
  process.stdout.write(`\ntime: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}
