import type { StrategyLabel } from '@rlver/spec';
import type { LabelledDialogue } from './labelled-dialogue';

/** One turn's labels as a stable string, e.g. `deep_empathy+question`; `-` for an unlabelled turn. */
export function formatTurnStrategies(labels: readonly StrategyLabel[]): string {
  return labels.length === 0 ? '-' : labels.join('+');
}

/** Per-turn strategy sequence of each dialogue, e.g. `['question', 'deep_empathy+advice']`. */
export function computeStrategySequences(dialogues: readonly LabelledDialogue[]): string[][] {
  return dialogues.map((dialogue) => dialogue.map(formatTurnStrategies));
}

/** Labels that explore the user's situation before any suggestion (ESC exploration stage). */
const EXPLORATION: ReadonlySet<StrategyLabel> = new Set(['question', 'active_listening']);

/**
 * Share of dialogues with advice whose first advice comes before any exploration (question or active
 * listening) — the "suggestion before exploration" rate of spec §8.3. Dialogues without advice are skipped;
 * 0 when no dialogue has advice.
 */
export function computeSuggestionBeforeExplorationRate(dialogues: readonly LabelledDialogue[]): number {
  let withAdvice = 0;
  let premature = 0;
  for (const dialogue of dialogues) {
    const firstAdvice = dialogue.findIndex((turn) => turn.includes('advice'));
    if (firstAdvice < 0) continue;
    withAdvice += 1;
    const explored = dialogue.slice(0, firstAdvice + 1).some((turn) => turn.some((label) => EXPLORATION.has(label)));
    if (!explored) premature += 1;
  }
  return withAdvice === 0 ? 0 : premature / withAdvice;
}
