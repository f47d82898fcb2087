/**
 * How much of the corpus's ceiling a policy that sees only the dialogue could learn (an analysis for issue 16).
 *   TRAIN=150 ROUNDS=2 [FEATS=struct] npx tsx --conditions=source tools/embedded-model/scripts/choice-learnability.ts
 * Collect: on training scenarios, a random never-repeating template policy plays the benchmark; at every turn each
 * grounded candidate is replayed in the current state (look-ahead) and its emotion change recorded with features
 * the policy could see (strategy, template, turn, language, what was said before, words of the user's last message).
 * Fit: a hashed linear model of the change (ridge, SGD). Evaluate: on the held-out benchmark, the policy that gives
 * the never-said candidate with the highest predicted change.
 */
import { rmSync } from 'node:fs';
import { runBenchmark } from '@rlver/bench';
import { selectProfiles } from '@rlver/factories';
import { choiceFeatureNames, choiceState, dialogueLanguage, hashFeature } from '@rlver/policy';
import { createOfflineSimulator, loadScenarioSet } from '@rlver/simulator';
import {
  type ChatMessage,
  createRng,
  type DialoguePolicyV1,
  hashSeed,
  type Language,
  type PolicyOutput,
  type Profile,
  type SimulatorState,
} from '@rlver/spec';
import { type GroundedCandidate, groundedCandidates } from './grounded-candidates';
import { keyOf, lookAhead, recordingSimulator } from './look-ahead';

const DIM = 1 << 18;
const strategyOfReply = new Map<string, string>();

/** φ(s, c) of the choice layer (`@rlver/policy`), less the families `FEATS=struct` and `DROP` leave out. */
function features(messages: readonly ChatMessage[], candidate: GroundedCandidate): number[] {
  const state = choiceState(messages, (reply) => strategyOfReply.get(reply));
  const dropped = (process.env.DROP ?? '\u0000').split(',');
  return choiceFeatureNames(state, { ...candidate, template: String(candidate.template) })
    .filter((name) => process.env.FEATS !== 'struct' || !/\|(w|open):/u.test(name))
    .filter((name) => !dropped.some((prefix) => name.startsWith(prefix)))
    .map((name) => hashFeature(name, DIM));
}

interface Row {
  x: number[];
  y: number;
}

function output(text: string): PolicyOutput {
  return { text, finishReason: 'stop', promptTokenCount: 0, outputTokenCount: 0, latencyMs: 0 };
}

const FALLBACK: Readonly<Record<Language, string>> = { zh: '我在这里，你慢慢说。', en: "I'm here. Take your time." };

function candidatesFor(messages: readonly ChatMessage[], lang: Language): GroundedCandidate[] {
  const said = new Set(messages.filter((m) => m.role === 'assistant').map((m) => m.content));
  const all = groundedCandidates(messages, lang, 2).filter((c) => !said.has(c.reply));
  for (const c of all) strategyOfReply.set(c.reply, c.strategy);
  return all;
}

const weights = new Float64Array(DIM);
const predict = (x: number[]) => x.reduce((sum, i) => sum + (weights[i] as number), 0);

/** The candidate with the highest predicted change (the first on ties); `candidates` must not be empty. */
function bestCandidate(messages: readonly ChatMessage[], candidates: readonly GroundedCandidate[]): GroundedCandidate {
  let pick = candidates[0] as GroundedCandidate;
  let best = -Infinity;
  for (const candidate of candidates) {
    const score = predict(features(messages, candidate));
    if (score > best) {
      best = score;
      pick = candidate;
    }
  }
  return pick;
}

function collectingPolicy(
  rows: Row[],
  inner: ReturnType<typeof createOfflineSimulator>,
  states: Map<string, SimulatorState>,
  epsilon: number,
): DialoguePolicyV1 {
  return {
    specificationVersion: 'v1',
    policyId: 'collect',
    async doAct({ requests }) {
      const outputs: PolicyOutput[] = [];
      for (const request of requests) {
        const lang = dialogueLanguage(request.messages);
        const candidates = candidatesFor(request.messages, lang);
        const key = keyOf(request.messages);
        const state = states.get(key);
        if (candidates.length === 0 || !state) {
          outputs.push(output(FALLBACK[lang]));
          continue;
        }
        const { outcomes } = await lookAhead(
          inner,
          state,
          candidates.map((c) => c.reply),
        );
        const before = state.emotion;
        for (const outcome of outcomes)
          rows.push({
            x: features(request.messages, candidates[outcome.index] as GroundedCandidate),
            y: outcome.emotion - before,
          });
        const rng = createRng(hashSeed(key, request.seed ?? 0));
        // behaviour: epsilon-greedy over the current model (random while the model is empty)
        const explore = rng.pick(candidates);
        const pick = rng.next() > epsilon ? bestCandidate(request.messages, candidates) : explore;
        outputs.push(output(pick.reply));
      }
      return outputs;
    },
  };
}

