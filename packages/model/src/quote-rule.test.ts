import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogitsRules } from './logits-rules';
import { QuoteRule, REPLY_START_STATE, UserTextIndex } from './quote-rule';
import {
  createRuleTestModels,
  expectScoresFollowRules,
  type RuleTestModels,
  sampleWithRules,
  scoringPaths,
} from './test/rule-scoring';
import { useTestBackend } from './test/test-backend';
import type { TransformerModel } from './transformer-model';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const latin1 = (text: string) => String.fromCharCode(...encoder.encode(text));
const EOS = 1;
const HEADER = [2, 3];
const USER = 4;
/** 50 token pieces (the tiny model's vocabulary): Han words, quote marks, marks fused with text, split bytes. */
const PIECES: (string | number[] | undefined)[] = [
  '！',
  undefined,
  undefined,
  undefined,
  undefined,
  ...['我', '家', '狗', '上', '周', '走了', '，', '里', '安静', '得', '可怕', '。', '没人', '懂'],
  '“',
  '”',
  '“我',
  '怕”',
  '”，',
  '猫',
  '你',
  '难过',
  '很',
  '「',
  '」',
  ...[' I', ' dread', ' going', ' to', ' school', '.', ' "', '"', '."'],
  [0x9d],
  ...[' nobody', ' talks', ' me'],
  [0xe2, 0x80],
  ' said',
  ' "I',
  'I',
  ' school"',
  [0xe6, 0x80],
  [0x95],
];
const TOKEN_BYTES = PIECES.map((piece) =>
  piece === undefined ? undefined : typeof piece === 'string' ? encoder.encode(piece) : Uint8Array.from(piece),
);
const id = (piece: string) => PIECES.indexOf(piece);
/** The id of a piece given by its bytes (pieces that are parts of a UTF-8 character). */
const byteId = (...bytes: number[]) =>
  TOKEN_BYTES.findIndex((token) => token !== undefined && token.join(',') === bytes.join(','));
const ZH_MESSAGES = ['我家狗上周走了，家里安静得可怕。', '没人懂我。'];
const EN_MESSAGES = [' I dread going to school.', ' nobody talks to me'];
/** A dialogue prompt: each user message after the user header, ended by EOS, then the reply header. */
const prompt = (messages: string[][]) => [...messages.flatMap((pieces) => [USER, ...pieces.map(id), EOS]), ...HEADER];
const ZH_PROMPT = prompt([
  ['我', '家', '狗', '上', '周', '走了', '，', '家', '里', '安静', '得', '可怕', '。'],
  ['没人', '懂', '我', '。'],
]);
const EN_PROMPT = prompt([
  [' I', ' dread', ' going', ' to', ' school', '.'],
  [' nobody', ' talks', ' to', ' me'],
]);
const MIN_UNITS = 3;

function quoteRules(minUnits = MIN_UNITS): LogitsRules {
  return new LogitsRules({
    config: { noRepeatNgramSize: 0, earlierReplyNgramSize: 0, maxTokenRun: 0, script: false, quoteMinUnits: minUnits },
    tokenBytes: TOKEN_BYTES,
    replyHeader: HEADER,
    replyEnd: [EOS],
    userHeader: [USER],
  });
}

const OPEN_TO_CLOSE: Record<string, string> = { '“': '”', '"': '"', '「': '」' };

/**
 * Every quote of `reply` that breaks the rule, found by a plain text parse (independent of QuoteRule): the text
 * between an opening mark and its closing mark must lie inside one user message from the start of a word, hold
 * ≥ minUnits units, end one of the user's clauses and not run on past a clause mark once it holds minUnits; a
 * reply that ended (EOS) may not leave a quote open.
 */
