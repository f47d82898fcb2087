/**
 * The choice layer as a configuration of the trainer's one run loop (`rlver-train`, config `choiceLayer`):
 * - `attachChoiceLayer` turns a phrasebook policy into one whose `doAct` samples a candidate from π and whose
 *   `doCandidates` draws the rest of a turn's group from π (enumerated branching fills the group with them), and
 *   records each state's candidate list for the update;
 * - `createChoiceLayerAlgorithm` is the run's `AlgorithmV1`: it reads the turn groups off the step's dialogues
 *   (the continuing reply and its judged alternatives, reward = the user's emotion change at that turn) and takes
 *   a GRPO or PPO step on the layer's weights (choice-objectives.ts); the language model stays frozen;
 * - `choice-layer.json` beside a policy checkpoint holds the weights and the prior; `loadChoiceLayerFile` reads it
 *   back (resume, `rlver-eval`).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type AlgorithmV1,
  type ChatMessage,
  createRng,
  hashSeed,
  InvalidConfigError,
  type PolicyOutput,
  type SamplingOptions,
  type Trajectory,
} from '@rlver/spec';
import { z } from 'zod';
import type { TfjsDialoguePolicy } from '../tfjs-dialogue-policy';
import { ChoiceCritic, type ChoiceCriticJson } from './choice-critic';
import type { ChoiceState } from './choice-features';
import { ChoiceLayer, type ChoiceLayerJson, type ChoiceOptimizerState } from './choice-layer';
import { type ChoiceList, ChoiceLister, createChoiceLayerPolicy, drawIndex } from './choice-layer-policy';
import { type ChoiceGroup, grpoStep, ppoStep } from './choice-objectives';
import { ThinkChoiceLister } from './choice-think';

export type ChoicePrior = 'lm' | 'uniform';

/** The file beside a policy checkpoint that carries its choice layer. */
export const CHOICE_LAYER_FILE = 'choice-layer.json';

export interface ChoiceLayerFile extends ChoiceLayerJson {
  prior: ChoicePrior;
  /** Sampling the candidates were listed (and, prior `lm`, scored) with. */
  sampling: { temperature?: number; maxNewTokens?: number };
  /** Think turns (choice-think.ts): the layer chooses a plan, then a reply; absent or false: replies only. */
  think?: boolean;
}

/**
 * A choice state's identity: the dialogue's user and assistant texts so far, each trimmed, the system prompt left
 * out (a finished trajectory holds no system prompt, and the simulator's messages come back trimmed). Not the
 * phrasebook rule's prompt-window key in @rlver/model, which keeps the window's text verbatim.
 */
export function choiceStateKey(messages: readonly Pick<ChatMessage, 'role' | 'content'>[]): string {
  return messages
    .filter((m) => m.role !== 'system')
    .map((m) => `${m.role}\u0000${m.content.trim()}`)
    .join('\u0001');
}

/** The state key before each policy turn of a finished dialogue (the same key `choiceStateKey` gives at that turn). */
export function turnStateKeys(trajectory: Trajectory): string[] {
  const messages: Pick<ChatMessage, 'role' | 'content'>[] = [{ role: 'user', content: trajectory.opening.message }];
  return trajectory.turns.map((turn) => {
    const key = choiceStateKey(messages);
    messages.push({ role: 'assistant', content: turn.reply });
    if (turn.userMessage !== null) messages.push({ role: 'user', content: turn.userMessage });
    return key;
  });
}

/** Candidate lists seen since the last update, by state. */
export class ChoiceStateLog {
  private readonly lists = new Map<string, ChoiceList>();
  record(list: ChoiceList): void {
    this.lists.set(choiceStateKey(list.messages), list);
  }
  get(key: string): ChoiceList | undefined {
    return this.lists.get(key);
  }
  clear(): void {
    this.lists.clear();
  }
  get size(): number {
    return this.lists.size;
  }
}

export interface AttachChoiceLayerOptions {
  layer: ChoiceLayer;
  prior: ChoicePrior;
  sampling: SamplingOptions;
  seed: number;
  /** Where the listed states go (training); omit for evaluation. */
  log?: ChoiceStateLog;
  /** Think-then-say (choice-think.ts): each turn is a plan, then a reply; needs prior `uniform`. */
  think?: boolean;
}

