import { InvalidConfigError, type Language } from '@rlver/spec';
import * as tf from '@tensorflow/tfjs-core';
import { type DialogueLexicon, LEXICON_START, LexiconRule, type LexiconState } from './lexicon-rule';
import { type Phrasebook, phrasebookCandidates } from './phrasebook';
import { DialoguePhrases, PHRASEBOOK_START, PhrasebookRule, type PhrasebookState } from './phrasebook-rule';
import { QuoteRule, type QuoteState, REPLY_START_STATE, UserTextIndex } from './quote-rule';
import { UTF8_BOUNDARY, UTF8_STATE_COUNT, utf8ForbiddenTokens, utf8Resync } from './utf8-rule';

/**
 * Decoding rules that are part of the policy: at every reply position some tokens are not allowed, and the
 * policy is the renormalised distribution over the allowed ones. Sampling (`generate`) and scoring
 * (`scoreSequences`, all of its paths, the copy head's included) apply the same mask to the same token
 * prefix, so sampled log-probs, PPO/GRPO ratios and KL stay exact.
 */
export interface LogitsRulesConfig {
  /**
   * No n-gram of this size twice inside one reply (Hugging Face's `no_repeat_ngram_size`); 0 = off. The user's
   * words may be copied once, but a clause of the reply may not be said again.
   */
  noRepeatNgramSize: number;
  /** No n-gram of this size that one of the policy's earlier replies in the dialogue already holds; 0 = off. */
  earlierReplyNgramSize: number;
  /**
   * A token at most this many times in a row inside one reply (stutter: "the the the", "室室室"); 0 = off. 2 lets
   * zh doubles (慢慢, 谢谢) and "very very" through.
   */
  maxTokenRun: number;
  /**
   * Script rule: in an en dialogue no token with CJK bytes (U+3000 and up), in a zh dialogue no token with Latin
   * letters; in both, no letters of a third script (Greek, Cyrillic, Hebrew, Arabic, Indic, Thai, kana, Hangul),
   * and whole characters only: no token whose bytes break UTF-8 where they stand ("�"), no end of the reply in
   * the middle of a character (utf8-rule.ts).
   */
  script: boolean;
  /**
   * Quote rule (quote-rule.ts): inside a quote (“ " 「 ') the quoted text must stay one contiguous substring of a
   * message the user wrote in this dialogue, it may close only after this many units (Han characters plus
   * Latin/digit words), and the reply may not end inside it. 0 = off.
   */
  quoteMinUnits: number;
  /**
   * Lexicon rule (lexicon-rule.ts): in an en reply a word may only grow into, and end as, a word of the
   * checkpoint's lexicon (`lexicon.txt`) or of the dialogue before the reply, and not repeat the word just said.
   * Off when absent.
   */
  lexicon?: boolean;
  /**
   * Phrasebook rule (phrasebook-rule.ts): a reply (after `</think>` when it thinks) may only be one of this
   * dialogue's candidate replies, the checkpoint's `phrasebook.json` templates with their slots filled from the
   * user's messages, not said before in the dialogue; it may end only where a candidate ends. Off when absent.
   */
  phrasebook?: boolean;
}

/** Every rule off: the plain softmax policy. */
export const NO_LOGITS_RULES: LogitsRulesConfig = {
  noRepeatNgramSize: 0,
  earlierReplyNgramSize: 0,
  maxTokenRun: 0,
  script: false,
  quoteMinUnits: 0,
};

/**
 * The decoding rules a checkpoint's generation_config.json stores (`rlver_decoding_rules`, written by
 * `saveCheckpoint`), or undefined when it stores none. `file` names the file in errors.
 */
export function decodingRulesFromGenerationConfig(
  generationConfig: Record<string, unknown> | undefined,
  file: string,
): LogitsRulesConfig | undefined {
  const stored = generationConfig?.rlver_decoding_rules;
  if (stored === undefined) return undefined;
  const fail = (field: string, expected: string): never => {
    throw new InvalidConfigError({
      field: `rlver_decoding_rules.${field}`,
      message: `${file} field "rlver_decoding_rules.${field}" must be ${expected}; fix or delete it (it is written by saveCheckpoint).`,
    });
  };
  if (typeof stored !== 'object' || stored === null) return fail('', 'an object');
  const record = stored as Record<string, unknown>;
  const count = (field: string): number => {
    const value = record[field] ?? 0;
    return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fail(field, 'an integer ≥ 0');
  };
  const script = record.script ?? false;
  if (typeof script !== 'boolean') fail('script', 'true or false');
  const lexicon = record.lexicon ?? false;
  if (typeof lexicon !== 'boolean') fail('lexicon', 'true or false');
  const phrasebook = record.phrasebook ?? false;
  if (typeof phrasebook !== 'boolean') fail('phrasebook', 'true or false');
  return {
    noRepeatNgramSize: count('no_repeat_ngram_size'),
    earlierReplyNgramSize: count('earlier_reply_ngram_size'),
    maxTokenRun: count('max_token_run'),
    script: script as boolean,
    quoteMinUnits: count('quote_min_units'),
    ...(lexicon ? { lexicon: true } : {}),
    ...(phrasebook ? { phrasebook: true } : {}),
  };
}

/** Whether any rule is on. */
export function logitsRulesActive(config: LogitsRulesConfig): boolean {
  return (
    config.noRepeatNgramSize > 0 ||
    config.earlierReplyNgramSize > 0 ||
    config.maxTokenRun > 0 ||
    config.script ||
    config.quoteMinUnits > 0 ||
    config.lexicon === true ||
    config.phrasebook === true
  );
}

/** Language of a dialogue as the script rule sees it. */
export type RuleLanguage = 'en' | 'zh';

/** The rule at one position: what may follow `ids[0..position]`. */
export interface PositionRule {
  /** The dialogue's language (script rule), when that rule is on. */
  language?: RuleLanguage;
  /**
   * Where the reply stands inside a UTF-8 character (script rule; `UTF8_BOUNDARY` between characters), when that
   * rule is on. Inside a character only the bytes that continue it may follow.
   */
  utf8State?: number;
  /** Token ids the n-gram rules forbid here (sorted, unique). */
  banned: number[];
  /**
   * Inside a quote (quote rule): the only ids allowed here (sorted, unique; already without the banned and the
   * script-forbidden ones, and never empty). Undefined = no such restriction.
   */
  allowed?: number[];
  /**
   * Lexicon rule: forbidden flags (1) per token id here, shared between positions in the same state. Undefined =
   * no such restriction.
   */
  lexiconForbidden?: Uint8Array;
}