function quoteViolations(reply: readonly number[], messages: readonly string[], minUnits: number): string[] {
  const ended = reply.includes(EOS);
  const bytes = reply.filter((token) => token !== EOS).flatMap((token) => [...(TOKEN_BYTES[token] ?? [])]);
  const text = decoder.decode(Uint8Array.from(bytes));
  const found: string[] = [];
  let at = 0;
  while (at < text.length) {
    const close = OPEN_TO_CLOSE[text[at] as string];
    if (!close) {
      at += 1;
      continue;
    }
    const end = text.indexOf(close, at + 1);
    const quoted = text.slice(at + 1, end < 0 ? undefined : end).replace(/\uFFFD+$/u, '');
    if (!messages.some((message) => message.includes(quoted))) found.push(`not verbatim: ${quoted}`);
    const units = (quoted.match(/\p{Script=Han}/gu) ?? []).length + (quoted.match(/[A-Za-z0-9]+/g) ?? []).length;
    if (end >= 0 && units < minUnits) found.push(`too short: ${quoted}`);
    const endsClause =
      /[,.!?;:，。！？；：、…]$/u.test(quoted) ||
      messages.some((message) =>
        message
          .split(quoted)
          .slice(1)
          .some((after) => after === '' || /^[,.!?;:，。！？；：、…]/u.test(after)),
      );
    if (end >= 0 && !endsClause) found.push(`closed inside a clause: ${quoted}`);
    for (const mark of quoted.slice(0, -1).matchAll(/[,.!?;:，。！？；：、…]/gu)) {
      const head = quoted.slice(0, (mark.index ?? 0) + 1);
      const headUnits = (head.match(/\p{Script=Han}/gu) ?? []).length + (head.match(/[A-Za-z0-9]+/g) ?? []).length;
      if (headUnits >= minUnits) found.push(`more than one clause: ${quoted}`);
    }
    const startsWord = messages.some((message) =>
      message
        .split(quoted)
        .slice(0, -1)
        .some((_before, index, parts) => {
          const at = parts.slice(0, index + 1).join(quoted).length;
          return !/[A-Za-z0-9]/.test(message[at - 1] ?? '') || !/[A-Za-z0-9]/.test(quoted[0] ?? '');
        }),
    );
    if (quoted.length > 0 && !startsWord) found.push(`starts inside a word: ${quoted}`);
    if (end < 0 && ended) found.push(`never closed: ${quoted}`);
    at = end < 0 ? text.length : end + 1;
  }
  return found;
}

