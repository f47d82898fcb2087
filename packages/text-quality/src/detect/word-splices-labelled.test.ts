import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { auditReply } from '../audit-reply';
import { findWordSplice } from './word-splices';

/**
 * 80 distinct replies of the embedded policy after RL against the offline user (held-out benchmark of runs int8b-grpo-s0
 * and int8b-ppo-s0, 15 per language each, and int8-ppo-s0, 10 per language; fixed seed), each labelled broken or clean
 * by reading (docs/decisions/2026-11-27-judge-charges-splices.md), and 16 zh replies written by hand (run "written":
 * eight splices of the kinds the policy writes, eight clean replies with the same words, doubled function characters
 * across a word boundary and a closing kaomoji; docs/decisions/2026-11-27-zh-false-trips-and-splices.md). Recall may
 * rise; it must not silently drop.
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
  it('holds 80 labelled policy replies, both languages, and 16 written zh replies', () => {
    const policy = rows.filter((row) => row.run !== 'written');
    expect(policy).toHaveLength(80);
    expect(policy.filter((row) => row.lang === 'zh' && row.broken).length).toBe(17);
    expect(policy.filter((row) => row.lang === 'en' && row.broken).length).toBe(20);
    const written = rows.filter((row) => row.run === 'written');
    expect(written.filter((row) => row.lang === 'zh' && row.broken).length).toBe(8);
    expect(written.filter((row) => row.lang === 'zh' && !row.broken).length).toBe(8);
  });
  it.each(['en', 'zh'] as const)('flags no clean %s reply (precision 1)', (lang) => {
    const flagged = rows
      .filter((row) => row.lang === lang && !row.broken)
      .filter((row) => findWordSplice(row.reply, lang) !== undefined || auditReply(row.reply, lang).degenerate);
    expect(flagged.map((row) => row.reply)).toEqual([]);
  });
  it.each(['en', 'zh'] as const)('finds at least as many broken %s replies as when written', (lang) => {
    const broken = rows.filter((row) => row.lang === lang && row.broken && row.run !== 'written');
    const spliced = broken.filter((row) => findWordSplice(row.reply, lang) !== undefined).length;
    const audited = broken.filter((row) => auditReply(row.reply, lang).degenerate).length;
    expect(spliced).toBeGreaterThanOrEqual(FLOOR[lang].splice);
    expect(audited).toBeGreaterThanOrEqual(FLOOR[lang].audit);
  });
});
