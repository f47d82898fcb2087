import { InvalidConfigError } from '@rlver/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lexiconEntriesOf, lexiconWordsOf } from './lexicon-rule';
import { decodingRulesFromGenerationConfig, LogitsRules, type LogitsRulesConfig } from './logits-rules';
import {
  createRuleTestModels,
  expectScoresFollowRules,
  type RuleTestModels,
  sampleWithRules,
  scoringPaths,
} from './test/rule-scoring';
import { useTestBackend } from './test/test-backend';

const encoder = new TextEncoder();
const EOS = 1;
const HEADER = [2, 3];
/** 50 ids: EOS and the header special; single letters, word pieces, punctuation, a few Han characters. */
const PIECES: (string | undefined)[] = [
  ' ',
  undefined,
  undefined,
  undefined,
  ...'acdeghilnorst'.split(''),
  ' the',
  ' cat',
  ' dog',
  ' sat',
  ' on',
  ' mat',
  ' and',
  ' a',
  ' ran',
  ' zork',
  ' ca',
  ' do',
  'ing',
  's',
  'ther',
  ' he',
  ' mo',
  ' sa',
  '.',
  ',',
  "'",
  'T',
  ' t',
  'he',
  ' an',
  ' ru',
  'ned',
  '你',
  '好',
  '的',
  '了',
  'n.',
  ', the',
];
const TOKEN_BYTES = PIECES.map((piece) => (piece === undefined ? undefined : encoder.encode(piece)));
const ID = (piece: string) => PIECES.indexOf(piece);
const LEXICON = [
  'the',
  'cat',
  'cats',
  'dog',
  'sat',
  'on',
  'mat',
  'and',
  'a',
  'ran',
  'running',
  'other',
  'he',
  'mother',
  'there',
  'an',
];
const RULES: Partial<LogitsRulesConfig> = { lexicon: true };

function rulesWith(config: Partial<LogitsRulesConfig>, lexiconWords: readonly string[] = LEXICON): LogitsRules {
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
    lexiconWords,
  });
}

/** An en prompt whose user said " zork" (a word outside the lexicon) and " the dog". */
const EN_PROMPT = [ID(' the'), ID(' dog'), ID(' zork'), ID('.'), ...HEADER];
const ZH_PROMPT = [ID('你'), ID('好'), ID('的'), ID('了'), ID('你'), ...HEADER];

const decode = (ids: readonly number[]) =>
  ids.map((id) => (TOKEN_BYTES[id] ? new TextDecoder().decode(TOKEN_BYTES[id]) : '\u0000')).join('');

/**
 * Every word of an en reply that breaks the lexicon rule, judged on the text alone: a word that is in neither the
 * lexicon nor the prompt (its last word only when the reply ended), or a word said twice with only spaces between.
 */
function violations(prompt: readonly number[], reply: readonly number[]): string[] {
  const known = new Set([...LEXICON, ...lexiconWordsOf(decode(prompt))]);
  const ended = reply.at(-1) === EOS;
  const text = decode(reply.filter((id) => id !== EOS));
  const found: string[] = [];
  const words = [...text.matchAll(/[A-Za-z]+/g)];
  words.forEach((match, index) => {
    const word = (match[0] as string).toLowerCase();
    const last = index === words.length - 1;
    const closed = !last || ended || (match.index as number) + word.length < text.length;
    if (closed && !known.has(word)) found.push(`unknown ${word}`);
    if (last && !closed && ![...known].some((entry) => entry.startsWith(word))) found.push(`no word starts ${word}`);
    const before = words[index - 1];
    if (before && closed) {
      const between = text.slice((before.index as number) + (before[0] as string).length, match.index);
      if (/^ +$/.test(between) && (before[0] as string).toLowerCase() === word) found.push(`repeat ${word}`);
    }
  });
  return found;
}

let models: RuleTestModels;
beforeAll(async () => {
  await useTestBackend();
  models = createRuleTestModels(5);
});
afterAll(() => {
  models.model.dispose();
  models.copyModel.dispose();
});

const ruleAfter = (rules: LogitsRules, prompt: readonly number[], reply: readonly string[]) => {
  const ids = [...prompt, ...reply.map(ID)];
  return rules.ruleAt(ids, ids.length - 1);
};

