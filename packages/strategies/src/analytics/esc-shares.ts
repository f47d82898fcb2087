import type { StrategyLabel } from '@rlver/spec';
import type { LabelledDialogue } from './labelled-dialogue';

/** ESConv support strategies (Liu et al., ACL 2021; spec §8.2). */
export const ESC_STRATEGIES = [
  'question',
  'restatement_or_paraphrasing',
  'reflection_of_feelings',
  'self_disclosure',
  'affirmation_and_reassurance',
  'providing_suggestions',
  'information',
  'others',
] as const;
export type EscStrategy = (typeof ESC_STRATEGIES)[number];

/** ESC stages; `others` belongs to none. */
export type EscStage = 'exploration' | 'comforting' | 'action';

/** Our label → its nearest ESConv strategy. */
export const LABEL_TO_ESC: Readonly<Record<StrategyLabel, EscStrategy>> = {
  question: 'question',
  guided_reflection: 'question',
  active_listening: 'restatement_or_paraphrasing',
  deep_empathy: 'reflection_of_feelings',
  self_disclosure: 'self_disclosure',
  praise: 'affirmation_and_reassurance',
  validation: 'affirmation_and_reassurance',
  generic_comfort: 'affirmation_and_reassurance',
  advice: 'providing_suggestions',
  information: 'information',
  dialectical_analysis: 'information',
  perspective_taking: 'information',
  other: 'others',
};

export const ESC_STAGE: Readonly<Record<EscStrategy, EscStage | undefined>> = {
  question: 'exploration',
  restatement_or_paraphrasing: 'exploration',
  reflection_of_feelings: 'comforting',
  self_disclosure: 'comforting',
  affirmation_and_reassurance: 'comforting',
  providing_suggestions: 'action',
  information: 'action',
  others: undefined,
};

export interface EscShares {
  turnCount: number;
  /** Share of assistant turns carrying each ESC strategy (a turn counts once per strategy). */
  shares: Record<EscStrategy, number>;
  /** Share of dialogues that reach each stage at least once (ESC stage coverage). */
  stageCoverage: Record<EscStage, number>;
}

/** ESConv-style strategy shares and stage coverage of a set of dialogues. */
export function computeEscShares(dialogues: readonly LabelledDialogue[]): EscShares {
  const counts = Object.fromEntries(ESC_STRATEGIES.map((strategy) => [strategy, 0])) as Record<EscStrategy, number>;
  const covered: Record<EscStage, number> = { exploration: 0, comforting: 0, action: 0 };
  let turnCount = 0;
  for (const dialogue of dialogues) {
    const stages = new Set<EscStage>();
    for (const turn of dialogue) {
      turnCount += 1;
      const strategies = new Set(turn.map((label) => LABEL_TO_ESC[label]));
      for (const strategy of strategies) {
        counts[strategy] += 1;
        const stage = ESC_STAGE[strategy];
        if (stage) stages.add(stage);
      }
    }
    for (const stage of stages) covered[stage] += 1;
  }
  const shares = { ...counts };
  for (const strategy of ESC_STRATEGIES) shares[strategy] = turnCount === 0 ? 0 : counts[strategy] / turnCount;
  const dialogueCount = dialogues.length;
  const stageCoverage: Record<EscStage, number> = {
    exploration: dialogueCount === 0 ? 0 : covered.exploration / dialogueCount,
    comforting: dialogueCount === 0 ? 0 : covered.comforting / dialogueCount,
    action: dialogueCount === 0 ? 0 : covered.action / dialogueCount,
  };
  return { turnCount, shares, stageCoverage };
}
