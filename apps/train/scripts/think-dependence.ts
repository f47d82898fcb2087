/**
 * Does the reply depend on the think? A think-then-say policy whose replies ignore their `<think>` only pays tokens
 * for it. For held-out openings, the policy writes think + reply (the "own" reply); then each think is swapped for
 * the think of another opening whose own reply took a different strategy (the "donor"), and the policy writes the
 * reply again after the swapped think. If the think matters, the new reply takes the donor reply's strategy more
 * often than its own reply's. Prints the think format rate and both shares (zh and en), and `--json` for scripts.
 *
 *   npx tsx --conditions=source apps/train/scripts/think-dependence.ts --policy runs/<run>/checkpoints/latest \
 *     [--limit 40] [--seed 0] [--json]
 */
import { parseArgs } from 'node:util';
import { generate, initTfBackend, loadPolicyTokenizer, loadTransformerModel } from '@rlver/model';
import { loadScenarioSet } from '@rlver/simulator';
import { briefPolicySystemPrompt, type Language, splitThinkReply } from '@rlver/spec';
import { tagWithRules } from '@rlver/strategies';

const { values } = parseArgs({
  options: {
    policy: { type: 'string' },
    limit: { type: 'string', default: '40' },
    seed: { type: 'string', default: '0' },
    'max-new-tokens': { type: 'string', default: '96' },
    json: { type: 'boolean', default: false },
  },
});
if (!values.policy) throw new Error('--policy <checkpoint folder> is required (e.g. runs/<run>/checkpoints/latest)');
await initTfBackend({ log: () => {} });
const model = await loadTransformerModel(values.policy);
const tokenizer = await loadPolicyTokenizer(values.policy);
const stopTokenIds = ['<|im_end|>', '<|endoftext|>'].flatMap((token) => tokenizer.tokenToId(token) ?? []);
const sampling = {
  temperature: 0.7,
  maxNewTokens: Number(values['max-new-tokens']),
  stopTokenIds,
  seed: Number(values.seed),
};
const decode = (ids: readonly number[]) => tokenizer.decode(ids, { skipSpecialTokens: false });

/** Main strategy of a reply: its first rule-tagger label, or `none`. */
function strategyOf(reply: string, lang: Language): string {
  return tagWithRules(reply, lang).labels[0] ?? 'none';
}

interface LanguageResult {
  lang: Language;
  samples: number;
  thinkFormatRate: number;
  swaps: number;
  followsDonor: number;
  keepsOwn: number;
}

async function measure(lang: Language): Promise<LanguageResult> {
  const openings = loadScenarioSet(lang, 'test')
    .slice(0, Number(values.limit))
    .map((profile) => profile.first_talk ?? '');
  const prompts = openings.map((opening) =>
    tokenizer.applyChatTemplate(
      [
        { role: 'system', content: briefPolicySystemPrompt(lang, true) },
        { role: 'user', content: opening },
      ],
      { addGenerationPrompt: true },
    ),
  );
  const own = await generate(model, {
    ...sampling,
    promptIds: prompts.map((prompt) => tokenizer.encode(prompt)),
    decode,
  });
  const parsed = own.map((result) => splitThinkReply(decode(result.outputIds)));
  const wellFormed = parsed.map((split) => split.hasThinkClose && split.think !== null && split.reply.length > 0);
  const ownStrategies = parsed.map((split) => strategyOf(split.reply, lang));
  // Each well-formed sample gets the think of the next well-formed sample with a different own strategy.
  const swaps: Array<{ index: number; donor: number }> = [];
  parsed.forEach((_, index) => {
    if (!wellFormed[index]) return;
    for (let step = 1; step < parsed.length; step += 1) {
      const donor = (index + step) % parsed.length;
      if (wellFormed[donor] && ownStrategies[donor] !== ownStrategies[index]) {
        swaps.push({ index, donor });
        return;
      }
    }
  });
  const swapped = await generate(model, {
    ...sampling,
    promptIds: swaps.map(({ index, donor }) =>
      tokenizer.encode(`${prompts[index]}<think>\n${parsed[donor]?.think ?? ''}\n</think>\n`),
    ),
    decode,
  });
  let followsDonor = 0;
  let keepsOwn = 0;
  swapped.forEach((result, position) => {
    const { index, donor } = swaps[position] as { index: number; donor: number };
    const strategy = strategyOf(splitThinkReply(decode(result.outputIds)).reply, lang);
    if (strategy === ownStrategies[donor]) followsDonor += 1;
    else if (strategy === ownStrategies[index]) keepsOwn += 1;
  });
  return {
    lang,
    samples: parsed.length,
    thinkFormatRate: wellFormed.filter(Boolean).length / Math.max(1, parsed.length),
    swaps: swaps.length,
    followsDonor: followsDonor / Math.max(1, swaps.length),
    keepsOwn: keepsOwn / Math.max(1, swaps.length),
  };
}

const results = [await measure('zh'), await measure('en')];
if (values.json) console.log(JSON.stringify(results));
else {
  console.log(
    '| lang | replies | think format | swaps | reply follows the swapped-in think | reply keeps its own strategy |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const result of results) {
    const percent = (share: number) => `${(share * 100).toFixed(0)} %`;
    console.log(
      `| ${result.lang} | ${result.samples} | ${percent(result.thinkFormatRate)} | ${result.swaps} | ${percent(result.followsDonor)} | ${percent(result.keepsOwn)} |`,
    );
  }
}
