/**
 * What the quote rule (`decodingRules.quoteMinUnits`) costs per reply position: the rules of every position of the
 * recorded rows of a results file (prompt + reply token ids, as scoring computes them), with the shipped rules and
 * with the quote rule on top, and the share of positions inside a quote and of those where the rule stepped back.
 *
 *   npx tsx --conditions=source apps/train/scripts/measure-quote-rule-cost.ts runs/X/after/results.jsonl [--min 4]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { type LogitsRulesConfig, NO_LOGITS_RULES } from '@rlver/model';
import { createPolicyLogitsRules, embeddedModelDirectory, loadCheckpointPolicy } from '@rlver/policy';

const { values: flags, positionals } = parseArgs({
  options: { min: { type: 'string', default: '4' } },
  allowPositionals: true,
  strict: true,
});
const file = positionals[0];
if (!file) throw new Error('usage: measure-quote-rule-cost.ts <results.jsonl> [--min 4]');

const rows: number[][] = [];
for (const line of readFileSync(file, 'utf8').split('\n')) {
  if (line.trim() === '') continue;
  const record = JSON.parse(line) as { turns: { tokens?: { promptIds: number[]; outputIds: number[] } }[] };
  for (const turn of record.turns) {
    if (turn.tokens) rows.push([...turn.tokens.promptIds, ...turn.tokens.outputIds]);
  }
}
const policy = await loadCheckpointPolicy(embeddedModelDirectory());
const shipped: LogitsRulesConfig = { ...NO_LOGITS_RULES, noRepeatNgramSize: 4, maxTokenRun: 2, script: true };
for (const config of [shipped, { ...shipped, quoteMinUnits: Number(flags.min) }]) {
  const rules = createPolicyLogitsRules(policy.tokenizer, policy.model.vocabSize, config, [
    ...policy.tokenizer.eosTokenIds,
  ]);
  // Twice: the first pass fills the per-dialogue caches (as sampling does), the second is what scoring then pays.
  for (const pass of ['cold', 'warm']) {
    let positions = 0;
    let inside = 0;
    const started = performance.now();
    for (const row of rows) {
      for (const rule of rules.rowRules(row)) {
        if (!rule) continue;
        positions += 1;
        if (rule.allowed) inside += 1;
      }
    }
    const milliseconds = performance.now() - started;
    console.log(
      `quoteMinUnits ${config.quoteMinUnits} (${pass}): ${rows.length} rows, ${positions} reply positions, ${(milliseconds / rows.length).toFixed(2)} ms per row, ` +
        `${((1000 * milliseconds) / Math.max(1, positions)).toFixed(1)} µs per position; restricted to a quote's allowed ids at ${((100 * inside) / Math.max(1, positions)).toFixed(1)} % of positions`,
    );
  }
}
policy.model.dispose();
