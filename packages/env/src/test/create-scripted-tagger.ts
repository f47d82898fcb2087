import type { StrategyLabel, StrategyTaggerV1 } from '@rlver/spec';

/** A `StrategyTaggerV1` answering with `labelsFor(text)`; throws when it returns an `Error`. */
export function createScriptedTagger(labelsFor: (text: string) => StrategyLabel[] | Error): StrategyTaggerV1 {
  return {
    specificationVersion: 'v1',
    taggerId: 'scripted',
    async doTag({ text }) {
      const labels = labelsFor(text);
      if (labels instanceof Error) throw labels;
      return { labels, cues: [] };
    },
  };
}