describe('QuoteRule.step', () => {
  const rule = new QuoteRule(TOKEN_BYTES, MIN_UNITS);
  const zh = new UserTextIndex(ZH_MESSAGES.map(latin1));
  const en = new UserTextIndex(EN_MESSAGES.map(latin1));

  it('should keep verbatim quotes and reject drift, stitching and short quotes', () => {
    expect(rule.run(REPLY_START_STATE, latin1('你说“家里安静得可怕”，很难过。'), zh)?.open).toBe(-1);
    expect(rule.run(REPLY_START_STATE, latin1('「没人懂我。」'), zh)?.open).toBe(-1);
    // Drift: the quote runs off the user's words.
    expect(rule.run(REPLY_START_STATE, latin1('“家里安静得可怕了'), zh)).toBeUndefined();
    // Stitching: the end of one message and the start of the next.
    expect(rule.run(REPLY_START_STATE, latin1('“可怕。没人'), zh)).toBeUndefined();
    // Two units are too short to close; three are enough, at the end of one of the user's clauses.
    expect(rule.run(REPLY_START_STATE, latin1('“家里”'), zh)).toBeUndefined();
    expect(rule.run(REPLY_START_STATE, latin1('“走了，”'), zh)).toBeUndefined();
    expect(rule.run(REPLY_START_STATE, latin1('“周走了”'), zh)?.open).toBe(-1);
    expect(rule.run(REPLY_START_STATE, latin1('“狗上周走了，”'), zh)?.open).toBe(-1);
    expect(rule.run(REPLY_START_STATE, latin1('“我家狗上周”'), zh)).toBeUndefined();
    expect(rule.run(REPLY_START_STATE, latin1('You said "I dread going to school" and'), en)?.open).toBe(-1);
    expect(rule.run(REPLY_START_STATE, latin1('You said "I dread going" and'), en)).toBeUndefined();
    // One clause: once long enough and past a clause mark, the quote closes.
    expect(rule.run(REPLY_START_STATE, latin1('“我家狗上周走了，”'), zh)?.open).toBe(-1);
    expect(rule.run(REPLY_START_STATE, latin1('“我家狗上周走了，家'), zh)).toBeUndefined();
    // A short first clause may run on into the next one.
    expect(rule.run(REPLY_START_STATE, latin1('“走了，家里安静得可怕”'), zh)?.open).toBe(-1);
    // Never from inside one of the user's words ("read" of "dread").
    expect(rule.run(REPLY_START_STATE, latin1('"read going to school"'), en)).toBeUndefined();
    expect(rule.run(REPLY_START_STATE, latin1('You said "I dread going to school. she'), en)).toBeUndefined();
  });

  it("should read ' after a letter as an apostrophe and elsewhere as a quote", () => {
    expect(rule.run(REPLY_START_STATE, latin1("I don't know"), en)?.open).toBe(-1);
    expect(rule.run(REPLY_START_STATE, latin1("you said 'nobody talks to me' and"), en)?.open).toBe(-1);
    expect(rule.run(REPLY_START_STATE, latin1("you said 'nobody hates"), en)).toBeUndefined();
  });

  it('should let a token finish the quote and carry the closing mark, and the mark split over tokens', () => {
    const open = rule.run(REPLY_START_STATE, latin1('“安静得可'), zh);
    if (!open) throw new Error('the quote “安静得可 is verbatim');
    const allowed = rule.constraint(open, zh).allowed ?? [];
    expect(allowed).toContain(id('怕”'));
    // 怕 as two byte pieces: its first two bytes continue the user's words.
    expect(allowed).toContain(byteId(0xe6, 0x80));
    const middle = rule.run(REPLY_START_STATE, latin1('“家里安静'), zh);
    if (!middle) throw new Error('the quote “家里安静 is verbatim');
    // Inside the user's clause the quote can only go on.
    expect(rule.constraint(middle, zh).allowed).toEqual([id('得')]);
    const longer = rule.run(REPLY_START_STATE, latin1('“家里安静得可怕'), zh);
    if (!longer) throw new Error('the quote “家里安静得可怕 is verbatim');
    const next = rule.constraint(longer, zh).allowed ?? [];
    for (const piece of ['”', '”，', '。']) expect(next).toContain(id(piece));
    // The closing mark in two byte pieces: its first two bytes are allowed once the quote may close.
    expect(next).toContain(byteId(0xe2, 0x80));
    // Never the end of the reply, nor a word the user did not say there.
    for (const token of [EOS, id('猫'), id('走了'), id('，')]) expect(next).not.toContain(token);
  });

  it('should allow a close only after the minimum length, and a quote only where it can reach it', () => {
    const short = rule.run(REPLY_START_STATE, latin1('“家里'), zh);
    if (!short) throw new Error('“家里 is verbatim');
    const allowed = rule.constraint(short, zh).allowed ?? [];
    expect(allowed).toEqual([id('安静')]);
    expect(allowed).not.toContain(id('”'));
    // “我。 is verbatim (the end of 没人懂我。) but can never reach 3 units: not allowed after “我.
    const me = rule.run(REPLY_START_STATE, latin1('“我'), zh);
    if (!me) throw new Error('“我 is verbatim');
    expect(rule.constraint(me, zh).allowed).not.toContain(id('。'));
    expect(rule.constraint(me, zh).allowed).toContain(id('家'));
    // Outside quotes: a token that opens a quote with words the user never said is banned.
    expect(rule.constraint(REPLY_START_STATE, zh).banned).toContain(id(' "I'));
    expect(rule.constraint(REPLY_START_STATE, en).banned).not.toContain(id(' "I'));
    // A token that ends the user's words and closes the quote.
    const open = rule.run(REPLY_START_STATE, latin1('"I dread going to'), en);
    if (!open) throw new Error('"I dread going to is verbatim');
    expect(rule.constraint(open, en).allowed).toContain(id(' school"'));
    // A quote never starts inside a character (a lone continuation byte of the user's text).
    const opened = rule.run(REPLY_START_STATE, latin1('“'), zh);
    if (!opened) throw new Error('“ opens a quote');
    expect(rule.constraint(opened, zh).allowed).not.toContain(byteId(0x95));
  });
});

