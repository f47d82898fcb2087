import { createRng } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { generateCorpus } from '../corpus/generate-corpus';
import { bucketBatches, encodeDialogue, padBatch } from './embedded-training-data';
import { loadRawChatEncoding } from './raw-chat-encoding';

const encoding = loadRawChatEncoding();

describe('encodeDialogue', () => {
  it('should mark exactly the assistant contents and their end tokens', () => {
    for (const dialogue of generateCorpus({ seed: 5, dialogueCount: 40 })) {
      const sample = encodeDialogue(dialogue.messages, encoding);
      const masked = sample.ids.filter((_, index) => sample.lossMask[index] === 1);
      const expected = dialogue.messages
        .filter((message) => message.role === 'assistant')
        .map((message) => `${message.content}<|im_end|>`)
        .join('');
      expect(encoding.tokenizer.decode(masked)).toBe(expected);
      expect(sample.ids.length).toBe(sample.lossMask.length);
      expect(sample.ids).toEqual(encoding.encode(encoding.render(dialogue.messages, false)));
    }
  });

  it('should agree with re-tokenised message prefixes', () => {
    for (const dialogue of generateCorpus({ seed: 6, dialogueCount: 10 })) {
      const sample = encodeDialogue(dialogue.messages, encoding);
      dialogue.messages.forEach((message, index) => {
        if (message.role !== 'assistant') return;
        const before = encoding.encode(encoding.render(dialogue.messages.slice(0, index), true));
        expect(sample.ids.slice(0, before.length)).toEqual(before);
        expect(sample.lossMask[before.length - 1]).toBe(0);
        expect(sample.lossMask[before.length]).toBe(1);
      });
    }
  });
});

describe('padBatch', () => {
  it('should right-pad and shift the loss mask onto the predicting positions', () => {
    const batch = padBatch(
      [
        { ids: [1, 2, 3], lossMask: [0, 1, 1] },
        { ids: [4, 5], lossMask: [0, 1] },
      ],
      0,
      4,
    );
    expect(batch.length).toBe(4);
    expect([...batch.inputIds]).toEqual([1, 2, 3, 0, 4, 5, 0, 0]);
    expect([...batch.attentionMask]).toEqual([1, 1, 1, 0, 1, 1, 0, 0]);
    expect([...batch.targetMask]).toEqual([1, 1, 0, 1, 0, 0]);
    expect(batch.targetCount).toBe(3);
  });
});

describe('bucketBatches', () => {
  it('should keep every full batch and group similar lengths', () => {
    const samples = Array.from({ length: 64 }, (_, index) => ({ ids: new Array(1 + index).fill(1), lossMask: [] }));
    const batches = bucketBatches(samples, 8, createRng(1), 8);
    expect(batches).toHaveLength(8);
    for (const batch of batches) {
      const lengths = batch.map((sample) => sample.ids.length);
      expect(Math.max(...lengths) - Math.min(...lengths)).toBe(7);
    }
  });
});
