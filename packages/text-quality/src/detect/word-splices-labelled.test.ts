import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { auditReply } from '../audit-reply';
import { findWordSplice } from './word-splices';

/**
 * 80 replies of the embedded policy after RL against the offline user (runs int8b-grpo-s0, int8b-ppo-s0 and
 * int8-ppo-s0, held-out benchmark, 20 en + 20 zh per run pair, fixed seed), each labelled broken or clean by reading
 * (docs/decisions/2026-11-27-judge-charges-splices.md). Recall may rise; it must not silently drop.
 */
interface Labelled {
  lang: Language;
  run: string;
  broken: boolean;
  reply: string;
}

const fixture = join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'labelled-policy-replies.jsonl');
const rows: Labelled[] = readFileSync(fixture, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as Labelled);

/** Broken replies found, per language, at the time of writing (findWordSplice alone / the whole audit). */
const FLOOR: Readonly<Record<Language, { splice: number; audit: number }>> = {
  en: { splice: 9, audit: 9 },
  zh: { splice: 2, audit: 3 },
};

describe('word splices on labelled policy replies', () => {
  it('holds 80 labelled replies, both languages', () => {
    expect(rows).toHaveLength(80);
    expect(rows.filter((row) => row.lang === 'zh' && row.broken).length).toBe(17);
    expect(rows.filter((row) => row.lang === 'en' && row.broken).length).toBe(20);
  });
  it.each(['en', 'zh'] as const)('flags no clean %s reply (precision 1)', (lang) => {
    const flagged = rows
      .filter((row) => row.lang === lang && !row.broken)
      .filter((row) => findWordSplice(row.reply, lang) !== undefined || auditReply(row.reply, lang).degenerate);
    expect(flagged.map((row) => row.reply)).toEqual([]);
  });
  it.each(['en', 'zh'] as const)('finds at least as many broken %s replies as when written', (lang) => {
    const broken = rows.filter((row) => row.lang === lang && row.broken);
    const spliced = broken.filter((row) => findWordSplice(row.reply, lang) !== undefined).length;
    const audited = broken.filter((row) => auditReply(row.reply, lang).degenerate).length;
    expect(spliced).toBeGreaterThanOrEqual(FLOOR[lang].splice);
    expect(audited).toBeGreaterThanOrEqual(FLOOR[lang].audit);
  });
});
