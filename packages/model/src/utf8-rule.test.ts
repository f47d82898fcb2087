import * as tf from '@tensorflow/tfjs-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogitsRules } from './logits-rules';
import { sampleWithRules } from './test/rule-scoring';
import { useTestBackend } from './test/test-backend';
import { paddedBatch, TINY_TRANSFORMER_CONFIG } from './test/tiny-transformer';
import { createTransformerModel, type TransformerModel } from './transformer-model';
import { UTF8_BOUNDARY, utf8Resync, utf8Run } from './utf8-rule';

const strict = new TextDecoder('utf-8', { fatal: true });
const decodes = (bytes: Uint8Array) => {
  try {
    strict.decode(bytes);
    return true;
  } catch {
    return false;
  }
};

/** A seeded generator of byte strings that lean towards UTF-8's interesting bytes. */
function randomBytes(seed: number, count: number): Uint8Array[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const interesting = [0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe4, 0xed, 0xee];
  interesting.push(0xef, 0xf0, 0xf1, 0xf3, 0xf4, 0xf5, 0xff);
  return Array.from({ length: count }, () =>
    Uint8Array.from({ length: 1 + Math.floor(next() * 6) }, () =>
      next() < 0.8 ? (interesting[Math.floor(next() * interesting.length)] as number) : Math.floor(next() * 256),
    ),
  );
}

describe('utf8Run', () => {
  it('should accept exactly the byte strings a strict UTF-8 decoder reads (20,000 seeded strings)', () => {
    let valid = 0;
    for (const bytes of randomBytes(5, 20_000)) {
      const complete = utf8Run(bytes, UTF8_BOUNDARY) === UTF8_BOUNDARY;
      expect(complete, `bytes ${[...bytes].map((byte) => byte.toString(16)).join(' ')}`).toBe(decodes(bytes));
      if (complete) valid += 1;
    }
    // Both outcomes occur (else the comparison proves nothing).
    expect(valid).toBeGreaterThan(500);
    expect(valid).toBeLessThan(19_500);
  });

  it('should treat a prefix of a character as open, and resync after a byte that cannot stand where it does', () => {
    const han = new TextEncoder().encode('你'); // E4 BD A0
    expect(utf8Run(han.subarray(0, 2), UTF8_BOUNDARY)).toBeGreaterThan(UTF8_BOUNDARY);
    expect(utf8Run(han.subarray(2), utf8Run(han.subarray(0, 2), UTF8_BOUNDARY))).toBe(UTF8_BOUNDARY);
    expect(utf8Run(Uint8Array.of(0xbd), UTF8_BOUNDARY)).toBe(-1);
    expect(utf8Run(Uint8Array.of(0xed, 0xa0, 0x80), UTF8_BOUNDARY)).toBe(-1); // a surrogate
    expect(utf8Run(Uint8Array.of(0xe0, 0x80, 0x80), UTF8_BOUNDARY)).toBe(-1); // overlong
    expect(utf8Resync(Uint8Array.of(0xe4, 0x41), UTF8_BOUNDARY)).toBe(UTF8_BOUNDARY);
    expect(utf8Resync(undefined, 2)).toBe(UTF8_BOUNDARY);
  });
});

const EOS = 1;
const HEADER = [2, 3];
/**
 * 50 ids as a byte-level BPE vocabulary holds them: whole characters and words, and pieces of characters (lead
 * bytes, continuation bytes, a lead with one continuation, bytes that never start anything).
 */
const PIECES: (number[] | string | undefined)[] = [
  ' ',
  undefined,
  undefined,
  undefined,
  ...'你我他好难过的了'.split(''),
  ' hi',
  ' ok',
  '.',
  '，',
  [0xe4],
  [0xe6],
  [0xe5, 0xa5],
  [0xbd],
  [0xbd, 0xa0],
  [0xa0],
  [0x88],
  [0x91],
  [0xbf, 0xbf],
  [0xc0],
  [0xff],
  [0xf0, 0x9f],
  [0x98],
  [0x80, 0x41],
  [0xa5, 0xbd],
];
while (PIECES.length < 50) PIECES.push([0x80 + PIECES.length]);
const encoder = new TextEncoder();
const TOKEN_BYTES = PIECES.map((piece) =>
  piece === undefined ? undefined : typeof piece === 'string' ? encoder.encode(piece) : Uint8Array.from(piece),
);
const PROMPT = [4, 5, 6, 7, 8, 9, ...HEADER];