/** What `rowRules` computes once per reply of a row: its language and the index of the user's words before it. */
interface RowRuleCache {
  language: Map<number, RuleLanguage>;
  users: Map<number, UserTextIndex>;
  /** Quote state after each position of the row (`null`: the reply broke the rule there). */
  quoteStates: Map<number, QuoteState | null>;
  /** UTF-8 decoder state after each position of the row (script rule). */
  utf8States: Map<number, number>;
  /** The lexicon of each reply's dialogue, by the reply's start. */
  lexicons: Map<number, DialogueLexicon>;
  /** Lexicon state after each position of the row (`null`: the reply left the lexicon there). */
  lexiconStates: Map<number, LexiconState | null>;
  /** The candidate replies of each reply's dialogue, by the reply's start. */
  phrases: Map<number, DialoguePhrases>;
  /** Phrasebook state after each position of the row (`null`: the rule no longer follows the reply). */
  phrasebookStates: Map<number, PhrasebookState | null>;
}

/**
 * A per-position rule state after the reply's tokens `ids[start..position]`: `step` applied to each token from
 * `initial`. A row scored position by position steps one token from the state before, kept in `states`.
 */
export function stepRuleState<S>(
  ids: readonly number[],
  start: number,
  position: number,
  initial: S,
  step: (state: S, id: number) => S,
  states?: Map<number, S>,
): S {
  let from = start;
  let state = initial;
  if (position > start && states?.has(position - 1)) {
    from = position;
    state = states.get(position - 1) as S;
  }
  for (let at = from; at <= position; at += 1) state = step(state, ids[at] as number);
  if (position >= start) states?.set(position, state);
  return state;
}

/** What a token's bytes hold, for the script rule. */
interface TokenScript {
  latinLetter: boolean;
  /** A byte of a code point at U+3000 or above that is not in a 4-byte sequence (CJK, kana, Hangul, fullwidth). */
  cjkRange: boolean;
  /** Letters of a third script (Greek … Arabic, Indic, Thai, kana, Hangul). */
  foreign: boolean;
}

/** Row of the script rule's mask table for a reply of `language` whose UTF-8 decoder stands at `utf8State`. */
function scriptMaskKind(language: RuleLanguage, utf8State: number): number {
  return 1 + (language === 'en' ? 0 : UTF8_STATE_COUNT) + utf8State;
}

/** Additive mask value of a forbidden token: exp underflows to exactly 0, and 0 · NEG stays 0 (no NaN). */
export const RULE_MASK_VALUE = -1e9;

/**
 * Script flags of a token's bytes. Whole UTF-8 characters are classified by their code point; a piece of one
 * (byte-level BPE splits rare characters) by what its lead byte and, when present, second byte allow: a lead
 * byte 0xE3–0xEF starts a code point at U+3000 or above, 0xCD–0xDB one in U+0340–U+06FF (Greek … Arabic).
 * Continuation bytes alone are never forbidden: they complete whatever lead the rule already let through.
 */
export function tokenScript(bytes: Uint8Array): TokenScript {
  const script: TokenScript = { latinLetter: false, cjkRange: false, foreign: false };
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index] as number;
    if ((byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a)) script.latinLetter = true;
    if (byte < 0xc0) continue;
    const second = bytes[index + 1];
    if (byte >= 0xcd && byte <= 0xdb) {
      // U+0340–U+06FF; U+0340–U+036F are combining marks, not letters.
      if (!(byte === 0xcd && second !== undefined && second < 0xb0)) script.foreign = true;
    } else if (byte === 0xe0) {
      // U+0800–U+0FFF: Samaritan … Tibetan, Devanagari and Thai among them.
      script.foreign = true;
    } else if (byte >= 0xe3 && byte <= 0xef) {
      script.cjkRange = true;
      const kana = byte === 0xe3 && second !== undefined && second >= 0x81 && second <= 0x83;
      const hangul = byte >= 0xea && byte <= 0xed && !(byte === 0xea && second !== undefined && second < 0xb0);
      if (kana || hangul) script.foreign = true;
    }
  }
  return script;
}

/** GPT-2's byte ↔ printable character table of byte-level BPE, inverted: character → byte. */
function byteLevelDecoder(): Map<string, number> {
  const printable: number[] = [];
  for (let byte = 33; byte <= 126; byte += 1) printable.push(byte);
  for (let byte = 161; byte <= 172; byte += 1) printable.push(byte);
  for (let byte = 174; byte <= 255; byte += 1) printable.push(byte);
  const table = new Map<string, number>();
  let extra = 0;
  for (let byte = 0; byte < 256; byte += 1) {
    if (printable.includes(byte)) table.set(String.fromCharCode(byte), byte);
    else {
      table.set(String.fromCharCode(256 + extra), byte);
      extra += 1;
    }
  }
  return table;
}

/**
 * The bytes of every token id of a Hugging Face `tokenizer.json` (byte-level BPE as GPT-2/Qwen, or
 * SentencePiece-style `▁` and `<0xNN>` pieces); `undefined` for added (special) tokens and unused ids, which
 * no rule forbids.
 */
