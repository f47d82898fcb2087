/**
 * Can RL learn the state-dependent choice between the phrasebook rule's candidates (issue 16)? The policy is a
 * choice layer over the frozen language model (`@rlver/policy` choice-layer): at a turn it gives one of the
 * dialogue's candidate replies c with π(c|s) = softmax[ℓ(c|s) + w·φ(s,c)], ℓ the checkpoint's own log-prob of c at
 * the sampling temperature, φ hashed features of what the policy sees; w starts at 0 (the LM restricted to the
 * candidates, renormalised). Training runs the real episode loop (`runBenchmark`) on training scenarios with the
 * offline user; at every state K candidates are drawn from π and each is judged from a clone of the same user state
 * (one-step look-ahead: reward = the user's emotion change), the dialogue goes on with the first. GRPO: one step on
 * group-normalised advantages per batch. PPO: reward minus a per-(language, turn) running baseline, normalised over
 * the batch, clipped ratio, 4 epochs. Before and after: the held-out benchmark of `rlver-train` (50 zh + 50 en,
 * offline `sage` user, seed 0, temperature 0.7), with its monitors (degenerate share, top opening) and the strategy
 * shift overall and per hidden intention; the trained weights go to <out>/choice-layer.json.
 *
 *   nice -n 10 npx tsx --conditions=source apps/train/scripts/choice-layer-rl.ts --algo grpo|ppo \
 *     [--steps 20] [--profiles 8] [--k 8] [--lr 0.05] [--limit 50] [--minutes 10] [--out /tmp/choice-layer]
 *     [--policy packages/policy/assets/embedded-grounded] [--prior lm|uniform]
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runBenchmark } from '@rlver/bench';
import { initTfBackend } from '@rlver/model';
import {
  type ChoiceGroup,
  ChoiceLayer,
  ChoiceLister,
  createChoiceLayerPolicy,
  drawIndex,
  grpoStep,
  ppoStep,
} from '@rlver/policy';
import { createOfflineSimulator, loadScenarioSet } from '@rlver/simulator';
import { createRng, hashSeed, type Profile, type SimulatorState, type Trajectory } from '@rlver/spec';
import {
  computeStrategyShift,
  describeStrategyShift,
  heldOutBenchmarkOptions,
  intentionLookup,
  resolveTrainConfig,
} from '@rlver/trainer';
import { keyOf, recordingSimulator } from '../../../tools/embedded-model/scripts/look-ahead';
import { buildEvaluation } from '../src/build-evaluation';
import { buildPolicy } from '../src/build-policy';

const { values: flags } = parseArgs({
  options: {
    algo: { type: 'string', default: 'grpo' },
    steps: { type: 'string', default: '20' },
    profiles: { type: 'string', default: '8' },
    k: { type: 'string', default: '8' },
    lr: { type: 'string', default: '0.05' },
    limit: { type: 'string', default: '50' },
    minutes: { type: 'string', default: '10' },
    seed: { type: 'string', default: '0' },
    out: { type: 'string', default: '/tmp/choice-layer' },
    policy: { type: 'string', default: 'packages/policy/assets/embedded-grounded' },
    prior: { type: 'string', default: 'uniform' },
  },
  strict: true,
});
function fail(message: string): never {
  process.stderr.write(`choice-layer-rl: ${message}\n`);
  process.exit(2);
}
const algo = String(flags.algo);
if (algo !== 'grpo' && algo !== 'ppo') fail(`--algo takes grpo or ppo (got "${algo}")`);
const positive = (name: 'steps' | 'profiles' | 'k' | 'limit') => {
  const value = Number(flags[name]);
  if (!Number.isInteger(value) || value < 1) fail(`--${name} needs an integer ≥ 1 (got "${flags[name]}")`);
  return value;
};
const steps = positive('steps');
const batchProfiles = positive('profiles');
const k = positive('k');
const limit = positive('limit');
const learningRate = Number(flags.lr);
const prior = String(flags.prior);
if (prior !== 'lm' && prior !== 'uniform') fail(`--prior takes lm or uniform (got "${prior}")`);
const minutes = Number(flags.minutes);
const seed = Number(flags.seed);
const out = String(flags.out);
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const started = performance.now();
const cpuStart = process.cpuUsage();
const seconds = () => (performance.now() - started) / 1000;
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
const log = (line: string) => process.stdout.write(`[${seconds().toFixed(0)} s, load ${load()}] ${line}\n`);

const config = resolveTrainConfig({
  overrides: { policy: String(flags.policy), evalLimit: limit, concurrency: 2 * limit, seed },
});
const backend = await initTfBackend({ log: () => {} });
const base = await buildPolicy(config, undefined, { valueHead: false });
const sampling = { temperature: config.sampling.temperature, maxNewTokens: config.sampling.maxNewTokens };
const lister = new ChoiceLister(base, sampling, prior);
const layer = new ChoiceLayer();
log(
  `backend ${String(backend)} · policy ${config.policy} · ${algo} · prior ${prior} · T ${sampling.temperature} · eval T ${config.evalTemperature}`,
);

const { evalSimulator, evalProfiles } = buildEvaluation(config);
const intentionOf = intentionLookup(evalProfiles);

async function heldOut(label: string): Promise<{ score: number; trajectories: Trajectory[]; line: string }> {
  const outDir = join(out, label);
  const policy = createChoiceLayerPolicy({ base, layer, lister, mode: 'sample', seed });
  const t0 = performance.now();
  const result = await runBenchmark(
    heldOutBenchmarkOptions(config, { policy, evalSimulator, evalProfiles }, outDir, label),
  );
  const trajectories = readFileSync(join(outDir, 'results.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Trajectory);
  const mean = (lang: string) => {
    const picked = trajectories.filter((t) => t.lang === lang);
    return picked.reduce((s, t) => s + t.finalEmotion, 0) / Math.max(1, picked.length);
  };
  const m = result.summary.monitors?.metrics ?? {};
  const pct = (key: string) => `${(((m[key] as number | undefined) ?? 0) * 100).toFixed(1)} %`;
  const kinds = ['repetition', 'stutter', 'mixed_language', 'cut_off', 'low_fluency']
    .map((kind) => `${kind} ${pct(`monitor/degenerate_${kind}_fraction`)}`)
    .join(', ');
  const line = `${label}: score ${result.summary.score?.toFixed(1)} (zh ${mean('zh').toFixed(1)} / en ${mean('en').toFixed(1)}) · success ${result.summary.success} failure ${result.summary.failure} · degenerate ${pct('monitor/degenerate_fraction')} (${kinds}) · top opening ${pct('monitor/top_opening_share')} "${result.summary.monitors?.topOpening ?? ''}" · distinct-2 ${((m['monitor/distinct_2'] as number | undefined) ?? 0).toFixed(2)} · ${((performance.now() - t0) / 1000).toFixed(0)} s`;
  log(line);
  return { score: result.summary.score ?? 0, trajectories, line };
}

const before = await heldOut('heldout-before');

// Training scenarios, zh and en alternating, cycled in batches.
const train: Profile[] = [];
const zh = loadScenarioSet('zh', 'train').filter((p) => p.first_talk);
const en = loadScenarioSet('en', 'train').filter((p) => p.first_talk);
for (let i = 0; i < Math.max(zh.length, en.length); i += 1) {
  if (zh[i]) train.push(zh[i] as Profile);
  if (en[i]) train.push(en[i] as Profile);
}
const baseline = new Map<string, number>();
const stepLines: string[] = [];
const trainStarted = seconds();
for (let step = 0; step < steps; step += 1) {
  if ((seconds() - trainStarted) / 60 > minutes) {
    log(`stopping after ${step} steps: the ${minutes}-minute training budget is spent`);
    break;
  }
  const profiles = Array.from(
    { length: batchProfiles },
    (_, i) => train[(step * batchProfiles + i) % train.length] as Profile,
  );
  const inner = createOfflineSimulator({ preset: 'sage' });
  const states = new Map<string, SimulatorState>();
  const groups: (ChoiceGroup & { key: string })[] = [];
  const policy = createChoiceLayerPolicy({
    base,
    layer,
    lister,
    mode: 'sample',
    seed,
    async onState(list, probs, request) {
      const key = keyOf(request.messages);
      const state = states.get(key);
      if (!state) throw new Error(`no simulator state recorded for a dialogue (key ${key.slice(0, 80)}…)`);
      const rng = createRng(hashSeed(seed, step, request.seed ?? 0));
      const chosen = Array.from({ length: k }, () => drawIndex(probs, rng.next()));
      const rewards: number[] = [];
      for (const index of chosen) {
        const outcome = await inner.doRespond({ state, reply: list.candidates[index]?.reply as string });
        rewards.push(outcome.emotion - state.emotion);
      }
      const logProbs = probs.map(Math.log);
      const turn = list.messages.filter((m) => m.role === 'assistant').length;
      groups.push({
        key: `${list.candidates.length > 0 ? (/\p{Script=Han}/u.test(request.messages.find((m) => m.role === 'user')?.content ?? '') ? 'zh' : 'en') : 'none'}#${turn}`,
        row: list.row,
        chosen,
        rewards,
        oldLogProbs: chosen.map((index) => logProbs[index] as number),
      });
      return chosen[0];
    },
  });
  const outDir = join(out, 'train', `step-${step}`);
  await runBenchmark({
    profiles,
    simulator: recordingSimulator(inner, states),
    policy,
    outDir,
    concurrency: batchProfiles,
    seed: hashSeed(seed, step),
    label: `train-${step}`,
    sampling,
  });
  const meanReward =
    groups.reduce((s, g) => s + g.rewards.reduce((a, b) => a + b, 0) / g.rewards.length, 0) /
    Math.max(1, groups.length);
  let stat: string;
  if (algo === 'grpo') {
    stat = `mean |A| ${grpoStep(layer, groups, learningRate).toFixed(2)}`;
  } else {
    const baselines = groups.map((g) => g.rewards.map(() => baseline.get(g.key) ?? 0));
    stat = `clipped ${(ppoStep(layer, groups, { learningRate, baselines }) * 100).toFixed(0)} %`;
    for (const g of groups) {
      const mean = g.rewards.reduce((a, b) => a + b, 0) / g.rewards.length;
      baseline.set(g.key, 0.8 * (baseline.get(g.key) ?? mean) + 0.2 * mean);
    }
  }
  const line = `step ${step + 1}: ${groups.length} states × ${k} judged · mean reward ${meanReward.toFixed(2)} · ${stat} · listing (and LM scoring) so far ${(lister.timing.scoreMs / 1000).toFixed(0)} s for ${lister.timing.states} states (${(lister.timing.candidates / Math.max(1, lister.timing.states)).toFixed(0)} candidates each)`;
  stepLines.push(line);
  log(line);
}
const trainSeconds = seconds() - trainStarted;
writeFileSync(join(out, 'choice-layer.json'), `${JSON.stringify(layer.toJSON())}\n`);

const after = await heldOut('heldout-after');
const shift = computeStrategyShift({ before: before.trajectories, after: after.trajectories, intentionOf });
log(describeStrategyShift(shift));
const share = (x: number) => `${Math.round(x * 100)}`;
for (const group of shift.byIntention)
  log(
    `intention ${group.intention}: ${group.shares
      .filter((s) => Math.max(s.before, s.after) >= 0.05)
      .map((s) => `${s.label} ${share(s.before)}→${share(s.after)}`)
      .join(', ')}`,
  );
// Three held-out replies per language with their emotion change, after training (first turn of the first dialogues).
for (const lang of ['zh', 'en']) {
  for (const t of after.trajectories.filter((t) => t.lang === lang).slice(0, 3)) {
    const turn = t.turns[0];
    if (turn) log(`sample ${t.profileId} turn 1 (${turn.delta >= 0 ? '+' : ''}${turn.delta}): ${turn.reply}`);
  }
}
const cpu = process.cpuUsage(cpuStart);
const summary = {
  algo,
  prior,
  steps,
  batchProfiles,
  k,
  learningRate,
  before: before.score,
  after: after.score,
  gain: after.score - before.score,
  trainSeconds,
  wallSeconds: seconds(),
  cpuSeconds: (cpu.user + cpu.system) / 1e6,
  load: loadavg(),
  beforeLine: before.line,
  afterLine: after.line,
  stepLines,
  shift: describeStrategyShift(shift),
  nonZeroWeights: layer.toJSON().weights.length,
};
writeFileSync(join(out, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
log(
  `held-out ${before.score.toFixed(1)} → ${after.score.toFixed(1)} (${summary.gain >= 0 ? '+' : ''}${summary.gain.toFixed(1)}) · train ${trainSeconds.toFixed(0)} s · wall ${summary.wallSeconds.toFixed(0)} s · cpu ${summary.cpuSeconds.toFixed(0)} s`,
);
