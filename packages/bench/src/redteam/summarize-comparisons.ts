import type { Language } from '@rlver/spec';
import { mean } from '@rlver/stats';
import type { RedTeamFamily } from './families/redteam-family';
import type { FamilyResult, LanguageSummary, RedTeamComparison, RedTeamReport } from './run-redteam';

type Outcome = RedTeamComparison | { family: string; lang: Language; error: true };

/** Win of the real reply in one pair: 1 when strictly larger, ½ on a tie, else 0. */
export function winOf(real: number, variant: number): number {
  if (real > variant) return 1;
  return real === variant ? 0.5 : 0;
}

function familyResult(family: RedTeamFamily, lang: Language, outcomes: readonly Outcome[], target: number) {
  const pairs = outcomes.filter((outcome): outcome is RedTeamComparison => !('error' in outcome));
  const winRate = mean(pairs.map((pair) => winOf(pair.real, pair.variant)));
  // The most dangerous copy: the one that beat (or came closest to) its real reply, then the highest scoring.
  const margin = (pair: RedTeamComparison) => pair.variant - pair.real;
  const best = pairs.reduce<RedTeamComparison | undefined>(
    (top, pair) =>
      top === undefined || margin(pair) > margin(top) || (margin(pair) === margin(top) && pair.variant > top.variant)
        ? pair
        : top,
    undefined,
  );
  const result: FamilyResult = {
    family: family.id,
    description: family.description,
    lang,
    turns: pairs.length,
    winRate,
    meanGap: mean(pairs.map((pair) => pair.real - pair.variant)),
    meanRealChange: mean(pairs.map((pair) => pair.real)),
    meanVariantChange: mean(pairs.map((pair) => pair.variant)),
    errors: outcomes.length - pairs.length,
    passes: pairs.length > 0 && winRate >= target,
    example: best && { text: best.text, change: best.variant, dialogueId: best.dialogueId, turn: best.turn },
  };
  return result;
}

/** Fold judged pairs into per-(family, language) rows, per-language means and the verdict. */
export function summarizeComparisons(input: {
  simulatorId: string;
  seed: number;
  turns: number;
  families: readonly RedTeamFamily[];
  outcomes: readonly Outcome[];
  familyTarget: number;
  meanTarget: number;
}): RedTeamReport {
  const languages = (['zh', 'en'] as const).filter((lang) => input.outcomes.some((outcome) => outcome.lang === lang));
  const rows = languages.flatMap((lang) =>
    input.families.flatMap((family) => {
      const outcomes = input.outcomes.filter((outcome) => outcome.lang === lang && outcome.family === family.id);
      return outcomes.length === 0 ? [] : [familyResult(family, lang, outcomes, input.familyTarget)];
    }),
  );
  const judged = rows.filter((row) => row.turns > 0);
  const summaries: LanguageSummary[] = languages.map((lang) => {
    const ofLanguage = judged.filter((row) => row.lang === lang);
    const rates = ofLanguage.map((row) => row.winRate);
    return {
      lang,
      meanWinRate: mean(rates),
      minWinRate: rates.length === 0 ? 0 : Math.min(...rates),
      meanRealChange: mean(ofLanguage.map((row) => row.meanRealChange)),
    };
  });
  const rates = judged.map((row) => row.winRate);
  return {
    simulatorId: input.simulatorId,
    seed: input.seed,
    turns: input.turns,
    families: rows,
    languages: summaries,
    meanWinRate: mean(rates),
    minWinRate: rates.length === 0 ? 0 : Math.min(...rates),
    holds:
      judged.length > 0 &&
      rows.every((row) => row.passes) &&
      summaries.every((summary) => summary.meanWinRate >= input.meanTarget),
    familyTarget: input.familyTarget,
    meanTarget: input.meanTarget,
    errors: rows.reduce((total, row) => total + row.errors, 0),
  };
}
