import * as tf from '@tensorflow/tfjs-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogitsRules, type LogitsRulesConfig, tokenBytesFromTokenizerJson, tokenScript } from './logits-rules';
import {
  createRuleTestModels,
  expectScoresFollowRules,
  type RuleTestModels,
  sampleWithRules,
  scoringPaths,
} from './test/rule-scoring';
import { useTestBackend } from './test/test-backend';
import { paddedBatch } from './test/tiny-transformer';
import type { TransformerModel } from './transformer-model';

const encoder = new TextEncoder();
const EOS = 1;
const HEADER = [2, 3];
/** 50 ids: EOS and the two header ids special; Latin words, Han characters, punctuation, a Cyrillic word, digits. */
const PIECES: (string | undefined)[] = [
  ' ',
  undefined,
  undefined,
  undefined,
  ...'abcdefghijklmnop'.split('').map((letter) => ` ${letter}${letter}`),
  ...'你我他她的了是不有在很好难过朋友'.split(''),
  ',',
  '.',
  '!',
  '?',
  '"',
  "'",
  '“',
  '，',
  'да',
  '0',
  '1',
  '2',
  '3',
  '4',
];
const TOKEN_BYTES = PIECES.map((piece) => (piece === undefined ? undefined : encoder.encode(piece)));
const LATIN = [4, 19];
const HAN = [20, 35];
const CURLY_QUOTE = 42;
const FULLWIDTH_COMMA = 43;
const CYRILLIC = 44;

function rulesWith(config: Partial<LogitsRulesConfig>): LogitsRules {
  return new LogitsRules({
    config: {
      noRepeatNgramSize: 0,
      earlierReplyNgramSize: 0,
      maxTokenRun: 0,
      script: false,
      quoteMinUnits: 0,
      ...config,
    },
    tokenBytes: TOKEN_BYTES,
    replyHeader: HEADER,
    replyEnd: [EOS],
  });
}

const range = ([from, to]: number[]) =>
  Array.from({ length: (to as number) - (from as number) + 1 }, (_, index) => (from as number) + index);
const ZH_PROMPT = [...range(HAN).slice(0, 8), 36, ...HEADER];
const EN_PROMPT = [...range(LATIN).slice(0, 8), 37, ...HEADER];

/** Every way `ids` (a reply after `prompt`) breaks the rules: repeated n-grams, forbidden scripts. */
function violations(rules: LogitsRules, prompt: readonly number[], reply: readonly number[]): string[] {
  const found: string[] = [];
  const body = reply.filter((id) => id !== EOS);
  const n = rules.config.noRepeatNgramSize;
  const seen = new Set<string>();
  for (let index = 0; n > 0 && index + n <= body.length; index += 1) {
    const key = body.slice(index, index + n).join(',');
    if (seen.has(key)) found.push(`repeated ${key}`);
    seen.add(key);
  }
  const language = rules.languageBefore(prompt, prompt.length);
  for (const id of body) if (rules.config.script && rules.scriptForbids(language, id)) found.push(`${language} ${id}`);
  return found;
}

let models: RuleTestModels;
beforeAll(async () => {
  await useTestBackend();
  models = createRuleTestModels(3);
});
afterAll(() => {
  models.model.dispose();
  models.copyModel.dispose();
});

