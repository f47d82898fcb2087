import type { ChatMessage, Rng } from '@rlver/spec';

/** One tokenised training dialogue: `lossMask[t] = 1` when token t is an assistant token (a training target). */
export interface TrainingSample {
  ids: number[];
  lossMask: number[];
}

/** How the chat template and the tokenizer are applied (the model package's, or the raw libraries). */
export interface ChatEncoding {
  /** Render messages with the chat template (`addGenerationPrompt` appends the assistant header). */
  render(messages: readonly ChatMessage[], addGenerationPrompt: boolean): string;
  encode(text: string): number[];
}

function startsWith(ids: readonly number[], prefix: readonly number[]): boolean {
  return prefix.length <= ids.length && prefix.every((id, index) => ids[index] === id);
}

/**
 * Tokenise a dialogue message by message and mark the assistant tokens (content and end token, not the
 * header or the newline after the end token). ChatML separates messages by added tokens, which the tokenizer
 * splits on before anything else, so the concatenation equals the tokens of the whole rendered dialogue
 * (the tests check this against re-tokenised prefixes, spec §5.4).
 */
export function encodeDialogue(messages: readonly ChatMessage[], encoding: ChatEncoding): TrainingSample {
  const header = encoding.encode(encoding.render([], true));
  const newlineLength = encoding.encode('\n').length;
  const ids: number[] = [];
  const lossMask: number[] = [];
  for (const message of messages) {
    const messageIds = encoding.encode(encoding.render([message], false));
    ids.push(...messageIds);
    const trained = message.role === 'assistant';
    if (trained && !startsWith(messageIds, header))
      throw new RangeError('assistant message does not start with the generation prompt');
    messageIds.forEach((_, index) => {
      lossMask.push(trained && index >= header.length && index < messageIds.length - newlineLength ? 1 : 0);
    });
  }
  return { ids, lossMask };
}

/** A padded batch in row-major arrays, ready for `tf.tensor2d(…, [batch, length], 'int32')`. */
export interface PaddedBatch {
  inputIds: Int32Array;
  attentionMask: Int32Array;
  /** Shifted: `targetMask[b, t] = lossMask[b, t + 1]`, shape `[batch, length - 1]` like `scoreSequences`. */
  targetMask: Float32Array;
  batch: number;
  length: number;
  targetCount: number;
}

/** Right-pad samples to the longest one (rounded up to `multiple`). */
export function padBatch(samples: readonly TrainingSample[], padTokenId: number, multiple = 8): PaddedBatch {
  const longest = Math.max(...samples.map((sample) => sample.ids.length));
  const length = Math.ceil(longest / multiple) * multiple;
  const batch = samples.length;
  const inputIds = new Int32Array(batch * length).fill(padTokenId);
  const attentionMask = new Int32Array(batch * length);
  const targetMask = new Float32Array(batch * (length - 1));
  let targetCount = 0;
  samples.forEach((sample, row) => {
    inputIds.set(sample.ids, row * length);
    attentionMask.fill(1, row * length, row * length + sample.ids.length);
    for (let position = 1; position < sample.ids.length; position += 1) {
      const target = sample.lossMask[position] ?? 0;
      targetMask[row * (length - 1) + position - 1] = target;
      targetCount += target;
    }
  });
  return { inputIds, attentionMask, targetMask, batch, length, targetCount };
}

/**
 * Seeded batches of similar length (less padding): shuffle, cut into chunks of `batchSize · bucketBatches`,
 * sort each chunk by length, split into batches, shuffle the batches.
 */
export function bucketBatches(
  samples: readonly TrainingSample[],
  batchSize: number,
  rng: Rng,
  bucketBatches = 16,
): TrainingSample[][] {
  const shuffled = rng.shuffle(samples);
  const batches: TrainingSample[][] = [];
  const chunkSize = batchSize * bucketBatches;
  for (let start = 0; start < shuffled.length; start += chunkSize) {
    const chunk = shuffled.slice(start, start + chunkSize).sort((a, b) => a.ids.length - b.ids.length);
    for (let offset = 0; offset + batchSize <= chunk.length; offset += batchSize) {
      batches.push(chunk.slice(offset, offset + batchSize));
    }
  }
  return rng.shuffle(batches);
}
