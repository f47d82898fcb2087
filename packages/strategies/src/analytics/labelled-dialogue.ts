import type { Language, StrategyLabel, Trajectory } from '@rlver/spec';
import { tagWithRules } from '../rule-tagger/rule-tagger';

/** The labels of each assistant turn of one dialogue, in turn order. */
export type LabelledDialogue = ReadonlyArray<readonly StrategyLabel[]>;

/** A dialogue to analyse: a trajectory, or the assistant reply texts in order. */
export type DialogueInput = Trajectory | readonly string[];

/** Synchronous tagging function (e.g. `createRuleTagger().tag`). */
export type TagFunction = (text: string, lang?: Language) => { labels: StrategyLabel[] };

function isTrajectory(input: DialogueInput): input is Trajectory {
  return !Array.isArray(input) && typeof input === 'object' && 'turns' in input;
}

/**
 * Turn inputs into labelled dialogues. Trajectory turns keep their `strategyLabels` when present and are
 * tagged from `reply` otherwise; reply texts are always tagged. The default tagger is the rule tagger.
 */
export function toLabelledDialogues(
  inputs: readonly DialogueInput[],
  tag: TagFunction = tagWithRules,
): LabelledDialogue[] {
  return inputs.map((input) => {
    if (isTrajectory(input)) {
      return input.turns.map((turn) =>
        turn.strategyLabels.length > 0 ? turn.strategyLabels : tag(turn.reply, input.lang).labels,
      );
    }
    return (input as readonly string[]).map((text) => tag(text).labels);
  });
}