function greedyPolicy(): DialoguePolicyV1 {
  return {
    specificationVersion: 'v1',
    policyId: 'greedy-linear',
    async doAct({ requests }) {
      return requests.map((request) => {
        const lang = dialogueLanguage(request.messages);
        const candidates = candidatesFor(request.messages, lang);
        if (candidates.length === 0) return output(FALLBACK[lang]);
        return output(bestCandidate(request.messages, candidates).reply);
      });
    },
  };
}

function fit(rows: readonly Row[], epochs: number, rate: number, l2: number): number {
  const rng = createRng(7);
  const order = rows.map((_, i) => i);
  let loss = 0;
  for (let epoch = 0; epoch < epochs; epoch += 1) {
    for (let i = order.length - 1; i > 0; i -= 1) {
      const j = Math.floor(rng.next() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    loss = 0;
    for (const index of order) {
      const row = rows[index] as Row;
      const error = predict(row.x) - row.y;
      loss += error * error;
      const step = (rate * error) / row.x.length;
      for (const i of row.x) weights[i] = (weights[i] as number) * (1 - rate * l2) - step;
    }
  }
  return Math.sqrt(loss / rows.length);
}

const trainCount = Number(process.env.TRAIN ?? 150);
const rounds = Number(process.env.ROUNDS ?? 2);
const train: Profile[] = (['zh', 'en'] as const).flatMap((lang) =>
  loadScenarioSet(lang, 'train')
    .filter((p) => p.first_talk)
    .slice(0, trainCount),
);
const heldOut = (['zh', 'en'] as const).flatMap(
  (lang) => selectProfiles({ lang, limit: 50, requireFirstTalk: true }).profiles,
);
const rows: Row[] = [];
for (let round = 0; round < rounds; round += 1) {
  const states = new Map<string, SimulatorState>();
  const inner = createOfflineSimulator({ preset: 'sage' });
  const out = `/tmp/learnability/collect-${round}`;
  rmSync(out, { recursive: true, force: true });
  const collected = await runBenchmark({
    profiles: train,
    simulator: recordingSimulator(inner, states),
    policy: collectingPolicy(rows, inner, states, round === 0 ? 1 : 0.3),
    outDir: out,
    concurrency: 16,
    seed: round,
    label: `collect-${round}`,
    sampling: { temperature: 0.7, maxNewTokens: 64 },
  });
  const rmse = fit(rows, 4, 0.05, 1e-4);
  process.stdout.write(
    `round ${round}: behaviour score ${collected.summary.score?.toFixed(1)} · ${rows.length} rows · rmse ${rmse.toFixed(2)}\n`,
  );
  const evalOut = `/tmp/learnability/heldout-${round}`;
  rmSync(evalOut, { recursive: true, force: true });
  const evaluated = await runBenchmark({
    profiles: heldOut,
    simulator: createOfflineSimulator({ preset: 'sage' }),
    policy: greedyPolicy(),
    outDir: evalOut,
    concurrency: 16,
    seed: 0,
    label: `heldout-${round}`,
    sampling: { temperature: 0.7, maxNewTokens: 64 },
  });
  rmSync(`${evalOut}-train`, { recursive: true, force: true });
  const trainEval = await runBenchmark({
    profiles: train.slice(0, 100),
    simulator: createOfflineSimulator({ preset: 'sage' }),
    policy: greedyPolicy(),
    outDir: `${evalOut}-train`,
    concurrency: 16,
    seed: 0,
    label: `train-${round}`,
    sampling: { temperature: 0.7, maxNewTokens: 64 },
  });
  process.stdout.write(
    `round ${round}: greedy linear policy held-out ${evaluated.summary.score?.toFixed(1)} (success ${evaluated.summary.success}, failure ${evaluated.summary.failure}); on training scenarios ${trainEval.summary.score?.toFixed(1)}\n`,
  );
}
