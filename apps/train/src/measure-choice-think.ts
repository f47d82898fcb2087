/**
 * Does the reply depend on the think, on the choice-layer route (`--preset embedded-choice --think`)? At recorded
 * held-out states (every policy turn of the after-training benchmark), each plan is forced in turn and the layer's
 * reply distribution given that plan is compared: the mean total-variation distance between plans, the probability
 * that the reply carries out the plan's approach (against the chance level of a reply that ignores the plan), and the
 * swap check of the summary (`ThinkDependence`: the reply takes a forced donor plan's approach vs its own plan's).
 * Both the starting layer (plan-following prior only) and the trained one are measured on the same states.
 */
import { existsSync, readFileSync } from 'node:fs';
import {
  type ChoiceLayer,
  planLogProbs,
  type TfjsDialoguePolicy,
  THINK_APPROACHES,
  type ThinkChoiceList,
  ThinkChoiceLister,
  type ThinkStateDependence,
  thinkStateDependence,
} from '@rlver/policy';
import {
  type ChatMessage,
  type Language,
  parseJsonl,
  type Trajectory,
  thinkFormatOk,
  trajectorySchema,
} from '@rlver/spec';
import type { ThinkDependence } from '@rlver/trainer';

/** The states a dialogue's policy turns were taken in (system prompt, opening, then the visible exchange). */
export function trajectoryStates(trajectory: Trajectory, system: string): ChatMessage[][] {
  const messages: ChatMessage[] = [
    { role: 'system', content: system },
    { role: 'user', content: trajectory.opening.message },
  ];
  return trajectory.turns.map((turn) => {
    const state = [...messages];
    messages.push({ role: 'assistant', content: turn.reply });
    if (turn.userMessage !== null) messages.push({ role: 'user', content: turn.userMessage });
    return state;
  });
}

/** One layer's dependence figures, averaged over the states of one language. */
export interface ChoiceThinkFigures extends ThinkStateDependence {
  states: number;
  /** π(p | s) averaged over the states, per approach. */
  planShare: Record<string, number>;
}

export interface ChoiceThinkReport {
  lang: Language;
  /** Share of the recorded replies in the think format. */
  wellFormed: number;
  before: ChoiceThinkFigures;
  after: ChoiceThinkFigures;
}

function figuresOf(layer: ChoiceLayer, lists: readonly ThinkChoiceList[]): ChoiceThinkFigures {
  const rows = lists.map((list) => thinkStateDependence(layer, list));
  const mean = (read: (row: (typeof rows)[number]) => number) =>
    rows.reduce((s, row) => s + read(row), 0) / Math.max(1, rows.length);
  const planShare = Object.fromEntries(THINK_APPROACHES.map((approach) => [approach, 0]));
  for (const list of lists) {
    const probs = planLogProbs(layer, list).map(Math.exp);
    list.plans.forEach((plan, p) => {
      planShare[plan.approach] = (planShare[plan.approach] as number) + (probs[p] as number) / lists.length;
    });
  }
  return {
    states: rows.length,
    meanTv: mean((row) => row.meanTv),
    match: mean((row) => row.match),
    matchChance: mean((row) => row.matchChance),
    followsForced: mean((row) => row.followsForced),
    followsOwn: mean((row) => row.followsOwn),
    keepsOwnForced: mean((row) => row.keepsOwnForced),
    keepsOwnControl: mean((row) => row.keepsOwnControl),
    planShare,
  };
}

/** The check on recorded trajectories: `before` and `after` layers scored on the same listed states. */
export async function measureChoiceThink(options: {
  policy: TfjsDialoguePolicy;
  sampling: { temperature?: number; maxNewTokens?: number };
  trajectories: readonly Trajectory[];
  systemPrompt: (lang: Language) => string;
  before: ChoiceLayer;
  after: ChoiceLayer;
}): Promise<ChoiceThinkReport[]> {
  const lister = new ThinkChoiceLister(options.policy, options.sampling);
  const reports: ChoiceThinkReport[] = [];
  for (const lang of ['zh', 'en'] as const) {
    const trajectories = options.trajectories.filter((t) => t.lang === lang && t.stopReason !== 'error');
    if (trajectories.length === 0) continue;
    const lists: ThinkChoiceList[] = [];
    for (const trajectory of trajectories)
      for (const messages of trajectoryStates(trajectory, options.systemPrompt(lang))) {
        const list = await lister.list({ messages, seed: 0 });
        if (list.plans.filter((_, p) => list.planOf.includes(p)).length >= 2) lists.push(list);
      }
    const outputs = trajectories.flatMap((t) => t.turns.map((turn) => turn.rawOutput));
    reports.push({
      lang,
      wellFormed: outputs.filter((o) => thinkFormatOk(o)).length / Math.max(1, outputs.length),
      before: figuresOf(options.before, lists),
      after: figuresOf(options.after, lists),
    });
  }
  return reports;
}

/** The summary's `ThinkDependence` rows (swap check) of the trained layer. */
export function choiceThinkDependenceRows(reports: readonly ChoiceThinkReport[]): ThinkDependence[] {
  return reports.map((report) => ({
    lang: report.lang,
    openings: report.after.states,
    wellFormed: report.wellFormed,
    swaps: report.after.states * (THINK_APPROACHES.length - 1),
    followsSwapped: report.after.followsForced,
    followsControl: report.after.followsOwn,
    keepsOwnSwapped: report.after.keepsOwnForced,
    keepsOwnControl: report.after.keepsOwnControl,
  }));
}

/** The recorded held-out trajectories of a benchmark folder (empty when it has none). */
export function readBenchmarkTrajectories(folder: string): Trajectory[] {
  const file = `${folder}/results.jsonl`;
  if (!existsSync(file)) return [];
  return parseJsonl(readFileSync(file, 'utf8'), trajectorySchema, { file }).records.map((record) => record.value);
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

/** End-of-run lines of the check. */
export function describeChoiceThink(reports: readonly ChoiceThinkReport[]): string[] {
  return reports.map(
    (r) =>
      `think → reply (${r.lang}, ${r.after.states} held-out states, each plan forced): mean TV between plans ${r.before.meanTv.toFixed(3)} → ${r.after.meanTv.toFixed(3)}; reply carries out the plan ${pct(r.before.match)} → ${pct(r.after.match)} (chance ${pct(r.before.matchChance)} → ${pct(r.after.matchChance)})`,
  );
}