describe('tokenScript and token bytes', () => {
  it('should forbid CJK in en and Latin letters in zh, and a third script in both, from a token’s bytes', () => {
    const rules = rulesWith({ script: true });
    expect(rules.scriptForbids('en', 20)).toBe(true);
    expect(rules.scriptForbids('en', FULLWIDTH_COMMA)).toBe(true);
    expect(rules.scriptForbids('en', CURLY_QUOTE)).toBe(false);
    expect(rules.scriptForbids('en', 4)).toBe(false);
    expect(rules.scriptForbids('zh', 4)).toBe(true);
    expect(rules.scriptForbids('zh', 20)).toBe(false);
    expect(rules.scriptForbids('zh', CURLY_QUOTE)).toBe(false);
    expect(rules.scriptForbids('zh', FULLWIDTH_COMMA)).toBe(false);
    expect(rules.scriptForbids('zh', 45)).toBe(false);
    expect(rules.scriptForbids('zh', CYRILLIC)).toBe(true);
    expect(rules.scriptForbids('en', CYRILLIC)).toBe(true);
    // Byte-level BPE pieces: a Han character's lead byte alone is CJK; its continuation bytes alone are not judged.
    expect(tokenScript(Uint8Array.of(0xe4)).cjkRange).toBe(true);
    expect(tokenScript(Uint8Array.of(0xbd, 0xa0)).cjkRange).toBe(false);
    expect(tokenScript(encoder.encode('’s')).cjkRange).toBe(false);
    expect(tokenScript(encoder.encode('こん')).foreign).toBe(true);
  });

  it('should read the bytes of byte-level BPE pieces and leave added tokens without bytes', () => {
    const bytes = tokenBytesFromTokenizerJson(
      {
        model: { type: 'BPE', vocab: { Ġhi: 0, 'ä½ł': 1, âĢľ: 2 } },
        added_tokens: [{ id: 3, content: '<|im_end|>' }],
        decoder: { type: 'ByteLevel' },
      },
      4,
    );
    expect(new TextDecoder().decode(bytes[0])).toBe(' hi');
    expect(new TextDecoder().decode(bytes[1])).toBe('你');
    expect(new TextDecoder().decode(bytes[2])).toBe('“');
    expect(bytes[3]).toBeUndefined();
  });
});

describe('LogitsRules.ruleAt', () => {
  it('should let the reply copy the user’s words once but not say a clause of its own twice', () => {
    const rules = rulesWith({ noRepeatNgramSize: 3 });
    const user = [20, 21, 22, 23];
    const prompt = [...user, ...HEADER];
    // The reply copies the user's four tokens: nothing is forbidden while it does (the prompt is not the reply).
    const copied = [...prompt, 20, 21, 22];
    expect(rules.ruleAt(copied, copied.length - 1)?.banned).toEqual([]);
    // Then says 20 21 again: 22 would repeat the trigram 20 21 22 of this reply.
    const again = [...copied, 23, 36, 20, 21];
    expect(rules.ruleAt(again, again.length - 1)?.banned).toEqual([22]);
  });

  it('should apply only inside replies: not in the prompt, not after the reply’s end', () => {
    const rules = rulesWith({ noRepeatNgramSize: 2, script: true });
    const ids = [...ZH_PROMPT, 20, 21, EOS, 22];
    expect(rules.ruleAt(ids, 3)).toBeUndefined();
    expect(rules.ruleAt(ids, ZH_PROMPT.length - 1)?.language).toBe('zh');
    expect(rules.ruleAt(ids, ZH_PROMPT.length + 2)).toBeUndefined();
    expect(rules.ruleAt(ids, ids.length - 1)).toBeUndefined();
    expect(rules.languageBefore(EN_PROMPT, EN_PROMPT.length)).toBe('en');
  });

  it('should forbid an n-gram an earlier reply of the dialogue holds when that rule is on', () => {
    const rules = rulesWith({ earlierReplyNgramSize: 3 });
    const ids = [...ZH_PROMPT, 24, 25, 26, EOS, 30, 31, ...HEADER, 24, 25];
    expect(rules.ruleAt(ids, ids.length - 1)?.banned).toEqual([26]);
    expect(rulesWith({}).ruleAt(ids, ids.length - 1)?.banned).toEqual([]);
  });

  it('should forbid a token a third time in a row when maxTokenRun is 2, counting inside the reply only', () => {
    const rules = rulesWith({ maxTokenRun: 2 });
    expect(rules.ruleAt([...ZH_PROMPT, 20, 21, 21], ZH_PROMPT.length + 2)?.banned).toEqual([21]);
    expect(rules.ruleAt([...ZH_PROMPT, 20, 21], ZH_PROMPT.length + 1)?.banned).toEqual([]);
    // The header's last token before the reply does not count towards a run.
    expect(rules.ruleAt([...ZH_PROMPT, 3], ZH_PROMPT.length)?.banned).toEqual([]);
  });

  it('should refuse a size of 1 with the field named', () => {
    expect(() => rulesWith({ noRepeatNgramSize: 1 })).toThrow(/decodingRules\.noRepeatNgramSize is 1/);
  });
});