function scriptRules(script: boolean): LogitsRules {
  return new LogitsRules({
    config: { noRepeatNgramSize: 0, earlierReplyNgramSize: 0, maxTokenRun: 0, script, quoteMinUnits: 0 },
    tokenBytes: TOKEN_BYTES,
    replyHeader: HEADER,
    replyEnd: [EOS],
  });
}

/** The reply's bytes, as the tokenizer would decode them (special ids carry none). */
function replyBytes(outputIds: readonly number[]): Uint8Array {
  const parts = outputIds.map((id) => TOKEN_BYTES[id]).filter((bytes) => bytes !== undefined);
  const all = new Uint8Array(parts.reduce((sum, bytes) => sum + bytes.length, 0));
  let offset = 0;
  for (const bytes of parts) {
    all.set(bytes, offset);
    offset += bytes.length;
  }
  return all;
}

let model: TransformerModel;
beforeAll(async () => {
  await useTestBackend();
  model = createTransformerModel({ config: TINY_TRANSFORMER_CONFIG, seed: 5, initStd: 0.4 });
});
afterAll(() => model.dispose());

describe('the script rule: whole characters only', () => {
  it('should forbid a stray continuation byte at a boundary, and the end of the reply inside a character', () => {
    const rules = scriptRules(true);
    const atBoundary = rules.ruleAt([...PROMPT], PROMPT.length - 1);
    expect(atBoundary?.utf8State).toBe(UTF8_BOUNDARY);
    expect(rules.allows(atBoundary, 19)).toBe(false); // 0xBD alone
    expect(rules.allows(atBoundary, 25)).toBe(false); // 0xC0 never stands anywhere
    expect(rules.allows(atBoundary, 16)).toBe(true); // 0xE4 opens a character
    expect(rules.allows(atBoundary, EOS)).toBe(true);
    const inside = [...PROMPT, 16];
    const rule = rules.ruleAt(inside, inside.length - 1);
    expect(rule?.utf8State).not.toBe(UTF8_BOUNDARY);
    expect(rules.allows(rule, EOS)).toBe(false);
    expect(rules.allows(rule, 4)).toBe(false); // a whole character cannot follow a lead byte
    expect(rules.allows(rule, 20)).toBe(true); // 0xBD 0xA0 completes 你
    expect(rules.allows(rule, 19)).toBe(true); // 0xBD leaves one byte owed
  });

  for (const rows of [12, 3]) {
    it(`should never sample bytes a strict decoder rejects, and score what it samples (${rows} rows)`, async () => {
      const prompts = Array.from({ length: rows }, () => [...PROMPT]);
      const run = (rules: LogitsRules | undefined) => sampleWithRules(model, rules, prompts, 9, [EOS]);
      const free = await run(undefined);
      expect(free.some((result) => !decodes(replyBytes(result.outputIds)))).toBe(true);
      const rules = scriptRules(true);
      const ruled = await run(rules);
      for (const result of ruled) {
        const ended = result.outputIds.at(-1) === EOS;
        // An ended reply is whole; one cut at the token limit may stop inside its last character only.
        if (ended) expect(decodes(replyBytes(result.outputIds))).toBe(true);
        else expect(utf8Run(replyBytes(result.outputIds), UTF8_BOUNDARY)).toBeGreaterThanOrEqual(0);
      }
      // Scoring applies the same mask: the sampled log-probs are the scored ones.
      const sequences = ruled.map((result, index) => [...(prompts[index] as number[]), ...result.outputIds]);
      const { ids, mask } = paddedBatch(sequences, EOS);
      model.logitsRules = rules;
      const scored = model.scoreSequences(ids, mask, { temperature: 1.5 }).logProbs.arraySync();
      model.logitsRules = undefined;
      ruled.forEach((result, row) => {
        result.logProbs.forEach((sampled, step) => {
          expect(scored[row]?.[PROMPT.length - 1 + step]).toBeCloseTo(sampled, 3);
        });
      });
      tf.dispose([ids, mask]);
    });
  }
});
