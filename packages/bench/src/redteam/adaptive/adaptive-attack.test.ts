import { createRng } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { collectRedTeamTurns } from '../collect-redteam-turns';
import { createLengthJudge, ZH_RECORD } from '../test/synthetic-records';
import { runAdaptiveAttack } from './adaptive-attack';
import { type AttackPiece, mutatePieces, renderAttack, sourcesOf, stockPieces } from './attack-pieces';
import { ATTACK_SEEDS } from './attack-seeds';

describe('runAdaptiveAttack', () => {
  it('should climb to a longer degenerate text when the judge pays for length, deterministically', async () => {
    const { simulator, judged } = createLengthJudge(30);
    const turns = await collectRedTeamTurns([ZH_RECORD], simulator);
    const options = { turns, simulator, seeds: ['keyword-stuffing', 'echo'], evaluationsPerSeed: 40, sampleTurns: 2 };
    const exploits = await runAdaptiveAttack(options);
    // Reference (2 calls) + 40 candidates per seed, each judged on both sampled turns.
    expect(judged).toHaveLength(2 + 2 * 40 * 2);
    expect(exploits.map((exploit) => exploit.seed)).toEqual(['keyword-stuffing', 'echo']);
    for (const exploit of exploits) {
      // The short starting texts get −5; the climb finds texts over 30 characters, which this judge pays +10.
      expect(exploit.meanChange).toBe(10);
      expect([...exploit.text].length).toBeGreaterThan(30);
      expect(exploit.referenceMeanChange).toBe(10);
      expect(exploit.holds).toBe(false);
      expect(exploit.evaluations).toBe(40);
    }
    expect(await runAdaptiveAttack({ ...options, simulator: createLengthJudge(30).simulator })).toEqual(exploits);
  });

  it('should report holds when no degenerate text reaches the real replies', async () => {
    const { simulator } = createLengthJudge(1000);
    const turns = await collectRedTeamTurns([ZH_RECORD], simulator);
    const strict = {
      ...simulator,
      doRespond: (options: Parameters<typeof simulator.doRespond>[0]) =>
        options.reply === turns[0]?.reply || options.reply === turns[1]?.reply
          ? simulator.doRespond({ ...options, reply: 'x'.repeat(2000) })
          : simulator.doRespond(options),
    };
    const [exploit] = await runAdaptiveAttack({
      turns,
      simulator: strict,
      seeds: ['warm-loop'],
      evaluationsPerSeed: 10,
    });
    expect(exploit).toMatchObject({ meanChange: -5, referenceMeanChange: 10, holds: true });
  });

  it('should leave failed calls out of the mean instead of stopping', async () => {
    const { simulator } = createLengthJudge(30);
    const turns = await collectRedTeamTurns([ZH_RECORD], simulator);
    let calls = 0;
    const flaky = {
      ...simulator,
      async doRespond(options: Parameters<typeof simulator.doRespond>[0]) {
        calls += 1;
        if (calls % 2 === 0) throw new Error('endpoint down');
        return simulator.doRespond(options);
      },
    };
    const [exploit] = await runAdaptiveAttack({
      turns,
      simulator: flaky,
      seeds: ['echo'],
      evaluationsPerSeed: 10,
      sampleTurns: 2,
    });
    expect(Number.isFinite(exploit?.meanChange)).toBe(true);
    expect(calls).toBe(2 + 10 * 2);
  });
});

describe('attack pieces', () => {
  it('should render every seed from pieces only, in both languages, and keep mutations within 24 pieces', async () => {
    const { simulator } = createLengthJudge();
    const turns = await collectRedTeamTurns([ZH_RECORD], simulator);
    expect(turns.length).toBeGreaterThan(0);
    const turn = turns[0] as (typeof turns)[number];
    const sources = sourcesOf(turn, ['另一段对话里的回复，说的是别人的事。']);
    for (const seed of ATTACK_SEEDS) {
      const text = renderAttack(seed.pieces('zh'), 'zh', sources);
      expect(text.length, seed.id).toBeGreaterThan(0);
      expect(text, seed.id).not.toBe(turn.reply);
    }
    expect(stockPieces('en').every((piece) => piece.length > 0)).toBe(true);
    const rng = createRng(4);
    let pieces: AttackPiece[] = ATTACK_SEEDS[0]?.pieces('en') ?? [];
    for (let step = 0; step < 200; step += 1) {
      pieces = mutatePieces(pieces, rng, 'en');
      expect(pieces.length).toBeGreaterThan(0);
      expect(pieces.length).toBeLessThanOrEqual(24);
    }
  });
});