export function tokenBytesFromTokenizerJson(
  tokenizerJson: Record<string, unknown>,
  vocabSize: number,
): (Uint8Array | undefined)[] {
  const model = tokenizerJson.model as { vocab?: Record<string, number> | [string, number][] } | undefined;
  const rawVocab = model?.vocab;
  if (!rawVocab) {
    throw new InvalidConfigError({
      field: 'tokenizer.json',
      message:
        'tokenizer.json has no model.vocab: the decoding rules need each token’s bytes; turn the rules off (decodingRules) for this tokenizer.',
    });
  }
  const entries: [string, number][] = Array.isArray(rawVocab)
    ? rawVocab.map(([piece], id) => [piece, id])
    : Object.entries(rawVocab);
  const added = new Set(((tokenizerJson.added_tokens as { id: number }[] | undefined) ?? []).map((token) => token.id));
  const decoder = JSON.stringify(tokenizerJson.decoder ?? tokenizerJson.pre_tokenizer ?? '');
  const byteLevel = decoder.includes('ByteLevel');
  const table = byteLevel ? byteLevelDecoder() : undefined;
  const encoder = new TextEncoder();
  const bytes: (Uint8Array | undefined)[] = new Array(vocabSize).fill(undefined);
  for (const [piece, id] of entries) {
    if (id < 0 || id >= vocabSize || added.has(id)) continue;
    if (table) {
      const out: number[] = [];
      for (const character of piece) out.push(table.get(character) ?? 0x3f);
      bytes[id] = Uint8Array.from(out);
    } else {
      const byteFallback = /^<0x([0-9A-Fa-f]{2})>$/.exec(piece);
      bytes[id] = byteFallback
        ? Uint8Array.of(Number.parseInt(byteFallback[1] as string, 16))
        : encoder.encode(piece.replaceAll('▁', ' '));
    }
  }
  return bytes;
}

export interface CreateLogitsRulesOptions {
  config: LogitsRulesConfig;
  /** Bytes of each token id (`tokenBytesFromTokenizerJson`); `undefined` = a special token. */
  tokenBytes: readonly (Uint8Array | undefined)[];
  /** The ids that open an assistant reply: the chat template's generation prompt (e.g. `<|im_start|>assistant\n`). */
  replyHeader: readonly number[];
  /** Ids that end a reply (end-of-turn / EOS). */
  replyEnd: readonly number[];
  /**
   * The ids that open a user message (the chat template's header of a user turn, e.g. `<|im_start|>user\n`):
   * the quote rule's user text is what follows them up to an end id. Required when `quoteMinUnits` > 0.
   */
  userHeader?: readonly number[];
  /** The lexicon rule's base words (the checkpoint's `lexicon.txt`). Required when `lexicon` is on. */
  lexiconWords?: readonly string[];
  /** The phrasebook rule's templates (the checkpoint's `phrasebook.json`). Required when `phrasebook` is on. */
  phrasebook?: Phrasebook;
  /**
   * Which filled phrasebook replies the rule may offer (a slot filling can make broken text): the policy layer passes
   * the project's audit here (`@rlver/policy`, "not degenerate"). Default: every filled template.
   */
  acceptPhrasebookReply?: (reply: string, language: Language) => boolean;
  /** `<think>` and `</think>` ids when the tokenizer has them (the phrasebook rule starts after `</think>`). */
  thinkTokens?: { open: number; close: number };
  /**
   * Tokens a reply may take, its end token included (the policy's `maxNewTokens`): under the phrasebook rule only
   * tokens after which a candidate can still end within it are allowed, so no reply is cut off. Default: no budget.
   */
  replyTokenBudget?: number;
}

/** How many prompts' earlier replies `noteRepliesBeforeWindow` keeps (a few RL steps' worth of dialogue states). */
const REPLIES_BEFORE_WINDOW_ENTRIES = 65_536;

/**
 * The messages a prompt window holds, verbatim and system prompt included, as one string (the phrasebook caches'
 * key: two prompts share candidates only when their windows hold the same text). Not the choice layer's
 * `choiceStateKey`, which leaves out the system prompt and trims each message.
 */
function promptWindowKey(messages: readonly { role: string; content: string }[]): string {
  return messages.map((message) => `${message.role}\u0000${message.content}`).join('\u0001');
}

/** A reply as the rule reads it from the tokens: what follows the think block, trimmed. */
function visibleReply(reply: string): string {
  const close = reply.lastIndexOf('</think>');
  return (close < 0 ? reply : reply.slice(close + '</think>'.length)).trim();
}

/**
 * The policy's decoding rules over token ids. Every rule is a function of the token prefix alone: replies are
 * found by the reply header and end ids, the language from the Han characters against the Latin letters of
 * the prefix before the reply. `ruleAt` is what both sampling and scoring call. One addition for the phrasebook
 * rule: the replies said before a truncated prompt's window, which the policy notes per prompt
 * (`noteRepliesBeforeWindow`) and every path then reads for that same prompt.
 */
export class LogitsRules {
  readonly config: LogitsRulesConfig;
  readonly vocabSize: number;
  private readonly header: readonly number[];
  private readonly end: ReadonlySet<number>;
  private readonly tokenBytes: readonly (Uint8Array | undefined)[];
  /** Per token id: forbidden in an en / a zh reply by the script rule. */
  private readonly forbiddenEn: Uint8Array;
  private readonly forbiddenZh: Uint8Array;
  /** Per UTF-8 decoder state, per token id: forbidden there by the whole-characters part of the script rule. */
  private readonly utf8Forbidden: readonly Uint8Array[];
  private masks: tf.Tensor2D | undefined;
  private readonly userHeader: readonly number[];
  private readonly quoteRule: QuoteRule | undefined;
  private readonly lexiconRule: LexiconRule | undefined;
  /** The lexicon rule's base words (saved beside a checkpoint as lexicon.txt); empty when the rule is off. */
  readonly lexiconWords: readonly string[];
  /** User-text indexes by the user's text, shared by the rows and steps of one dialogue (bounded). */
  private readonly userIndexes = new Map<string, UserTextIndex>();
  private readonly phrasebookRule: PhrasebookRule | undefined;
  /** The phrasebook rule's templates (saved beside a checkpoint as phrasebook.json); undefined when the rule is off. */
  readonly phrasebook: Phrasebook | undefined;
  private readonly thinkTokens: { open: number; close: number } | undefined;
  /** Candidate tries by the dialogue's text, shared by the rows and steps of one dialogue (bounded). */
  private readonly dialoguePhrases = new Map<string, DialoguePhrases>();
  /** Tokens a reply may take under the phrasebook rule (end token included); undefined = no budget. */
  readonly replyTokenBudget: number | undefined;
  private readonly acceptPhrasebookReply: ((reply: string, language: Language) => boolean) | undefined;
  /**
   * Replies the assistant gave before a prompt's window (its oldest turns dropped to fit the context), by the text of
   * the dialogue the window holds: the phrasebook rule leaves them out too (bounded, oldest entry dropped first).
   */
  private readonly repliesBeforeWindow = new Map<string, ReadonlySet<string>>();