const RULES: LogitsRulesConfig = {
  noRepeatNgramSize: 2,
  earlierReplyNgramSize: 0,
  maxTokenRun: 1,
  script: true,
  quoteMinUnits: 0,
};
const PROMPTS = Array.from({ length: 12 }, (_, index) => (index % 2 === 0 ? ZH_PROMPT : EN_PROMPT));

const sample = (target: TransformerModel, rules: LogitsRules | undefined, prompts: number[][], seed = 7) =>
  sampleWithRules(target, rules, prompts, seed, [EOS]);

describe('generate with decoding rules', () => {
  for (const [name, rows] of [
    ['tensor sampler (12 rows)', PROMPTS],
    ['JS sampler (4 rows)', PROMPTS.slice(0, 4)],
  ] as const) {
    it(`should never sample a token the rules forbid: ${name}`, async () => {
      const rules = rulesWith(RULES);
      const free = await sample(models.model, undefined, [...rows]);
      // Without the rules these rows do break them (else this test could not fail).
      expect(
        free.some((result, index) => violations(rules, rows[index] as number[], result.outputIds).length > 0),
      ).toBe(true);
      const ruled = await sample(models.model, rules, [...rows]);
      for (const [index, result] of ruled.entries()) {
        expect(violations(rules, rows[index] as number[], result.outputIds)).toEqual([]);
      }
      expect(ruled.some((result) => result.outputIds.length >= 8)).toBe(true);
    });
  }
});

describe('scoreSequences with decoding rules', () => {
  for (const [name, target, share] of scoringPaths(() => models)) {
    it(`should equal the renormalised masked log-softmax and the sampled log-probs: ${name}`, async () => {
      // Three branches of each prompt: rows that share their context, so the shared-prefix plan pays.
      const zh = [...range(HAN), ...range(HAN), ...ZH_PROMPT];
      const en = [...range(LATIN), ...range(LATIN), ...EN_PROMPT];
      const ruledPositions = await expectScoresFollowRules({
        target: target(),
        rules: rulesWith(RULES),
        prompts: [zh, zh, zh, en, en, en],
        sharePrefixes: share,
        pad: EOS,
        counts: (rule) => rule !== undefined && (rule.banned.length > 0 || rule.language !== undefined),
      });
      expect(ruledPositions).toBeGreaterThan(20);
    });
  }

  it('should leave scores untouched without rules (a rule that binds changes them)', async () => {
    const rows = [[...ZH_PROMPT, 20, 21, 20, 21, 20]];
    const { ids, mask } = paddedBatch(rows, EOS);
    const plain = models.model.scoreSequences(ids, mask).logProbs.arraySync()[0] as number[];
    models.model.logitsRules = rulesWith(RULES);
    const ruled = models.model.scoreSequences(ids, mask).logProbs.arraySync()[0] as number[];
    models.model.logitsRules = undefined;
    expect(ruled.slice(0, ZH_PROMPT.length - 1)).toEqual(plain.slice(0, ZH_PROMPT.length - 1));
    // The script rule renormalises over Han and punctuation: the allowed reply tokens gain probability.
    expect(ruled[ZH_PROMPT.length - 1] as number).toBeGreaterThan(plain[ZH_PROMPT.length - 1] as number);
    tf.dispose([ids, mask]);
  });
});