/** Draws up to `limit` distinct indexes from `probs` without replacement, leaving out `skip`. */
function drawDistinct(probs: readonly number[], limit: number, skip: ReadonlySet<number>, u: () => number): number[] {
  const left = probs.map((p, i) => (skip.has(i) ? 0 : p));
  const drawn: number[] = [];
  while (drawn.length < limit) {
    const total = left.reduce((s, p) => s + p, 0);
    if (total <= 0) break;
    const pick = drawIndex(left, u() * total);
    drawn.push(pick);
    left[pick] = 0;
  }
  return drawn;
}

/**
 * The base policy with the choice layer in front: `doAct` samples one of the state's candidates from π (seeded by
 * the request), `doCandidates` draws up to `limit` other candidates from π without replacement (a turn's group under
 * enumerated branching). The model, tokenizer and checkpoint writer stay the base policy's.
 */
export function attachChoiceLayer(base: TfjsDialoguePolicy, options: AttachChoiceLayerOptions): TfjsDialoguePolicy {
  if (options.think && options.prior !== 'uniform')
    throw new InvalidConfigError({
      field: 'choiceLayer.prior',
      message: `think turns on the choice layer score (plan, reply) pairs with prior uniform (got ${options.prior}): set --choice-layer.prior uniform, or drop --think`,
    });
  const lister = options.think
    ? new ThinkChoiceLister(base, options.sampling)
    : new ChoiceLister(base, options.sampling, options.prior);
  const chooser = createChoiceLayerPolicy({
    base,
    layer: options.layer,
    lister,
    mode: 'sample',
    seed: options.seed,
    async onState(list) {
      options.log?.record(list);
      return undefined;
    },
  });
  return {
    ...base,
    policyId: chooser.policyId,
    doAct: (actOptions) => chooser.doAct(actOptions),
    async doCandidates({ request, limit, exclude }) {
      const list = await lister.list(request);
      if (list.candidates.length === 0) return [];
      options.log?.record(list);
      const probs = options.layer.probs(list.row);
      const excluded = new Set((exclude ?? []).map((text) => text.trim()));
      const skip = new Set(list.candidates.flatMap((c, i) => (excluded.has(c.reply.trim()) ? [i] : [])));
      const rng = createRng(hashSeed(options.seed, request.seed ?? 0, 'choice-candidates'));
      return drawDistinct(probs, limit, skip, () => rng.next()).map(
        (index) => ({ ...(list.outputs[index] as PolicyOutput), latencyMs: 0 }) satisfies PolicyOutput,
      );
    },
  };
}

/** Reads `choice-layer.json` from a checkpoint folder; undefined when the folder has none. */
export function loadChoiceLayerFile(folder: string): { layer: ChoiceLayer; file: ChoiceLayerFile } | undefined {
  const path = join(folder, CHOICE_LAYER_FILE);
  if (!existsSync(path)) return undefined;
  const unreadable = (problem: string) =>
    new InvalidConfigError({
      field: CHOICE_LAYER_FILE,
      message: `${path}: ${problem}. The file holds the choice layer's weights (written by rlver-train beside the policy); restore it from another checkpoint of the run (checkpoints/step-*/policy/${CHOICE_LAYER_FILE}), or delete it to start the layer from zero weights.`,
    });
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw unreadable(`not JSON (${(error as Error).message})`);
  }
  const parsed = choiceLayerFileSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw unreadable(`${issue?.path.join('.') || 'the file'}: ${issue?.message}`);
  }
  const file = parsed.data as ChoiceLayerFile;
  return { layer: ChoiceLayer.fromJSON(file), file };
}

/** The shape of choice-layer.json (`writeChoiceLayerFile`); fields of later versions pass through. */
const choiceLayerFileSchema = z.looseObject({
  version: z.number(),
  dim: z.number().int().positive(),
  weights: z.array(z.tuple([z.number().int(), z.number()])),
  prior: z.enum(['lm', 'uniform'], { error: 'prior must be "lm" or "uniform"' }),
  sampling: z.object({ temperature: z.number().optional(), maxNewTokens: z.number().optional() }),
  think: z.boolean().optional(),
});