  constructor(options: CreateLogitsRulesOptions) {
    const { config } = options;
    for (const field of ['noRepeatNgramSize', 'earlierReplyNgramSize'] as const) {
      const value = config[field];
      if (!Number.isInteger(value) || value < 0 || value === 1) {
        throw new InvalidConfigError({
          field: `decodingRules.${field}`,
          message: `decodingRules.${field} is ${value}; set 0 (off) or an integer ≥ 2 (1 would forbid every token said before).`,
        });
      }
    }
    if (!Number.isInteger(config.maxTokenRun) || config.maxTokenRun < 0) {
      throw new InvalidConfigError({
        field: 'decodingRules.maxTokenRun',
        message: `decodingRules.maxTokenRun is ${config.maxTokenRun}; set 0 (off) or an integer ≥ 1.`,
      });
    }
    if (!Number.isInteger(config.quoteMinUnits) || config.quoteMinUnits < 0) {
      throw new InvalidConfigError({
        field: 'decodingRules.quoteMinUnits',
        message: `decodingRules.quoteMinUnits is ${config.quoteMinUnits}; set 0 (off) or an integer ≥ 1 (units: Han characters plus words).`,
      });
    }
    if (config.quoteMinUnits > 0 && (options.userHeader ?? []).length === 0) {
      throw new InvalidConfigError({
        field: 'userHeader',
        message:
          'decodingRules.quoteMinUnits needs the user-turn header ids (the chat template’s header of a user message); got none. Turn quoteMinUnits off (0) for this template.',
      });
    }
    if (config.lexicon && (options.lexiconWords ?? []).length === 0) {
      throw new InvalidConfigError({
        field: 'decodingRules.lexicon',
        message:
          'decodingRules.lexicon needs the checkpoint’s word list (lexicon.txt beside config.json, written by tools/embedded-model/scripts/build-lexicon.ts); got none. Add it, or set decodingRules.lexicon to false.',
      });
    }
    if (config.phrasebook && !options.phrasebook) {
      throw new InvalidConfigError({
        field: 'decodingRules.phrasebook',
        message:
          'decodingRules.phrasebook needs the checkpoint’s phrasebook (phrasebook.json beside config.json, written by tools/embedded-model/scripts/build-phrasebook.ts); got none. Add it, or set decodingRules.phrasebook to false.',
      });
    }
    if (config.phrasebook && (options.userHeader ?? []).length === 0) {
      throw new InvalidConfigError({
        field: 'userHeader',
        message:
          'decodingRules.phrasebook fills its replies from the user’s messages and needs the user-turn header ids (the chat template’s header of a user message); got none. Set decodingRules.phrasebook to false for this template.',
      });
    }
    if (options.replyHeader.length === 0) {
      throw new InvalidConfigError({
        field: 'replyHeader',
        message: 'the decoding rules need the reply header ids (the chat template’s generation prompt); got none.',
      });
    }
    this.config = { ...config };
    this.vocabSize = options.tokenBytes.length;
    this.header = [...options.replyHeader];
    this.end = new Set(options.replyEnd);
    this.tokenBytes = options.tokenBytes;
    this.userHeader = [...(options.userHeader ?? [])];
    this.quoteRule = config.quoteMinUnits > 0 ? new QuoteRule(options.tokenBytes, config.quoteMinUnits) : undefined;
    this.lexiconWords = config.lexicon ? [...(options.lexiconWords ?? [])] : [];
    this.lexiconRule = config.lexicon ? new LexiconRule(options.tokenBytes, options.lexiconWords ?? []) : undefined;
    this.thinkTokens = options.thinkTokens;
    this.phrasebook = config.phrasebook ? options.phrasebook : undefined;
    if (
      options.replyTokenBudget !== undefined &&
      (!Number.isInteger(options.replyTokenBudget) || options.replyTokenBudget < 1)
    ) {
      throw new InvalidConfigError({
        field: 'maxNewTokens',
        message: `the reply token budget is ${options.replyTokenBudget}; set maxNewTokens to an integer ≥ 1.`,
      });
    }
    this.replyTokenBudget = options.replyTokenBudget;
    this.acceptPhrasebookReply = options.acceptPhrasebookReply;
    this.phrasebookRule = config.phrasebook
      ? new PhrasebookRule({ tokenBytes: options.tokenBytes, replyEnd: options.replyEnd, think: options.thinkTokens })
      : undefined;
    this.forbiddenEn = new Uint8Array(this.vocabSize);
    this.forbiddenZh = new Uint8Array(this.vocabSize);
    options.tokenBytes.forEach((bytes, id) => {
      if (!bytes) return;
      const script = tokenScript(bytes);
      if (script.cjkRange || script.foreign) this.forbiddenEn[id] = 1;
      if (script.latinLetter || script.foreign) this.forbiddenZh[id] = 1;
    });
    this.utf8Forbidden = config.script ? utf8ForbiddenTokens(options.tokenBytes) : [];
  }

  /**
   * Whether the script rule forbids `tokenId` in a reply of `language` whose UTF-8 decoder stands at `utf8State`
   * (`UTF8_BOUNDARY` between characters).
   */
  scriptForbids(language: RuleLanguage, tokenId: number, utf8State = UTF8_BOUNDARY): boolean {
    if (((language === 'en' ? this.forbiddenEn : this.forbiddenZh)[tokenId] ?? 0) === 1) return true;
    return (this.utf8Forbidden[utf8State]?.[tokenId] ?? 0) === 1;
  }

  /**
   * The UTF-8 decoder state after the reply's tokens `ids[start..position]` (a row scored position by position
   * steps one token from the state before, kept in `states`).
   */
  utf8StateAt(ids: readonly number[], start: number, position: number, states?: Map<number, number>): number {
    return stepRuleState(
      ids,
      start,
      position,
      UTF8_BOUNDARY,
      (state, id) => utf8Resync(this.tokenBytes[id], state),
      states,
    );
  }

