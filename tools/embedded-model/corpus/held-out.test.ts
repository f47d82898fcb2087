import { describe, expect, it } from 'vitest';
import { generateCorpus } from './generate-corpus';
import { type HeldOutText, sentencesOf, shippedHeldOutText } from './held-out';

/** Corpus dialogues whose user text reproduces held-out text (an opening or a story sentence). */
function touching(corpus: ReturnType<typeof generateCorpus>, heldOut: HeldOutText): number {
  return corpus.filter((dialogue) =>
    dialogue.messages.some(
      (message) =>
        message.role === 'user' &&
        (heldOut.openings.has(message.content.trim()) ||
          sentencesOf(message.content).some((sentence) => heldOut.sentences.has(sentence))),
    ),
  ).length;
}

describe('pretraining corpus decontamination', () => {
  const heldOut = shippedHeldOutText();
  const options = { seed: 1234, dialogueCount: 1500, turnCountWeights: [0.3, 0.35, 0.35] };

  it('should find held-out text in a corpus drawn without decontamination (the check can fail)', () => {
    expect(heldOut.openings.size).toBeGreaterThan(100);
    expect(touching(generateCorpus(options), heldOut)).toBeGreaterThan(100);
  });

  it('should keep every held-out opening and story sentence out of the decontaminated corpus', () => {
    const corpus = generateCorpus({ ...options, heldOut });
    expect(corpus).toHaveLength(1500);
    expect(touching(corpus, heldOut)).toBe(0);
  });

  it('should split zh and en text into sentences', () => {
    expect(sentencesOf('他又没回消息。我等了一整晚！\nI waited all night. Then nothing?')).toEqual([
      '他又没回消息。',
      '我等了一整晚！',
      'I waited all night.',
      'Then nothing?',
    ]);
  });
});
