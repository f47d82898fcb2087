import type { StrategyLabel } from '@rlver/spec';

/** One lexical cue of the rule tagger: a label and a global regular expression whose matches are the cues. */
export interface CuePattern {
  label: StrategyLabel;
  /** Carries the `g` flag; every match becomes a cue span. */
  pattern: RegExp;
}

/**
 * Build the cue pattern of one label from regular-expression sources: one alternation, so a text is
 * scanned once per label (the simulated user tags every reply; the budget is < 0.5 ms per reply).
 */
export function cues(label: StrategyLabel, sources: readonly string[], flags = ''): CuePattern {
  const withGlobal = flags.includes('g') ? flags : `${flags}g`;
  return { label, pattern: new RegExp(sources.map((source) => `(?:${source})`).join('|'), withGlobal) };
}