  /** Where the reply that `ids[position]` belongs to starts (the first token after its header), else -1. */
  replyStart(ids: readonly number[], position: number): number {
    const header = this.header;
    for (let at = position; at >= header.length - 1; at -= 1) {
      const id = ids[at] as number;
      if (this.end.has(id)) return -1;
      if (id !== header[header.length - 1]) continue;
      let matches = true;
      for (let back = 1; back < header.length && matches; back += 1) {
        matches = ids[at - back] === header[header.length - 1 - back];
      }
      if (matches) return at + 1;
    }
    return -1;
  }

  /**
   * The dialogue's language from `ids[0..end)`: zh when it holds more Han characters than Latin words (runs of
   * letters, so that the chat template's role names, "system", "user", "assistant", do not outweigh a short zh
   * message).
   */
  languageBefore(ids: readonly number[], end: number): RuleLanguage {
    const text = this.textBefore(ids, end);
    const han = (text.match(/\p{Script=Han}/gu) ?? []).length;
    const latinWords = (text.match(/[A-Za-z]+/g) ?? []).length;
    return han > latinWords ? 'zh' : 'en';
  }

  /** The text of `ids[0..end)` (special tokens left out). */
  textBefore(ids: readonly number[], end: number): string {
    const chunks: Uint8Array[] = [];
    for (let index = 0; index < end; index += 1) {
      const bytes = this.tokenBytes[ids[index] as number];
      if (bytes) chunks.push(bytes);
    }
    const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    const all = new Uint8Array(total);
    let offset = 0;
    for (const chunk of chunks) {
      all.set(chunk, offset);
      offset += chunk.length;
    }
    return new TextDecoder('utf-8', { fatal: false }).decode(all);
  }

  /**
   * The lexicon state after the reply's tokens `ids[start..position]` (a row scored position by position steps
   * one token from the state before, kept in `states`).
   */
  lexiconStateAt(
    ids: readonly number[],
    start: number,
    position: number,
    lexicon: DialogueLexicon,
    states?: Map<number, LexiconState | null>,
  ): LexiconState | null {
    const lexiconRule = this.lexiconRule as LexiconRule;
    return stepRuleState<LexiconState | null>(
      ids,
      start,
      position,
      LEXICON_START,
      (state, id) => lexiconRule.advance(state, id, lexicon),
      states,
    );
  }

  /**
   * The rule for the token after `ids[0..position]` (what position `position` predicts), or undefined when
   * that token is not part of a reply (prompt, user turns, after the end of a reply).
   */
  ruleAt(ids: readonly number[], position: number, cache?: RowRuleCache): PositionRule | undefined {
    const start = this.replyStart(ids, position);
    if (start < 0) return undefined;
    const rule: PositionRule = { banned: [] };
    let language: RuleLanguage | undefined;
    if (this.config.script || this.lexiconRule) {
      language = cache?.language.get(start);
      if (language === undefined) {
        language = this.languageBefore(ids, start);
        cache?.language.set(start, language);
      }
    }
    if (this.config.script) {
      rule.language = language;
      rule.utf8State = this.utf8StateAt(ids, start, position, cache?.utf8States);
    }
    const insideCharacter = (rule.utf8State ?? UTF8_BOUNDARY) !== UTF8_BOUNDARY;
    const banned = new Set<number>();
    const n = this.config.noRepeatNgramSize;
    // The reply so far is ids[start..position]; the next token completes an n-gram with its last n − 1 tokens.
    // Inside a character only its continuation may follow; the repetition rules wait for the character's end (a
    // ban there could leave no token at all).
    if (n > 0 && !insideCharacter && position - start + 2 > n) this.banRepeats(ids, start, position, n, start, banned);
    const run = this.config.maxTokenRun;
    if (run > 0 && !insideCharacter && position - start + 1 >= run) {
      const last = ids[position] as number;
      let same = 1;
      while (same < run && ids[position - same] === last && position - same >= start) same += 1;
      if (same >= run) banned.add(last);
    }
    const m = this.config.earlierReplyNgramSize;
    if (m > 0 && !insideCharacter && position - start + 2 >= m) {
      for (const [from, to] of this.earlierReplies(ids, start))
        this.banRepeats(ids, from, to, m, start, banned, position);
    }
    const quote = this.quoteConstraint(ids, start, position, cache);
    for (const id of quote?.banned ?? []) banned.add(id);
    if (banned.size > 0) {
      rule.banned = [...banned].sort((left, right) => left - right);
      if (rule.language)
        rule.banned = rule.banned.filter(
          (id) => !this.scriptForbids(rule.language as RuleLanguage, id, rule.utf8State),
        );
    }
    if (quote?.allowed) {
      const allowed = quote.allowed.filter(
        (id) => !banned.has(id) && !(rule.language && this.scriptForbids(rule.language, id, rule.utf8State)),
      );
      // Never an empty set (that would be no rule at all after the softmax): when the other rules forbid every
      // verbatim continuation, the quote rule steps back at this position, and a quote that then leaves the
      // user's words is no longer followed (quoteStateAt gives undefined).
      if (allowed.length > 0) rule.allowed = allowed;
    }
    if (this.lexiconRule && language === 'en' && !insideCharacter) this.applyLexicon(ids, start, position, rule, cache);
    if (this.phrasebookRule) return this.applyPhrasebook(ids, start, position, rule, cache);
    return rule;
  }

  /**
   * The phrasebook rule over `rule` (the other rules' result at this position): only the tokens that continue one of
   * the dialogue's candidate replies (and the end of the reply where a candidate ends). The other rules narrow that
   * set where they leave some token of it; where they would leave none, the phrasebook wins (its candidates are
   * whole corpus sentences), so a reply under the rule is always a candidate. No restriction inside the think block.
   */
  private applyPhrasebook(
    ids: readonly number[],
    start: number,
    position: number,
    rule: PositionRule,
    cache: RowRuleCache | undefined,
  ): PositionRule {
    const phrasebookRule = this.phrasebookRule as PhrasebookRule;
    const phrases = this.phrasesOf(ids, start, cache);
    if (phrases.replies.length === 0) return rule;
    const state = stepRuleState<PhrasebookState | null>(
      ids,
      start,
      position,
      PHRASEBOOK_START,
      (current, id) => phrasebookRule.advance(current, id, phrases),
      cache?.phrasebookStates,
    );
    const all = phrasebookRule.allowed(state, phrases);
    if (!all) return rule;
    // ids[start..position] is the reply so far: position − start + 1 tokens.
    const allowed: number[] =
      this.replyTokenBudget === undefined
        ? all
        : [...phrasebookRule.allowedWithin(state, phrases, all, position - start + 1, this.replyTokenBudget)];
    const narrowed = allowed.filter((id) => this.allows(rule, id));
    return { banned: [], allowed: narrowed.length > 0 ? narrowed : allowed };
  }

