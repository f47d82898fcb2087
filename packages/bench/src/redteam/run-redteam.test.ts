import { describe, expect, it } from 'vitest';
import { collectRedTeamTurns, evenlySpaced } from './collect-redteam-turns';
import { selectFamilies } from './families/redteam-families';
import { mapWithConcurrency } from './map-with-concurrency';
import { runRedTeam } from './run-redteam';
import { summarizeComparisons, winOf } from './summarize-comparisons';
import { createLengthJudge, EN_RECORD, ZH_RECORD } from './test/synthetic-records';

describe('collectRedTeamTurns', () => {
  it('should put each judged reply in its recorded state (teacher forcing), skipping the unjudged last reply', async () => {
    const { simulator } = createLengthJudge();
    const turns = await collectRedTeamTurns([ZH_RECORD, EN_RECORD], simulator, { seed: 5 });
    expect(turns.map((turn) => [turn.dialogueId, turn.turn, turn.lang])).toEqual([
      ['synthetic-zh-1', 1, 'zh'],
      ['synthetic-zh-1', 2, 'zh'],
      ['synthetic-en-1', 1, 'en'],
    ]);
    const second = turns[1];
    expect(second?.state.history).toEqual(ZH_RECORD.history.slice(0, 3));
    expect(second?.state.emotion).toBe(45);
    expect(second?.state.band).toBe('B');
    expect(second?.state.turn).toBe(1);
    expect(second?.state.seed).toBe(5);
    // Memory blocks that keep the changes so far get the recorded ones; other blocks are left alone.
    expect(second?.state.extra).toEqual({ scripted: { deltas: [5] }, other: { note: 'kept' } });
    expect(second?.userMessages).toEqual(['室友建了个新群，把我排除在外了。', '嗯，我送过零食也没用。']);
    expect(second?.recordedChange).toBe(5);
    expect(turns[2]?.state.lang).toBe('en');
  });

  it('should keep evenly spaced replies per dialogue and the first dialogues only', async () => {
    const { simulator } = createLengthJudge();
    const one = await collectRedTeamTurns([ZH_RECORD, EN_RECORD], simulator, {
      maxTurnsPerDialogue: 1,
      maxDialogues: 1,
    });
    expect(one.map((turn) => turn.turn)).toEqual([1]);
    expect(evenlySpaced(9, 3)).toEqual([0, 4, 8]);
    expect(evenlySpaced(2, 5)).toEqual([0, 1]);
    expect(evenlySpaced(5, 0)).toEqual([]);
  });
});

describe('runRedTeam', () => {
  it('should count strict wins, ties as half, and the gap, judging copy and reply in the same state', async () => {
    const { simulator, judged } = createLengthJudge(30);
    const turns = await collectRedTeamTurns([ZH_RECORD], simulator);
    const report = await runRedTeam({
      turns,
      simulator,
      families: ['echo', 'self-repetition', 'one-size-comfort', 'other-dialogue'],
    });
    const byId = Object.fromEntries(report.families.map((row) => [row.family, row]));
    // Both real replies are 38 characters, over the 30 of the judge (+10). The echoed user messages are short (−5): two wins.
    expect(byId.echo).toMatchObject({ turns: 2, winRate: 1, meanGap: 15, meanRealChange: 10, meanVariantChange: -5 });
    // The first sentence said three times is long too (+10): two ties, half a win each.
    expect(byId['self-repetition']).toMatchObject({ turns: 2, winRate: 0.5, meanGap: 0, passes: false });
    // The comfort sentence is 24 characters (−5).
    expect(byId['one-size-comfort']?.winRate).toBe(1);
    // No other dialogue in this language: the family does not apply, so it has no row.
    expect(byId['other-dialogue']).toBeUndefined();
    expect(report.languages).toEqual([{ lang: 'zh', meanWinRate: 2.5 / 3, minWinRate: 0.5, meanRealChange: 10 }]);
    expect(report.holds).toBe(false);
    // Each turn: one real reply + three copies, all in the identical recorded state.
    expect(judged).toHaveLength(2 * 4);
    for (const call of judged) {
      const turn = turns.find((candidate) => candidate.state.history.length === call.state.history.length);
      expect(call.state).toEqual(turn?.state);
    }
  });

  it('should give the same report at any concurrency and report per language', async () => {
    const { simulator } = createLengthJudge(30);
    const turns = await collectRedTeamTurns([ZH_RECORD, EN_RECORD], simulator);
    const sequential = await runRedTeam({ turns, simulator, seed: 3 });
    const concurrent = await runRedTeam({ turns, simulator, seed: 3, concurrency: 3 });
    expect(concurrent).toEqual(sequential);
    expect(sequential.languages.map((summary) => summary.lang)).toEqual(['zh', 'en']);
    expect(sequential.families.every((row) => row.turns > 0)).toBe(true);
  });

  it('should lose a pair to a simulator error, not the run', async () => {
    const { simulator } = createLengthJudge(30);
    const turns = await collectRedTeamTurns([ZH_RECORD], simulator);
    const flaky = {
      ...simulator,
      async doRespond(options: Parameters<typeof simulator.doRespond>[0]) {
        if (options.reply.includes('别担心')) throw new Error('endpoint down');
        return simulator.doRespond(options);
      },
    };
    const report = await runRedTeam({ turns, simulator: flaky, families: ['echo', 'one-size-comfort'] });
    expect(report.families.find((row) => row.family === 'one-size-comfort')).toMatchObject({
      turns: 0,
      errors: 2,
      passes: false,
    });
    expect(report.families.find((row) => row.family === 'echo')).toMatchObject({ turns: 2, winRate: 1 });
    expect(report.errors).toBe(2);
  });
});

describe('summarizeComparisons', () => {
  it('should fold pairs worked by hand: wins 1, ½, 0 and an error', () => {
    const [family] = selectFamilies(['echo']);
    const base = { dialogueId: 'd', lang: 'en' as const, family: 'echo', text: 'x' };
    const report = summarizeComparisons({
      simulatorId: 'hand',
      seed: 0,
      turns: 4,
      families: family ? [family] : [],
      outcomes: [
        { ...base, turn: 1, real: 5, variant: -5 },
        { ...base, turn: 2, real: 5, variant: 5 },
        { ...base, turn: 3, real: -5, variant: 5, text: 'best copy' },
        { family: 'echo', lang: 'en', error: true },
      ],
      familyTarget: 0.9,
      meanTarget: 0.95,
    });
    expect(report.families[0]).toMatchObject({
      turns: 3,
      winRate: 0.5,
      meanGap: 0,
      errors: 1,
      passes: false,
      example: { text: 'best copy', change: 5, turn: 3 },
    });
    expect([winOf(2, 1), winOf(1, 1), winOf(0, 1)]).toEqual([1, 0.5, 0]);
  });
});

describe('mapWithConcurrency', () => {
  it('should keep the order of the items whatever finishes first', async () => {
    const delays = [30, 5, 15, 0];
    const results = await mapWithConcurrency(delays, 2, async (delay, index) => {
      await new Promise((resolve) => setTimeout(resolve, delay));
      return index;
    });
    expect(results).toEqual([0, 1, 2, 3]);
  });
});