describe('LogitsRules with the quote rule', () => {
  it('should find the user messages of the prompt and restrict only inside quotes', () => {
    const rules = quoteRules();
    expect(rules.userTextBefore(ZH_PROMPT, ZH_PROMPT.length - HEADER.length).text).toBe(
      ZH_MESSAGES.map(latin1).join('\u0100'),
    );
    const reply = [...ZH_PROMPT, id('你'), id('“'), id('家'), id('里')];
    expect(rules.ruleAt(reply, ZH_PROMPT.length)?.allowed).toBeUndefined();
    const inside = rules.ruleAt(reply, reply.length - 1);
    expect(inside?.allowed).toContain(id('安静'));
    expect(inside?.allowed).not.toContain(EOS);
  });

  it('should refuse quoteMinUnits without a user header, naming the field', () => {
    expect(
      () =>
        new LogitsRules({
          config: { noRepeatNgramSize: 0, earlierReplyNgramSize: 0, maxTokenRun: 0, script: false, quoteMinUnits: 3 },
          tokenBytes: TOKEN_BYTES,
          replyHeader: HEADER,
          replyEnd: [EOS],
        }),
    ).toThrow(/quoteMinUnits/);
  });
});

let models: RuleTestModels;
beforeAll(async () => {
  await useTestBackend();
  models = createRuleTestModels(5);
});
afterAll(() => {
  models.model.dispose();
  models.copyModel.dispose();
});

const sample = (target: TransformerModel, rules: LogitsRules | undefined, prompts: number[][], seed: number) =>
  sampleWithRules(target, rules, prompts, seed, [EOS]);

const PROMPTS = Array.from({ length: 16 }, (_, index) => (index % 2 === 0 ? ZH_PROMPT : EN_PROMPT));
const messagesOf = (index: number) => (index % 2 === 0 ? ZH_MESSAGES : EN_MESSAGES);

describe('generate with the quote rule', () => {
  for (const [name, rows] of [
    ['tensor sampler (16 rows)', PROMPTS],
    ['JS sampler (4 rows)', PROMPTS.slice(0, 4)],
  ] as const) {
    it(`should never sample a quote that is not the user's words: ${name}`, async () => {
      let freeViolations = 0;
      let quotes = 0;
      for (const seed of [1, 2, 3]) {
        const free = await sample(models.model, undefined, [...rows], seed);
        free.forEach((result, index) => {
          freeViolations += quoteViolations(result.outputIds, messagesOf(index), MIN_UNITS).length;
        });
        const ruled = await sample(models.model, quoteRules(), [...rows], seed);
        ruled.forEach((result, index) => {
          expect(quoteViolations(result.outputIds, messagesOf(index), MIN_UNITS)).toEqual([]);
          const text = decoder.decode(
            Uint8Array.from(result.outputIds.flatMap((token) => [...(TOKEN_BYTES[token] ?? [])])),
          );
          quotes += (text.match(/[“"「]/g) ?? []).length;
        });
      }
      // Without the rule these rows do break it (else this test could not fail), and with it they still quote.
      expect(freeViolations).toBeGreaterThan(0);
      expect(quotes).toBeGreaterThan(0);
    });
  }
});

describe('scoreSequences with the quote rule', () => {
  for (const [name, target, share] of scoringPaths(() => models)) {
    it(`should equal the renormalised masked log-softmax and the sampled log-probs: ${name}`, async () => {
      // Replies that open a quote: the prompts end with the reply header and an opening mark.
      const zh = [...ZH_PROMPT, id('“')];
      const en = [...EN_PROMPT, id(' "')];
      const restricted = await expectScoresFollowRules({
        target: target(),
        rules: quoteRules(),
        prompts: [zh, zh, zh, en, en, en],
        sharePrefixes: share,
        pad: EOS,
        counts: (rule) => rule?.allowed !== undefined,
      });
      expect(restricted).toBeGreaterThan(12);
    });
  }
});