  /**
   * The replies the phrasebook rule allows after `promptIds` (a prompt ending in the reply header): this dialogue's
   * candidates, the same list the rule masks with. Empty when the rule is off or offers nothing.
   */
  phrasebookReplies(promptIds: readonly number[]): readonly string[] {
    if (!this.phrasebookRule) return [];
    return this.phrasesOf(promptIds, promptIds.length, undefined).replies;
  }

  /**
   * Tell the phrasebook rule which replies the assistant gave before the window of `promptIds` (a prompt ending in the
   * reply header, whose oldest turns were dropped to fit the context), so that "not said before" covers the whole
   * dialogue and not only the window. The policy calls this whenever it builds a prompt; sampling and every scoring
   * path then read the same list for the same prompt (it is keyed by the dialogue text the window holds, and model
   * copies share it). A no-op when the phrasebook rule is off or nothing was dropped.
   */
  noteRepliesBeforeWindow(promptIds: readonly number[], replies: readonly string[]): void {
    if (!this.phrasebookRule) return;
    const said = new Set(replies.map((reply) => visibleReply(reply)).filter((reply) => reply.length > 0));
    if (said.size === 0) return;
    const key = promptWindowKey(this.dialogueBefore(promptIds, promptIds.length - this.header.length));
    this.repliesBeforeWindow.delete(key);
    if (this.repliesBeforeWindow.size >= REPLIES_BEFORE_WINDOW_ENTRIES) {
      this.repliesBeforeWindow.delete(this.repliesBeforeWindow.keys().next().value as string);
    }
    this.repliesBeforeWindow.set(key, said);
  }

  /** The candidate replies of the dialogue before the reply at `start` (cached per row and per dialogue text). */
  private phrasesOf(ids: readonly number[], start: number, cache: RowRuleCache | undefined): DialoguePhrases {
    const cached = cache?.phrases.get(start);
    if (cached) return cached;
    const messages = this.dialogueBefore(ids, start - this.header.length);
    const windowKey = promptWindowKey(messages);
    const saidBefore = this.repliesBeforeWindow.get(windowKey);
    const key = saidBefore ? `${windowKey}\u0002${[...saidBefore].join('\u0001')}` : windowKey;
    let phrases = this.dialoguePhrases.get(key);
    if (!phrases) {
      const language = cache?.language.get(start) ?? this.languageBefore(ids, start);
      // A slot filling can make broken text (a stutter, a fragment that reads badly): the filter the policy layer
      // injected (the project's audit) decides which candidates the rule offers.
      const accept = this.acceptPhrasebookReply;
      const candidates = phrasebookCandidates(this.phrasebook as Phrasebook, messages, language, {
        acceptReply: accept && ((reply) => accept(reply, language)),
      }).filter((candidate) => !saidBefore?.has(candidate.reply));
      if (this.dialoguePhrases.size >= 1024) this.dialoguePhrases.clear();
      phrases = new DialoguePhrases(candidates.map((candidate) => candidate.reply));
      this.dialoguePhrases.set(key, phrases);
    }
    cache?.phrases.set(start, phrases);
    return phrases;
  }

  /**
   * The user's messages and the assistant's earlier replies (their think block left out, trimmed) in `ids[0..end)`,
   * in order: what follows each user header or reply header up to an end id.
   */
  dialogueBefore(ids: readonly number[], end: number): { role: 'user' | 'assistant'; content: string }[] {
    const messages: { role: 'user' | 'assistant'; content: string }[] = [];
    const headerEndsAt = (header: readonly number[], at: number) => {
      for (let back = 0; back < header.length; back += 1)
        if (ids[at - back] !== header[header.length - 1 - back]) return false;
      return header.length > 0;
    };
    const decoder = new TextDecoder('utf-8', { fatal: false });
    for (let at = 0; at < end; at += 1) {
      const role = headerEndsAt(this.userHeader, at) ? 'user' : headerEndsAt(this.header, at) ? 'assistant' : undefined;
      if (!role) continue;
      const bytes: number[] = [];
      let next = at + 1;
      for (; next < end && !this.end.has(ids[next] as number); next += 1) {
        const id = ids[next] as number;
        if (role === 'assistant' && id === this.thinkTokens?.close) bytes.length = 0;
        const tokenBytes = this.tokenBytes[id];
        if (tokenBytes) bytes.push(...tokenBytes);
      }
      const content = decoder.decode(Uint8Array.from(bytes)).trim();
      if (content.length > 0) messages.push({ role, content });
      at = next;
    }
    return messages;
  }

  /**
   * The lexicon rule's part of `rule` (en replies): the tokens that would leave the lexicon in the current state.
   * Never a position with no token left: when the other rules allow none of the lexicon's tokens, the lexicon
   * rule steps back there (and waits for the next word if the reply then leaves it).
   */
  private applyLexicon(
    ids: readonly number[],
    start: number,
    position: number,
    rule: PositionRule,
    cache: RowRuleCache | undefined,
  ): void {
    const lexiconRule = this.lexiconRule as LexiconRule;
    let lexicon = cache?.lexicons.get(start);
    if (!lexicon) {
      lexicon = lexiconRule.dialogue(this.textBefore(ids, start - this.header.length));
      cache?.lexicons.set(start, lexicon);
    }
    const state = this.lexiconStateAt(ids, start, position, lexicon, cache?.lexiconStates);
    if (!state) return;
    const forbidden = lexicon.forbidden(state);
    const banned = new Set(rule.banned);
    const open = (id: number) =>
      forbidden[id] === 0 &&
      !banned.has(id) &&
      !(rule.language && this.scriptForbids(rule.language, id, rule.utf8State));
    const candidates = rule.allowed ?? this.tokenBytes.keys();
    for (const id of candidates) {
      if (!open(id)) continue;
      rule.lexiconForbidden = forbidden;
      if (rule.allowed) rule.allowed = rule.allowed.filter((allowedId) => forbidden[allowedId] === 0);
      return;
    }
  }