/** Writes the layer's weights and prior beside a policy checkpoint. */
export function writeChoiceLayerFile(
  folder: string,
  layer: ChoiceLayer,
  prior: ChoicePrior,
  sampling: SamplingOptions,
  think = false,
): void {
  mkdirSync(folder, { recursive: true });
  const file: ChoiceLayerFile = {
    ...layer.toJSON(),
    prior,
    sampling: { temperature: sampling.temperature, maxNewTokens: sampling.maxNewTokens },
    ...(think ? { think } : {}),
  };
  writeFileSync(join(folder, CHOICE_LAYER_FILE), `${JSON.stringify(file)}\n`);
}

function mean(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
}

/** 1 − Var(residual) / Var(rewards): the share of the rewards' variance the baseline explains (0 when flat). */
function explainedVariance(rewards: readonly number[], residual: readonly number[]): number {
  const variance = (xs: readonly number[]) => {
    const m = mean(xs);
    return mean(xs.map((x) => (x - m) ** 2));
  };
  const total = variance(rewards);
  return total > 1e-12 ? 1 - variance(residual) / total : 0;
}

export interface ChoiceLayerAlgorithmOptions {
  layer: ChoiceLayer;
  log: ChoiceStateLog;
  /** `grpo`: group-normalised advantages, one step; `ppo`: reward minus a baseline, clipped, `epochs`. */
  objective: 'grpo' | 'ppo';
  learningRate: number;
  clip: number;
  epochs: number;
  /**
   * PPO's baseline (GRPO normalises within the group and ignores it): `language-turn`, a running mean of the
   * rewards per (language, turn); `linear-critic`, a learned V(s) over the state's features (choice-critic.ts);
   * `group-mean`, the mean reward of the other members judged at the same state (leave-one-out: GRPO's and RLOO's
   * baseline inside PPO's clipped update, not a learned critic). Default `language-turn`.
   */
  ppoBaseline?: ChoicePpoBaseline;
  /** `linear-critic`: the share of its error each fitted state's value moves by (default 0.2). */
  criticRate?: number;
}

export type ChoicePpoBaseline = 'language-turn' | 'linear-critic' | 'group-mean';

const OPTIMIZER_FILE = 'choice-optimizer.json';

interface ChoiceAlgorithmState {
  optimizer: ChoiceOptimizerState;
  baselines: [string, number][];
  /** `linear-critic` only. */
  critic?: ChoiceCriticJson;
}