describe('LogitsRules with the lexicon rule', () => {
  const rules = rulesWith(RULES);

  it('should let a word grow only towards a lexicon word and end only as one', () => {
    const partial = ruleAfter(rules, EN_PROMPT, [' ca']);
    expect(rules.allows(partial, ID('t'))).toBe(true); // cat
    expect(rules.allows(partial, ID('d'))).toBe(false); // "cad" starts no word
    expect(rules.allows(partial, ID('.'))).toBe(false); // "ca" is not a word
    expect(rules.allows(partial, EOS)).toBe(false);
    expect(rules.allows(partial, ID(' the'))).toBe(false);
    const whole = ruleAfter(rules, EN_PROMPT, [' cat']);
    for (const piece of ['.', ' ', ' the', 's']) expect(rules.allows(whole, ID(piece))).toBe(true);
    expect(rules.allows(whole, EOS)).toBe(true);
    expect(rules.allows(whole, ID('ing'))).toBe(false); // "cating"
    // A token that ends one word and starts another must do both rightly: "n." ends "ran", ", the" opens "the".
    expect(rules.allows(ruleAfter(rules, EN_PROMPT, [' a']), ID('n.'))).toBe(true); // an.
    expect(rules.allows(ruleAfter(rules, EN_PROMPT, [' sa']), ID('n.'))).toBe(false); // san.
    expect(rules.allows(ruleAfter(rules, EN_PROMPT, [' mo']), ID('ther'))).toBe(true); // mother
  });

  it('should forbid a capital after a small letter inside a word, not at its start', () => {
    expect(rules.allows(ruleAfter(rules, EN_PROMPT, [' ca']), ID('T'))).toBe(false); // "caT"
    expect(rules.allows(ruleAfter(rules, EN_PROMPT, [' ']), ID('T'))).toBe(true); // "The"
    expect(rules.allows(ruleAfter(rules, EN_PROMPT, [' ', 'T']), ID('he'))).toBe(true);
  });

  it('should let a word take a capital inside a sentence only when it is a name of the lexicon or the dialogue', () => {
    // Mid-sentence: "the T…" needs a name starting with t; none in LEXICON.
    expect(rules.allows(ruleAfter(rules, EN_PROMPT, [' the', ' ']), ID('T'))).toBe(false);
    // After a full stop a sentence starts.
    expect(rules.allows(ruleAfter(rules, EN_PROMPT, [' the', '.', ' ']), ID('T'))).toBe(true);
    const named = rulesWith(RULES, [...LEXICON, 'Tom']);
    expect(named.allows(ruleAfter(named, EN_PROMPT, [' the', ' ']), ID('T'))).toBe(true);
    expect(named.allows(ruleAfter(named, EN_PROMPT, [' the', ' ', 'T']), ID('he'))).toBe(false); // "The" is no name
    // A name the dialogue writes capitalised inside a sentence may be copied so.
    const prompt = [ID(' the'), ID(' '), ID('T'), ID('he'), ID('r'), ID('e'), ID('.'), ...HEADER]; // " the There."
    expect(rules.allows(ruleAfter(rules, prompt, [' the', ' ', 'T', 'he', 'r']), ID('e'))).toBe(true);
    expect(lexiconEntriesOf('Honestly, I told Daniel. “Fine” he said: Sure.')).toEqual({
      words: ['honestly', 'i', 'told', 'daniel', 'fine', 'he', 'said', 'sure'],
      names: ['i', 'daniel'],
    });
  });

  it('should take the dialogue’s own words into the lexicon, and only that dialogue’s', () => {
    expect(rules.allows(ruleAfter(rules, EN_PROMPT, [' zork']), EOS)).toBe(true);
    const other = [ID(' the'), ID(' dog'), ID('.'), ...HEADER];
    expect(rules.allows(ruleAfter(rules, other, []), ID(' zork'))).toBe(false);
    expect(rules.allows(ruleAfter(rules, other, [' cat']), ID('.'))).toBe(true);
  });

  it('should forbid the word just said again after spaces only, not after punctuation', () => {
    const twice = ruleAfter(rules, EN_PROMPT, [' the', ' the']);
    expect(rules.allows(twice, ID(' '))).toBe(false);
    expect(rules.allows(twice, ID('.'))).toBe(false);
    expect(rules.allows(twice, EOS)).toBe(false);
    expect(rules.allows(twice, ID('r'))).toBe(true); // "ther…" may still become "there"
    // A word that can only become the word just said may not start: after " he " no "h" (only "he" starts so).
    const afterHe = ruleAfter(rules, EN_PROMPT, [' he', ' ']);
    expect(rules.allows(afterHe, ID('h'))).toBe(false);
    expect(rules.allows(afterHe, ID('t'))).toBe(true);
    expect(rules.allows(ruleAfter(rules, EN_PROMPT, [' the', ',', ' the']), ID('.'))).toBe(true);
  });

  it('should leave zh replies, and positions outside replies, alone', () => {
    expect(ruleAfter(rules, ZH_PROMPT, ['你'])?.lexiconForbidden).toBeUndefined();
    const prompt = [...EN_PROMPT];
    expect(rules.ruleAt(prompt, 1)).toBeUndefined();
  });

  it('should step back where the other rules leave no lexicon token, so no position is left empty', () => {
    // noRepeatNgramSize 2 bans "t" after the second " ca" (" ca t" was said): "t" is the only letter that
    // continues "ca" towards a word here, so the lexicon rule must step back rather than forbid everything.
    const strict = rulesWith({ lexicon: true, maxTokenRun: 1, noRepeatNgramSize: 2 });
    const row = [...EN_PROMPT, ID(' ca'), ID('t'), ID(' ca'), ID('t'), ID(' ca')];
    for (const rule of strict.rowRules(row)) {
      if (!rule) continue;
      expect(Array.from({ length: PIECES.length }, (_, id) => strict.allows(rule, id)).some(Boolean)).toBe(true);
    }
  });

  it('should refuse the rule without a word list, naming the field and the file', () => {
    expect(() => rulesWith(RULES, [])).toThrow(InvalidConfigError);
    expect(() => rulesWith(RULES, [])).toThrow(/lexicon\.txt/);
  });

  it('should read the rule back from generation_config.json', () => {
    const stored = { rlver_decoding_rules: { no_repeat_ngram_size: 4, script: true, lexicon: true } };
    expect(decodingRulesFromGenerationConfig(stored, 'generation_config.json')?.lexicon).toBe(true);
    expect(decodingRulesFromGenerationConfig({ rlver_decoding_rules: { script: true } }, 'x')?.lexicon).toBeUndefined();
    expect(() =>
      decodingRulesFromGenerationConfig({ rlver_decoding_rules: { lexicon: 'yes' } }, 'generation_config.json'),
    ).toThrow(/lexicon/);
  });
});