  /** The index of the user's messages in `ids[0..end)` (what follows each user header up to an end id). */
  userTextBefore(ids: readonly number[], end: number): UserTextIndex {
    const header = this.userHeader;
    const messages: string[] = [];
    for (let at = header.length - 1; at < end; at += 1) {
      let matches = true;
      for (let back = 0; back < header.length && matches; back += 1) {
        matches = ids[at - back] === header[header.length - 1 - back];
      }
      if (!matches) continue;
      let text = '';
      let next = at + 1;
      for (; next < end && !this.end.has(ids[next] as number); next += 1) {
        const bytes = this.tokenBytes[ids[next] as number];
        if (bytes) text += String.fromCharCode(...bytes);
      }
      if (text.length > 0) messages.push(text);
      at = next;
    }
    const key = messages.join('\u0100');
    let index = this.userIndexes.get(key);
    if (!index) {
      if (this.userIndexes.size >= 1024) this.userIndexes.clear();
      index = new UserTextIndex(messages);
      this.userIndexes.set(key, index);
    }
    return index;
  }

  /**
   * The quote state after the reply's tokens `ids[start..position]`, or undefined when the reply already broke
   * the quote rule (only possible where the rule stepped back, see `ruleAt`): the rule then no longer applies.
   */
  quoteStateAt(
    ids: readonly number[],
    start: number,
    position: number,
    user: UserTextIndex,
    states?: Map<number, QuoteState | null>,
  ): QuoteState | undefined {
    const quoteRule = this.quoteRule as QuoteRule;
    const state = stepRuleState<QuoteState | null>(
      ids,
      start,
      position,
      REPLY_START_STATE,
      (current, id) => (current ? (quoteRule.advance(current, id, user) ?? null) : null),
      states,
    );
    return state ?? undefined;
  }

  /** The quote rule's constraint on the token after `ids[0..position]` (in the reply from `start`). */
  private quoteConstraint(
    ids: readonly number[],
    start: number,
    position: number,
    cache: RowRuleCache | undefined,
  ): { allowed?: number[]; banned?: number[] } | undefined {
    const quoteRule = this.quoteRule;
    if (!quoteRule) return undefined;
    const headerStart = start - this.header.length;
    let user = cache?.users.get(start);
    if (!user) {
      user = this.userTextBefore(ids, headerStart);
      cache?.users.set(start, user);
    }
    const state = this.quoteStateAt(ids, start, position, user, cache?.quoteStates);
    return state ? quoteRule.constraint(state, user) : undefined;
  }

  /**
   * Ban every token that followed an earlier occurrence, inside `ids[from..to]`, of the last n − 1 tokens
   * before the next one (`ids[tailEnd − n + 2 .. tailEnd]`, which must lie inside the current reply from
   * `replyStart`).
   */
  private banRepeats(
    ids: readonly number[],
    from: number,
    to: number,
    n: number,
    replyStart: number,
    banned: Set<number>,
    tailEnd = to,
  ): void {
    const tailStart = tailEnd - n + 2;
    if (tailStart < replyStart) return;
    // Candidate n-grams ids[k..k+n−1] with k + n − 1 ≤ to (complete inside the range).
    for (let k = from; k + n - 1 <= to; k += 1) {
      let matches = true;
      for (let offset = 0; offset < n - 1 && matches; offset += 1)
        matches = ids[k + offset] === ids[tailStart + offset];
      if (matches) banned.add(ids[k + n - 1] as number);
    }
  }

  /** `[first, last]` token positions of each earlier reply in the prefix before the reply starting at `start`. */
  private earlierReplies(ids: readonly number[], start: number): [number, number][] {
    const replies: [number, number][] = [];
    const headerEnd = start - this.header.length;
    for (let at = this.header.length - 1; at < headerEnd; at += 1) {
      let matches = true;
      for (let back = 0; back < this.header.length && matches; back += 1) {
        matches = ids[at - back] === this.header[this.header.length - 1 - back];
      }
      if (!matches) continue;
      let last = at;
      while (last + 1 < headerEnd && !this.end.has(ids[last + 1] as number)) last += 1;
      if (last > at) replies.push([at + 1, last]);
    }
    return replies;
  }

  /** Rules of positions `0 .. ids.length − 2` of one row (position t predicts `ids[t + 1]`). */
  rowRules(ids: readonly number[], positions = ids.length - 1): (PositionRule | undefined)[] {
    const cache: RowRuleCache = {
      language: new Map(),
      users: new Map(),
      quoteStates: new Map(),
      utf8States: new Map(),
      lexicons: new Map(),
      lexiconStates: new Map(),
      phrases: new Map(),
      phrasebookStates: new Map(),
    };
    return Array.from({ length: Math.max(0, positions) }, (_, position) => this.ruleAt(ids, position, cache));
  }

  /**
   * `[1 + 2 · UTF8_STATE_COUNT, vocab]` additive masks of the script rule: no rule, then en and zh at each UTF-8
   * decoder state (`scriptMaskKind`). Kept for the rules' lifetime (`dispose`).
   */
  private languageMasks(): tf.Tensor2D {
    if (!this.masks || this.masks.isDisposed) {
      const kinds = 1 + 2 * UTF8_STATE_COUNT;
      const values = new Float32Array(kinds * this.vocabSize);
      for (const language of ['en', 'zh'] as const) {
        for (let state = 0; state < UTF8_STATE_COUNT; state += 1) {
          const offset = scriptMaskKind(language, state) * this.vocabSize;
          for (let id = 0; id < this.vocabSize; id += 1) {
            if (this.scriptForbids(language, id, state)) values[offset + id] = RULE_MASK_VALUE;
          }
        }
      }
      this.masks = tf.keep(tf.tensor2d(values, [kinds, this.vocabSize]));
    }
    return this.masks;
  }

