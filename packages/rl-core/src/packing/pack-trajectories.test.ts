import { RlverError } from '@rlver/spec';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChatTemplatePrefixError } from '../errors/chat-template-prefix-error';
import { MissingTokenRecordError } from '../errors/missing-token-record-error';
import { buildTrajectory } from '../test/build-trajectory';
import { packTrajectories } from './pack-trajectories';

// Template of the hand example: prompt 1 = [10, 11, 12]; turn 1 output [20, 21]; the template then adds the user's
// tokens [13, 14] before turn 2, whose output is [22].
const twoTurnDialogue = buildTrajectory({
  episodeId: 'hand',
  groupId: 'g',
  reward: 0.7,
  turns: [
    { promptIds: [10, 11, 12], outputIds: [20, 21], logProbs: [-0.1, -0.2] },
    { promptIds: [10, 11, 12, 20, 21, 13, 14], outputIds: [22], logProbs: [-0.3] },
  ],
});

describe('packTrajectories', () => {
  it('should pack a whole dialogue with user tokens masked and the reward on the last policy token', () => {
    const batch = packTrajectories([twoTurnDialogue], 'whole-dialogue');
    expect(batch.samples).toHaveLength(1);
    const [sample] = batch.samples;
    expect(sample?.tokenIds).toEqual([10, 11, 12, 20, 21, 13, 14, 22]);
    // position t predicts tokenIds[t + 1]: 11 12 20 21 13 14 22
    expect(sample?.lossMask).toEqual([0, 0, 1, 1, 0, 0, 1]);
    expect(sample?.sampledLogProbs).toEqual([0, 0, -0.1, -0.2, 0, 0, -0.3]);
    expect(sample?.rewardPosition).toBe(6);
    expect(sample?.reward).toBe(0.7);
    expect(batch.dialogues).toEqual([{ episodeId: 'hand', groupId: 'g', reward: 0.7, sampleIndices: [0] }]);
  });

  it('should pack one sample per policy turn, each with the dialogue reward on its own last token', () => {
    const batch = packTrajectories([twoTurnDialogue], 'per-turn');
    expect(batch.samples.map((sample) => sample.tokenIds)).toEqual([
      [10, 11, 12, 20, 21],
      [10, 11, 12, 20, 21, 13, 14, 22],
    ]);
    expect(batch.samples.map((sample) => sample.lossMask)).toEqual([
      [0, 0, 1, 1],
      [0, 0, 0, 0, 0, 0, 1],
    ]);
    expect(batch.samples.map((sample) => sample.rewardPosition)).toEqual([3, 6]);
    expect(batch.samples.map((sample) => sample.reward)).toEqual([0.7, 0.7]);
    expect(batch.samples.map((sample) => sample.turnIndex)).toEqual([1, 2]);
    expect(batch.dialogues[0]?.sampleIndices).toEqual([0, 1]);
  });

  it('should throw ChatTemplatePrefixError when a prompt does not extend the previous prompt + output', () => {
    // Turn 2's prompt re-tokenised output 1 as [20, 99]: training on it would train on tokens never generated.
    const drifted = buildTrajectory({
      episodeId: 'drift',
      reward: 1,
      turns: [
        { promptIds: [10, 11], outputIds: [20, 21] },
        { promptIds: [10, 11, 20, 99, 13], outputIds: [22] },
      ],
    });
    expect(() => packTrajectories([drifted], 'whole-dialogue')).toThrow(ChatTemplatePrefixError);
    try {
      packTrajectories([drifted], 'whole-dialogue');
    } catch (error) {
      expect(RlverError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ episodeId: 'drift', turnIndex: 2, mismatchIndex: 3 });
      expect((error as Error).message).toContain("packing to 'per-turn'");
    }
    expect(packTrajectories([drifted], 'per-turn').samples).toHaveLength(2);
  });

  it('should skip and count errored and empty trajectories', () => {
    const errored = buildTrajectory({
      episodeId: 'err',
      reward: 0,
      stopReason: 'error',
      turns: [{ promptIds: [1], outputIds: [2] }],
    });
    const empty = buildTrajectory({ episodeId: 'empty', reward: 0.3, turns: [{ promptIds: [1, 2], outputIds: [] }] });
    const batch = packTrajectories([errored, twoTurnDialogue, empty], 'whole-dialogue');
    expect(batch).toMatchObject({ totalCount: 3, errorCount: 1, emptyCount: 1 });
    expect(batch.dialogues.map((dialogue) => dialogue.episodeId)).toEqual(['hand']);
    expect(batch.samples[0]?.dialogueIndex).toBe(0);
  });

  it('should throw MissingTokenRecordError for a turn without tokens or with misaligned log-probs', () => {
    const withoutTokens = buildTrajectory({ episodeId: 'x', reward: 1, turns: [{ promptIds: [1], outputIds: [2] }] });
    delete withoutTokens.turns[0]?.tokens;
    expect(() => packTrajectories([withoutTokens], 'per-turn')).toThrow(MissingTokenRecordError);
    const misaligned = buildTrajectory({
      episodeId: 'y',
      reward: 1,
      turns: [{ promptIds: [1], outputIds: [2, 3], logProbs: [-1] }],
    });
    expect(() => packTrajectories([misaligned], 'whole-dialogue')).toThrow(/1 entries for 2 output ids/);
  });

  it('should train on exactly the generated tokens and log-probs (no re-tokenisation drift)', () => {
    const turnArbitrary = fc.record({
      userIds: fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 0, maxLength: 4 }),
      outputIds: fc.array(fc.integer({ min: 51, max: 99 }), { minLength: 0, maxLength: 5 }),
    });
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 4 }),
        fc.array(turnArbitrary, { minLength: 1, maxLength: 5 }),
        (firstPrompt, turnParts) => {
          let prompt = [...firstPrompt];
          const turns = turnParts.map((part, index) => {
            if (index > 0) prompt = [...prompt, ...part.userIds];
            const turn = {
              promptIds: prompt,
              outputIds: part.outputIds,
              logProbs: part.outputIds.map((id) => -id / 100),
            };
            prompt = [...prompt, ...part.outputIds];
            return turn;
          });
          const generated = turns.flatMap((turn) => turn.outputIds);
          const trajectory = buildTrajectory({ episodeId: 'p', reward: 0.5, turns });
          const whole = packTrajectories([trajectory], 'whole-dialogue');
          if (generated.length === 0) {
            expect(whole.emptyCount).toBe(1);
            return;
          }
          const [sample] = whole.samples;
          if (!sample) throw new RangeError('expected a sample');
          expect(sample.tokenIds).toEqual(prompt);
          const trained = sample.lossMask.flatMap((flag, position) => (flag ? [sample.tokenIds[position + 1]] : []));
          expect(trained).toEqual(generated);
          const trainedLogProbs = sample.lossMask.flatMap((flag, position) =>
            flag ? [sample.sampledLogProbs[position]] : [],
          );
          expect(trainedLogProbs).toEqual(generated.map((id) => -id / 100));
          expect(sample.lossMask[sample.rewardPosition]).toBe(1);
          expect(sample.lossMask.slice(sample.rewardPosition + 1).every((flag) => flag === 0)).toBe(true);
          const perTurn = packTrajectories([trajectory], 'per-turn');
          const perTurnTrained = perTurn.samples.flatMap((turnSample) =>
            turnSample.lossMask.flatMap((flag, position) => (flag ? [turnSample.tokenIds[position + 1]] : [])),
          );
          expect(perTurnTrained).toEqual(generated);
        },
      ),
      { seed: 7, numRuns: 200 },
    );
  });
});
