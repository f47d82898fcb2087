/**
 * Does the reply depend on the think? The same check a think run writes to `summary.json` → `thinkCheck.dependence`
 * (`measureThinkDependence`), on any checkpoint: for held-out openings the policy writes think + reply; each
 * well-formed answer's think is swapped for the think of an answer whose reply took another strategy, and the reply
 * is written again after the swapped think and, as the control, after its own think (same seed). Prints the think
 * format rate and how often each reply takes the donor's strategy (zh and en), and `--json` for scripts.
 *
 *   npx tsx --conditions=source apps/train/scripts/think-dependence.ts --policy runs/<run>/checkpoints/latest \
 *     [--limit 50] [--seed 0] [--json]
 */
import { parseArgs } from 'node:util';
import { initTfBackend, loadPolicyTokenizer, loadTransformerModel } from '@rlver/model';
import { loadScenarioSet } from '@rlver/simulator';
import { describeThinkSummary, systemPromptFor } from '@rlver/trainer';
import { chatPromptRenderer, measureThinkDependence, modelCompleter } from '../src/measure-think-dependence';

const { values } = parseArgs({
  options: {
    policy: { type: 'string' },
    limit: { type: 'string', default: '50' },
    seed: { type: 'string', default: '0' },
    'max-new-tokens': { type: 'string', default: '64' },
    temperature: { type: 'string', default: '0.7' },
    json: { type: 'boolean', default: false },
  },
});
if (!values.policy) throw new Error('--policy <checkpoint folder> is required (e.g. runs/<run>/checkpoints/latest)');
await initTfBackend({ log: () => {} });
const model = await loadTransformerModel(values.policy);
const tokenizer = await loadPolicyTokenizer(values.policy);
const limit = Number(values.limit);
const results = await measureThinkDependence({
  complete: modelCompleter(model, tokenizer, {
    temperature: Number(values.temperature),
    maxNewTokens: Number(values['max-new-tokens']),
  }),
  renderPrompt: chatPromptRenderer(tokenizer, systemPromptFor({ systemPrompt: 'brief', think: true })),
  openings: (['zh', 'en'] as const).flatMap((lang) =>
    loadScenarioSet(lang, 'test')
      .slice(0, limit)
      .map((profile) => ({ lang, text: profile.first_talk ?? '' })),
  ),
  seed: Number(values.seed),
});
if (values.json) console.log(JSON.stringify(results));
else {
  const percent = (share: number) => `${(share * 100).toFixed(0)} %`;
  console.log(
    '| lang | openings | think format | swaps | takes the donor strategy: swapped / control | keeps own: swapped / control |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const item of results) {
    console.log(
      `| ${item.lang} | ${item.openings} | ${percent(item.wellFormed)} | ${item.swaps} | ${percent(item.followsSwapped)} / ${percent(item.followsControl)} | ${percent(item.keepsOwnSwapped)} / ${percent(item.keepsOwnControl)} |`,
    );
  }
  console.log(describeThinkSummary({ formatBefore: null, formatAfter: null, dependence: results }).at(-1));
}