/** The run's algorithm when the choice layer is on: trains the layer's weights from the step's turn groups. */
export function createChoiceLayerAlgorithm(options: ChoiceLayerAlgorithmOptions): AlgorithmV1 & { dispose(): void } {
  const { layer, log } = options;
  const ppoBaseline = options.ppoBaseline ?? 'language-turn';
  const criticRate = options.criticRate ?? 0.2;
  const baselines = new Map<string, number>();
  let critic = ppoBaseline === 'linear-critic' ? new ChoiceCritic() : undefined;
  return {
    specificationVersion: 'v1',
    algorithmId: `choice-layer-${options.objective}`,
    async doUpdate({ trajectories, dialogues }) {
      const groups: (ChoiceGroup & { key: string; state: ChoiceState })[] = [];
      let states = 0;
      let unmatched = 0;
      let entropy = 0;
      for (const trajectory of dialogues ?? trajectories) {
        if (trajectory.stopReason === 'error') continue;
        const keys = turnStateKeys(trajectory);
        trajectory.turns.forEach((turn, t) => {
          if (!turn.scored) return;
          states += 1;
          const list = log.get(keys[t] as string);
          if (!list) {
            unmatched += 1;
            return;
          }
          // Matched on the raw output: a think turn's candidate is the whole `<think>…</think>reply` text.
          const indexOf = new Map(list.candidates.map((c, i) => [c.reply.trim(), i]));
          const members = [turn, ...(turn.alternatives ?? [])].flatMap((member) => {
            const index = indexOf.get((member.rawOutput ?? member.reply).trim());
            return index === undefined || !member.scored ? [] : [{ index, reward: member.delta }];
          });
          if (members.length < 2) return;
          const logProbs = layer.logProbs(list.row);
          entropy -= logProbs.reduce((s, lp) => s + Math.exp(lp) * lp, 0);
          groups.push({
            key: `${trajectory.lang}#${t}`,
            state: list.state,
            row: list.row,
            chosen: members.map((m) => m.index),
            rewards: members.map((m) => m.reward),
            oldLogProbs: members.map((m) => logProbs[m.index] as number),
          });
        });
      }
      log.clear();
      // The dialogue metrics every algorithm reports (the progress line's reward), over the finished dialogues.
      const usable = (dialogues ?? trajectories).filter((t) => t.stopReason !== 'error');
      const rewards = usable.map((t) => t.reward);
      const rewardMean = rewards.reduce((a, b) => a + b, 0) / Math.max(1, rewards.length);
      const share = (test: (r: number) => boolean) => rewards.filter(test).length / Math.max(1, rewards.length);
      const metrics: Record<string, number> = {
        'rollout/reward_mean': rewardMean,
        'rollout/reward_std': Math.sqrt(
          rewards.reduce((a, r) => a + (r - rewardMean) ** 2, 0) / Math.max(1, rewards.length),
        ),
        'rollout/success_fraction': share((r) => r >= 1),
        'rollout/failure_fraction': share((r) => r < 0.1),
        'rollout/turns_mean': usable.reduce((a, t) => a + t.turns.length, 0) / Math.max(1, usable.length),
        'choice/states': states,
        'choice/unmatched_states': unmatched,
        'choice/groups': groups.length,
      };
      if (groups.length === 0)
        return { metrics, skipped: true, warnings: ['choice layer: no turn group with two judged candidates'] };
      const members = groups.reduce((s, g) => s + g.rewards.length, 0);
      metrics['choice/mean_reward'] = groups.reduce((s, g) => s + g.rewards.reduce((a, b) => a + b, 0), 0) / members;
      metrics['choice/entropy'] = entropy / groups.length;
      if (options.objective === 'grpo') {
        metrics['choice/mean_abs_advantage'] = grpoStep(layer, groups, options.learningRate);
      } else {
        let perSample: number[][];
        if (critic) {
          const features = groups.map((g) => (critic as ChoiceCritic).features(g.state));
          perSample = groups.map((g, i) =>
            g.rewards.map(() => (critic as ChoiceCritic).value(features[i] as number[])),
          );
          const residual = groups.flatMap((g, i) => g.rewards.map((r) => r - (perSample[i]?.[0] as number)));
          metrics['choice/critic_explained_variance'] = explainedVariance(
            groups.flatMap((g) => [...g.rewards]),
            residual,
          );
          metrics['choice/critic_mse'] = critic.fit(
            groups.map((g, i) => ({ features: features[i] as number[], target: mean(g.rewards) })),
            criticRate,
          );
        } else if (ppoBaseline === 'group-mean') {
          perSample = groups.map((g) => {
            const sum = g.rewards.reduce((a, b) => a + b, 0);
            return g.rewards.map((r) => (sum - r) / (g.rewards.length - 1));
          });
        } else {
          perSample = groups.map((g) => g.rewards.map(() => baselines.get(g.key) ?? 0));
        }
        metrics['choice/clip_fraction'] = ppoStep(layer, groups, {
          learningRate: options.learningRate,
          clip: options.clip,
          epochs: options.epochs,
          baselines: perSample,
        });
        if (ppoBaseline === 'language-turn')
          for (const g of groups) {
            const m = mean(g.rewards);
            baselines.set(g.key, 0.8 * (baselines.get(g.key) ?? m) + 0.2 * m);
          }
      }
      metrics['choice/nonzero_weights'] = layer.toJSON().weights.length;
      return { metrics, skipped: false, warnings: [] };
    },
    async saveState(directory) {
      mkdirSync(directory, { recursive: true });
      const state: ChoiceAlgorithmState = {
        optimizer: layer.optimizerState(),
        baselines: [...baselines],
        ...(critic ? { critic: critic.toJSON() } : {}),
      };
      writeFileSync(join(directory, OPTIMIZER_FILE), `${JSON.stringify(state)}\n`);
    },
    async loadState(directory) {
      const path = join(directory, OPTIMIZER_FILE);
      if (!existsSync(path)) return;
      const state = JSON.parse(readFileSync(path, 'utf8')) as ChoiceAlgorithmState;
      layer.loadOptimizerState(state.optimizer);
      baselines.clear();
      for (const [key, value] of state.baselines) baselines.set(key, value);
      if (critic && state.critic) critic = ChoiceCritic.fromJSON(state.critic);
    },
    dispose() {},
  };
}