  /**
   * Additive mask `[rules.length, vocab]` (0 allowed, `RULE_MASK_VALUE` forbidden) for one position per entry
   * (`undefined` = no rule). `vocab` may exceed the tokenizer's ids (padded embedding rows): those stay allowed.
   * Call inside `tf.tidy`.
   */
  maskTensor(rules: readonly (PositionRule | undefined)[], vocab: number): tf.Tensor2D {
    if (vocab < this.vocabSize) {
      throw new InvalidConfigError({
        field: 'vocab_size',
        message: `the decoding rules know ${this.vocabSize} token ids but the model's logits have ${vocab}; build the rules from this model's tokenizer.`,
      });
    }
    const kinds = Int32Array.from(rules, (rule) =>
      rule?.language ? scriptMaskKind(rule.language, rule.utf8State ?? UTF8_BOUNDARY) : 0,
    );
    let mask = tf.gather(this.languageMasks(), tf.tensor1d(kinds, 'int32')) as tf.Tensor2D;
    if (vocab > this.vocabSize)
      mask = tf.pad(mask, [
        [0, 0],
        [0, vocab - this.vocabSize],
      ]) as tf.Tensor2D;
    const indices: number[] = [];
    const values: number[] = [];
    const restricted = new Float32Array(rules.length);
    rules.forEach((rule, row) => {
      for (const id of rule?.banned ?? []) {
        indices.push(row, id);
        values.push(RULE_MASK_VALUE);
      }
      if (rule?.allowed) {
        // The whole row forbidden, then the allowed ids lifted back: −1e9 + 1e9 is exactly 0 in float32.
        restricted[row] = RULE_MASK_VALUE;
        for (const id of rule.allowed) {
          indices.push(row, id);
          values.push(-RULE_MASK_VALUE);
        }
      }
    });
    if (rules.some((rule) => rule?.allowed)) mask = tf.add(mask, tf.tensor2d(restricted, [rules.length, 1]));
    if (rules.some((rule) => rule?.lexiconForbidden)) mask = tf.add(mask, this.lexiconMask(rules, vocab));
    if (indices.length === 0) return mask;
    const count = indices.length / 2;
    const bans = tf.scatterND(tf.tensor2d(indices, [count, 2], 'int32'), tf.tensor1d(values), [rules.length, vocab]);
    return tf.add(mask, bans) as tf.Tensor2D;
  }

  /**
   * The lexicon rule's additive mask `[rules.length, vocab]`: the distinct forbidden sets of the positions as a
   * table (row 0 = none), gathered per position. Call inside `tf.tidy`.
   */
  private lexiconMask(rules: readonly (PositionRule | undefined)[], vocab: number): tf.Tensor2D {
    const rowsOf = new Map<Uint8Array, number>();
    const kinds = Int32Array.from(rules, (rule) => {
      const forbidden = rule?.lexiconForbidden;
      if (!forbidden) return 0;
      let kind = rowsOf.get(forbidden);
      if (kind === undefined) {
        kind = rowsOf.size + 1;
        rowsOf.set(forbidden, kind);
      }
      return kind;
    });
    const table = new Float32Array((rowsOf.size + 1) * vocab);
    for (const [forbidden, kind] of rowsOf) {
      const offset = kind * vocab;
      for (let id = 0; id < forbidden.length; id += 1) if (forbidden[id] === 1) table[offset + id] = RULE_MASK_VALUE;
    }
    return tf.gather(tf.tensor2d(table, [rowsOf.size + 1, vocab]), tf.tensor1d(kinds, 'int32')) as tf.Tensor2D;
  }

  /** Whether `tokenId` is allowed under `rule`. */
  allows(rule: PositionRule | undefined, tokenId: number): boolean {
    if (!rule) return true;
    if (rule.lexiconForbidden?.[tokenId] === 1) return false;
    if (rule.language && this.scriptForbids(rule.language, tokenId, rule.utf8State)) return false;
    if (rule.allowed && !rule.allowed.includes(tokenId)) return false;
    return !rule.banned.includes(tokenId);
  }

  /** Free the cached mask tensor. */
  dispose(): void {
    this.masks?.dispose();
    this.masks = undefined;
  }
}

/**
 * Sampling hook: `logits [rows, vocab]` of the next token plus each row's rule mask, for rows given by their
 * token ids so far (prompt + output; `undefined` = a finished row). Returns `logits` itself when no rule is on
 * (the caller then keeps one tensor), else a new tensor the caller owns.
 */
export function applyRulesToNextLogits(
  rules: LogitsRules | undefined,
  logits: tf.Tensor2D,
  rowIds: readonly (readonly number[] | undefined)[],
): tf.Tensor2D {
  if (!rules || !logitsRulesActive(rules.config)) return logits;
  const positionRules = rowIds.map((ids) => (ids ? rules.ruleAt(ids, ids.length - 1) : undefined));
  if (positionRules.every((rule) => rule === undefined)) return logits;
  return tf.tidy(() => tf.add(logits, rules.maskTensor(positionRules, logits.shape[1])) as tf.Tensor2D);
}

/**
 * Scoring hook: the rule mask of flat scored positions, each given as `[row, position]` into `rows` (token ids
 * of each row, unpadded); `undefined` when no rule is on. Positions past a row's end get no rule. Call inside
 * `tf.tidy`.
 */
export function ruleMaskForPositions(
  rules: LogitsRules | undefined,
  rows: readonly (readonly number[])[],
  positions: readonly (readonly [number, number] | undefined)[],
  vocab: number,
): tf.Tensor2D | undefined {
  if (!rules || !logitsRulesActive(rules.config)) return undefined;
  const perRow = new Map<number, (PositionRule | undefined)[]>();
  const ruleOf = (row: number, position: number) => {
    let computed = perRow.get(row);
    if (!computed) {
      computed = rules.rowRules(rows[row] as readonly number[]);
      perRow.set(row, computed);
    }
    return computed[position];
  };
  const positionRules = positions.map((entry) => (entry ? ruleOf(entry[0], entry[1]) : undefined));
  if (positionRules.every((rule) => rule === undefined)) return undefined;
  return rules.maskTensor(positionRules, vocab);
}