const PROMPTS = Array.from({ length: 12 }, (_, index) =>
  index % 3 === 0 ? EN_PROMPT : [ID(' the'), ID(' cat'), ID(' ran'), ID(','), ID(' zork'), ID('.'), ...HEADER],
);

describe('generate with the lexicon rule', () => {
  for (const [name, rows] of [
    ['tensor sampler (12 rows)', PROMPTS],
    ['JS sampler (4 rows)', PROMPTS.slice(0, 4)],
  ] as const) {
    it(`should never sample a broken word: ${name}`, async () => {
      const free = await sampleWithRules(models.model, undefined, [...rows], 7, [EOS]);
      // Without the rule these rows do break words (else this test could not fail).
      expect(free.some((result, index) => violations(rows[index] as number[], result.outputIds).length > 0)).toBe(true);
      for (const seed of [7, 8, 9]) {
        const ruled = await sampleWithRules(models.model, rulesWith(RULES), [...rows], seed, [EOS]);
        for (const [index, result] of ruled.entries()) {
          expect(violations(rows[index] as number[], result.outputIds)).toEqual([]);
        }
        expect(ruled.some((result) => result.outputIds.length >= 8)).toBe(true);
      }
    });
  }
});

describe('scoreSequences with the lexicon rule', () => {
  for (const [name, target, share] of scoringPaths(() => models)) {
    it(`should equal the renormalised masked log-softmax and the sampled log-probs: ${name}`, async () => {
      const ruledPositions = await expectScoresFollowRules({
        target: target(),
        rules: rulesWith({ ...RULES, noRepeatNgramSize: 3, maxTokenRun: 2, script: true }),
        prompts: [EN_PROMPT, EN_PROMPT, EN_PROMPT, PROMPTS[1] as number[], PROMPTS[1] as number[], ZH_PROMPT],
        sharePrefixes: share,
        pad: EOS,
        counts: (rule) => rule?.lexiconForbidden !== undefined,
      });
      expect(ruledPositions).toBeGreaterThan(20);
    });
  }
});
