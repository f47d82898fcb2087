import { generate, type PolicyTokenizer, type TransformerModel } from '@rlver/model';
import { type Language, splitThinkReply, thinkFormatOk } from '@rlver/spec';
import { tagWithRules } from '@rlver/strategies';
import type { ThinkDependence } from '@rlver/trainer';

/**
 * Completes chat prompts (rendered text, ending where the policy writes): one completion per prompt, each row
 * sampled from its own seed, so a row's text depends only on its prompt and seed.
 */
export type Completer = (prompts: readonly string[], rowSeeds: readonly number[]) => Promise<string[]>;

/** What the think-dependence check needs. */
export interface ThinkDependenceOptions {
  complete: Completer;
  /** The chat prompt of a first turn: system prompt (think on) + the user's opening, ready for the policy. */
  renderPrompt: (lang: Language, opening: string) => string;
  /** Held-out openings per language (the user's first message). */
  openings: ReadonlyArray<{ lang: Language; text: string }>;
  seed: number;
}

/** A `Completer` that samples from a policy model (batched, per-row seeds, stops at the chat end tokens). */
export function modelCompleter(
  model: TransformerModel,
  tokenizer: PolicyTokenizer,
  sampling: { temperature: number; maxNewTokens: number },
): Completer {
  const stopTokenIds = ['<|im_end|>', '<|endoftext|>'].flatMap((token) => tokenizer.tokenToId(token) ?? []);
  const decode = (ids: readonly number[]) => tokenizer.decode(ids, { skipSpecialTokens: false });
  return async (prompts, rowSeeds) =>
    (
      await generate(model, {
        promptIds: prompts.map((prompt) => tokenizer.encode(prompt)),
        maxNewTokens: sampling.maxNewTokens,
        temperature: sampling.temperature,
        stopTokenIds,
        decode,
        rowSeeds,
      })
    ).map((result) => decode(result.outputIds));
}

/** The first-turn chat prompt of a policy tokenizer: system prompt + opening, with the generation prompt. */
export function chatPromptRenderer(
  tokenizer: PolicyTokenizer,
  systemPrompt: (lang: Language) => string,
): (lang: Language, opening: string) => string {
  return (lang, opening) =>
    tokenizer.applyChatTemplate(
      [
        { role: 'system', content: systemPrompt(lang) },
        { role: 'user', content: opening },
      ],
      { addGenerationPrompt: true },
    );
}

/** Main strategy of a reply: its first rule-tagger label, or `none`. */
function strategyOf(reply: string, lang: Language): string {
  return tagWithRules(reply, lang).labels[0] ?? 'none';
}

/**
 * Does the reply depend on the think? For each opening the policy writes think + reply (its "own" answer). Each
 * well-formed answer is paired with the next well-formed one whose reply took another strategy (the "donor"); the
 * reply is then written again after the donor's think ("swapped") and after its own think ("control"), both rows
 * with the same sampling seed, so the think is the only difference. Reported per language: how often each takes
 * the donor's strategy (control = chance level) and how often each keeps the own reply's strategy.
 */
export async function measureThinkDependence(options: ThinkDependenceOptions): Promise<ThinkDependence[]> {
  const sample = options.complete;
  const results: ThinkDependence[] = [];
  for (const lang of ['zh', 'en'] as const) {
    const openings = options.openings.filter((opening) => opening.lang === lang);
    if (openings.length === 0) continue;
    const prompts = openings.map((opening) => options.renderPrompt(lang, opening.text));
    const seeds = openings.map((_, index) => options.seed * 100_003 + index);
    const outputs = await sample(prompts, seeds);
    const wellFormed = outputs.map((output) => thinkFormatOk(output));
    const parsed = outputs.map((output) => splitThinkReply(output));
    const own = parsed.map((split) => strategyOf(split.reply, lang));
    const pairs: Array<{ index: number; donor: number }> = [];
    outputs.forEach((_, index) => {
      if (!wellFormed[index]) return;
      for (let step = 1; step < outputs.length; step += 1) {
        const donor = (index + step) % outputs.length;
        if (wellFormed[donor] && own[donor] !== own[index]) {
          pairs.push({ index, donor });
          return;
        }
      }
    });
    const withThink = (index: number, think: string) => `${prompts[index]}<think>\n${think}\n</think>\n`;
    // Control rows first, then the swapped rows; row k and row k + pairs.length share a seed.
    const rows = [
      ...pairs.map(({ index }) => withThink(index, parsed[index]?.think ?? '')),
      ...pairs.map(({ index, donor }) => withThink(index, parsed[donor]?.think ?? '')),
    ];
    const pairSeeds = pairs.map(({ index }) => (seeds[index] ?? 0) + 7);
    const replies = (await sample(rows, [...pairSeeds, ...pairSeeds])).map((output) => splitThinkReply(output).reply);
    const count = (offset: number, target: (pair: { index: number; donor: number }) => string) =>
      pairs.filter((pair, position) => strategyOf(replies[offset + position] ?? '', lang) === target(pair)).length /
      Math.max(1, pairs.length);
    const donorStrategy = ({ donor }: { donor: number }) => own[donor] ?? 'none';
    const ownStrategy = ({ index }: { index: number }) => own[index] ?? 'none';
    results.push({
      lang,
      openings: openings.length,
      wellFormed: wellFormed.filter(Boolean).length / openings.length,
      swaps: pairs.length,
      followsControl: count(0, donorStrategy),
      followsSwapped: count(pairs.length, donorStrategy),
      keepsOwnControl: count(0, ownStrategy),
      keepsOwnSwapped: count(pairs.length, ownStrategy),
    });
  }
  return results;
}
