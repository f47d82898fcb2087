/**
 * Regenerate the shipped scenario sets (seeded, deterministic):
 *   npx tsx --conditions=source packages/simulator/scripts/generate-scenarios.ts [--check]
 * Writes scenarios/<lang>/<split>.jsonl (zh/en × train 500 / test 100). `--check` only verifies that the
 * committed files equal a fresh generation and exits 1 otherwise.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '@rlver/spec';
import { generateScenarios } from '../src/profiles/generator/index';

const SEED = 20250703;
const SETS: ReadonlyArray<{ lang: Language; split: 'train' | 'test'; count: number }> = [
  { lang: 'zh', split: 'train', count: 500 },
  { lang: 'zh', split: 'test', count: 100 },
  { lang: 'en', split: 'train', count: 500 },
  { lang: 'en', split: 'test', count: 100 },
];

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
let stale = 0;
for (const set of SETS) {
  // Train and test use different seeds so their ids and stories are disjoint.
  const profiles = generateScenarios({
    lang: set.lang,
    count: set.count,
    seed: SEED + (set.split === 'test' ? 1 : 0),
    idPrefix: `${set.lang}-${set.split}`,
  });
  const text = profiles.map((profile) => JSON.stringify(profile)).join('\n') + '\n';
  const file = join(packageRoot, 'scenarios', set.lang, `${set.split}.jsonl`);
  if (check) {
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      current = '';
    }
    if (current !== text) {
      stale += 1;
      process.stderr.write(`stale: ${file}\n`);
    }
    continue;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  process.stdout.write(`${file}: ${profiles.length} profiles, ${(Buffer.byteLength(text) / 1024).toFixed(0)} KiB\n`);
}
process.exit(stale > 0 ? 1 : 0);
