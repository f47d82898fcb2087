import { type ChatMessage, createRng, type DialoguePolicyV1, type PolicyOutput } from '@rlver/spec';
import type { SamplingModel } from './create-tiny-language-model';

/** Special ids of the tiny chat template; ids from `firstWordId` up are words. */
const specialWords = ['<pad>', '<system>', '<user>', '<assistant>', '<end>'] as const;
const endId = 4;

/**
 * Word-level tokenizer that is a bijection between ids and words, so re-tokenising generated text gives back the
 * generated ids: `words[id]` is the word of id `id`; unknown words map to the last id.
 */
export function createTinyTokenizer(vocabSize: number) {
  const words = [
    ...specialWords,
    ...Array.from({ length: vocabSize - specialWords.length - 1 }, (_, index) => String.fromCharCode(65 + index)),
    '<unk>',
  ];
  const ids = new Map(words.map((word, id) => [word, id]));
  return {
    words,
    encode: (text: string): number[] =>
      text
        .split(/\s+/)
        .filter((word) => word.length > 0)
        .map((word) => ids.get(word) ?? vocabSize - 1),
    decode: (tokenIds: readonly number[]): string => tokenIds.map((id) => words[id] ?? '<unk>').join(' '),
  };
}

/** A `DialoguePolicyV1` around a tiny model, with `renderPrompt` to inspect what it conditions on. */
export interface TinyDialoguePolicy extends DialoguePolicyV1 {
  renderPrompt(messages: readonly ChatMessage[]): number[];
}

/**
 * Chat template: system → `<system>`; user → `<user>` + words; assistant → `<assistant>` + words + `<end>`; the
 * generation prompt is `<assistant>`. Earlier replies are rendered from their text, and the tokenizer is
 * bijective, so each prompt extends the previous prompt + output (the prefix property of spec §5.5). Samples
 * up to `maxNewTokens` tokens, stopping at `<end>` (included in `outputIds`, not in the text).
 */
export function createTinyDialoguePolicy(options: {
  model: SamplingModel;
  seed: number;
  maxNewTokens?: number;
}): TinyDialoguePolicy {
  const tokenizer = createTinyTokenizer(options.model.vocabSize);
  const rng = createRng(options.seed);
  const renderPrompt = (messages: readonly ChatMessage[]): number[] => [
    ...messages.flatMap((message) => {
      if (message.role === 'system') return [1];
      if (message.role === 'user') return [2, ...tokenizer.encode(message.content)];
      return [3, ...tokenizer.encode(message.content), endId];
    }),
    3,
  ];
  const generate = (promptIds: number[], temperature: number): PolicyOutput => {
    const outputIds: number[] = [];
    const logProbs: number[] = [];
    while (outputIds.length < (options.maxNewTokens ?? 2) && outputIds.at(-1) !== endId) {
      const next = options.model.nextTokenLogProbs([...promptIds, ...outputIds], temperature);
      const uniform = rng.next();
      let cumulative = 0;
      let token = next.length - 1;
      for (const [id, logProb] of next.entries()) {
        cumulative += Math.exp(logProb);
        if (uniform < cumulative) {
          token = id;
          break;
        }
      }
      outputIds.push(token);
      logProbs.push(next[token] as number);
    }
    const ended = outputIds.at(-1) === endId;
    return {
      text: tokenizer.decode(ended ? outputIds.slice(0, -1) : outputIds),
      finishReason: ended ? 'stop' : 'length',
      tokens: { promptIds, outputIds, logProbs },
      promptTokenCount: promptIds.length,
      outputTokenCount: outputIds.length,
      latencyMs: 0,
    };
  };
  return {
    specificationVersion: 'v1',
    policyId: 'tiny-dialogue-policy',
    renderPrompt,
    async doAct({ requests, sampling }) {
      return requests.map((request) => generate(renderPrompt(request.messages), sampling?.temperature ?? 1));
    },
  };
}
