import { addTokenBytes, type TokenByteTrieNode, tokenByteTrieRoot } from './token-byte-trie';

/**
 * The quote rule of the policy's decoding rules (logits-rules.ts): once a reply opens a quote mark (“ " 「 '),
 * the quoted text so far plus the next token must stay one contiguous substring of one message the user wrote in
 * this dialogue, the quote may close only after `minUnits` units (Han characters plus Latin/digit words) and only
 * at the end of one of the user's clauses (before a clause mark or the end of the message, or after a clause
 * mark), and must close once it holds `minUnits` and has taken in a clause mark (one clause, not a paragraph). A
 * quote starts at the start of one of the user's words. A reply may not end inside an open quote. Quotes are thereby verbatim by construction: they never drift off the
 * user's words, never stitch two places together, and always close.
 *
 * Everything works on bytes, so a byte-level BPE token may cross any boundary (a token that finishes the quoted
 * text and carries the closing mark, a Han character split across two tokens, the mark itself split).
 */

/** An opening mark and the mark that closes it, as latin1 strings of their UTF-8 bytes. */
interface QuoteMark {
  open: string;
  close: string;
}

const latin1 = (text: string): string => String.fromCharCode(...new TextEncoder().encode(text));

/** The quote marks the rule knows: “…”, "…", 「…」 and '…' (an apostrophe after a letter or digit is no quote). */
export const QUOTE_MARKS: readonly QuoteMark[] = [
  { open: latin1('“'), close: latin1('”') },
  { open: '"', close: '"' },
  { open: latin1('「'), close: latin1('」') },
  { open: "'", close: "'" },
];

/**
 * Marks that end a clause (latin1 bytes): a quote may close only at the end of one of the user's clauses, so it
 * never stops inside a word or half-way through a clause ("I dread go", "这件事里我已经做得够").
 */
const CLAUSE_ENDS: readonly string[] = [',', '.', '!', '?', ';', ':', ...'，。！？；：、…'.split('').map(latin1)];

/** Whether latin1 bytes end with a clause mark. */
const endsWithClauseMark = (bytes: string) => CLAUSE_ENDS.some((mark) => bytes.endsWith(mark));

/** Separates the user's messages in the index: not a byte, so no quote can run from one message into the next. */
const SEPARATOR = '\u0100';

/** Where a reply stands with respect to quotes, after some of its bytes. */
export interface QuoteState {
  /** Index into `QUOTE_MARKS` of the open quote, or −1 outside quotes. */
  open: number;
  /** Bytes quoted so far (latin1), each checked against the user's text. */
  quoted: string;
  /** Bytes of an open quote that begin its (multi-byte) closing mark and are not yet decided. */
  held: string;
  /** Outside quotes: bytes that begin a multi-byte opening mark. */
  pending: string;
  /** The last byte was an ASCII letter or digit (then ' is an apostrophe, not a quote). */
  afterAlnum: boolean;
}

/** A string that identifies a state (cache key). */
export function quoteStateKey(state: QuoteState): string {
  return `${state.open}\u0001${state.quoted}\u0001${state.held}\u0001${state.pending}\u0001${state.afterAlnum}`;
}

/** The state at the start of a reply. */
export const REPLY_START_STATE: QuoteState = { open: -1, quoted: '', held: '', pending: '', afterAlnum: false };

const isAlnum = (byte: number) =>
  (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);

/** Lead byte of a 3-byte UTF-8 character in U+4000–U+9FFF (the CJK unified ideographs, counted as Han). */
const isHanLead = (byte: number) => byte >= 0xe4 && byte <= 0xe9;

/**
 * Units of a latin1 byte string: Han characters (U+4000–U+9FFF, by their lead byte) plus runs of ASCII letters
 * and digits (words), so that 4 units are four Han characters or four en words.
 */
export function quoteUnits(bytes: string): number {
  let units = 0;
  let inWord = false;
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes.charCodeAt(index);
    const alnum = isAlnum(byte);
    if ((alnum && !inWord) || isHanLead(byte)) units += 1;
    inWord = alnum;
  }
  return units;
}

/**
 * The user's messages of one dialogue, indexed once: the text (messages joined by a separator that is not a
 * byte) and, for each byte offset, how many units lie from there to the end of its message, so that whether an
 * open quote can still reach the minimum length is a lookup per occurrence.
 */
export class UserTextIndex {
  readonly text: string;
  private readonly unitsToEnd: Int32Array;
  private readonly bestFromAnywhere: number;
  /** Allowed/banned token lists already computed for a state (key: `quoteStateKey`). */
  readonly cache = new Map<string, TokenConstraint>();
  /** States after a token from a state (key: state key and token id), `null` where the token breaks the rule. */
  readonly transitions = new Map<string, QuoteState | null>();

  constructor(messages: readonly string[]) {
    this.text = messages.join(SEPARATOR);
    this.unitsToEnd = new Int32Array(this.text.length + 1);
    let best = 0;
    // Right to left: a word counts at its last character, so a suffix that starts inside a word counts it once.
    for (let at = this.text.length - 1; at >= 0; at -= 1) {
      const code = this.text.charCodeAt(at);
      if (code === 0x100) continue;
      const next = at + 1 < this.text.length ? this.text.charCodeAt(at + 1) : 0x100;
      const wordEnd = isAlnum(code) && !(next < 0x100 && isAlnum(next));
      this.unitsToEnd[at] =
        (next === 0x100 ? 0 : (this.unitsToEnd[at + 1] ?? 0)) + (wordEnd || isHanLead(code) ? 1 : 0);
    }
    for (let at = 0; at < this.text.length; at += 1) {
      if (this.text.charCodeAt(at) !== 0x100 && this.startsWord(at)) best = Math.max(best, this.unitsToEnd[at] ?? 0);
    }
    this.bestFromAnywhere = best;
  }

  /**
   * Whether a quote may start at byte `at`: not inside a word (a letter or digit right after another one), so that
   * a quote never begins with the tail of the user's word ("s not really it", "plit hairs").
   */
  private startsWord(at: number): boolean {
    if (at === 0) return true;
    const before = this.text.charCodeAt(at - 1);
    return before === 0x100 || !isAlnum(before) || !isAlnum(this.text.charCodeAt(at));
  }

  /** Start offsets of `quoted` inside one message, at the start of a word. */
  private occurrences(quoted: string): number[] {
    const found: number[] = [];
    for (let at = this.text.indexOf(quoted); at >= 0; at = this.text.indexOf(quoted, at + 1)) {
      if (this.startsWord(at)) found.push(at);
    }
    return found;
  }

  /** The bytes that follow `quoted` somewhere in the user's messages (any byte a quote may start with, for ''). */
  followBytes(quoted: string): Set<number> {
    const bytes = new Set<number>();
    if (quoted.length === 0) {
      for (let at = 0; at < this.text.length; at += 1) {
        const code = this.text.charCodeAt(at);
        if (code !== 0x100 && this.startsWord(at)) bytes.add(code);
      }
      return bytes;
    }
    for (const at of this.occurrences(quoted)) {
      const code = this.text.charCodeAt(at + quoted.length);
      if (at + quoted.length < this.text.length && code !== 0x100) bytes.add(code);
    }
    return bytes;
  }

  /** Whether `bytes` occur inside one user message, starting at the start of a word. */
  holds(bytes: string): boolean {
    if (bytes.length === 0) return true;
    for (let at = this.text.indexOf(bytes); at >= 0; at = this.text.indexOf(bytes, at + 1)) {
      if (this.startsWord(at)) return true;
    }
    return false;
  }

  /**
   * Whether `quoted` ends one of the user's clauses: it ends with a clause mark, or some occurrence of it inside a
   * message is followed by one or by the end of that message.
   */
  endsClause(quoted: string): boolean {
    if (endsWithClauseMark(quoted)) return true;
    for (const at of this.occurrences(quoted)) {
      const after = at + quoted.length;
      if (after >= this.text.length || this.text[after] === SEPARATOR) return true;
      if (CLAUSE_ENDS.some((mark) => this.text.startsWith(mark, after))) return true;
    }
    return false;
  }

  /** Whether a quote that has said `quoted` can be extended, inside one message, to at least `minUnits` units. */
  canReach(quoted: string, minUnits: number): boolean {
    if (quoted.length === 0) return this.bestFromAnywhere >= minUnits;
    for (const at of this.occurrences(quoted)) {
      if ((this.unitsToEnd[at] ?? 0) >= minUnits) return true;
    }
    return false;
  }
}

/** What the quote rule allows next: only the `allowed` ids (inside a quote) or all but the `banned` ones. */
export interface TokenConstraint {
  allowed?: number[];
  banned?: number[];
}

/**
 * Steps a `QuoteState` over bytes and finds, for a state and a user-text index, the tokens that keep every quote
 * verbatim and closable. Built once per tokenizer.
 */
export class QuoteRule {
  readonly minUnits: number;
  private readonly tokenBytes: readonly (string | undefined)[];
  private readonly root: TokenByteTrieNode = tokenByteTrieRoot();
  /** Tokens with a byte that can open a quote (" ' or the lead byte of “ 「), checked outside quotes. */
  private readonly markTokens: number[] = [];
  /** Tokens that start with a UTF-8 continuation byte (they may complete a pending opening mark). */
  private readonly continuationTokens: number[] = [];
  private readonly specialTokens: number[] = [];

  constructor(tokenBytes: readonly (Uint8Array | undefined)[], minUnits: number) {
    this.minUnits = minUnits;
    this.tokenBytes = tokenBytes.map((bytes) => (bytes ? String.fromCharCode(...bytes) : undefined));
    const leads = new Set(QUOTE_MARKS.map((mark) => mark.open.charCodeAt(0)));
    this.tokenBytes.forEach((bytes, id) => {
      if (bytes === undefined) {
        this.specialTokens.push(id);
        return;
      }
      addTokenBytes(this.root, tokenBytes[id] as Uint8Array, id);
      if ([...bytes].some((character) => leads.has(character.charCodeAt(0)))) this.markTokens.push(id);
      const first = bytes.charCodeAt(0);
      if (first >= 0x80 && first <= 0xbf) this.continuationTokens.push(id);
    });
  }

  /** The state after `byte`, or undefined when the byte breaks the rule (a non-verbatim or too-short quote). */
  step(state: QuoteState, byte: number, user: UserTextIndex): QuoteState | undefined {
    const character = String.fromCharCode(byte);
    if (state.open < 0) {
      const pending = state.pending + character;
      const mark = QUOTE_MARKS.findIndex(
        (candidate, index) => candidate.open === pending && (index !== 3 || !state.afterAlnum),
      );
      if (mark >= 0) return { open: mark, quoted: '', held: '', pending: '', afterAlnum: false };
      const prefix = QUOTE_MARKS.some((candidate) => candidate.open.length > 1 && candidate.open.startsWith(pending));
      if (prefix) return { ...state, pending, afterAlnum: false };
      // Not an opening mark after all: the byte may start one itself.
      if (state.pending.length > 0) return this.step({ ...state, pending: '' }, byte, user);
      return { ...state, afterAlnum: isAlnum(byte) };
    }
    const { close } = QUOTE_MARKS[state.open] as QuoteMark;
    const held = state.held + character;
    if (held === close) {
      // The closing mark, unless the user's own text goes on with it (an apostrophe inside a '…' quote).
      if (user.holds(state.quoted + held)) return { ...state, quoted: state.quoted + held, held: '' };
      if (quoteUnits(state.quoted) < this.minUnits || !user.endsClause(state.quoted)) return undefined;
      return { ...REPLY_START_STATE, afterAlnum: false };
    }
    if (close.length > 1 && close.startsWith(held)) return { ...state, held };
    // One clause: a quote long enough that has reached the end of a clause closes there.
    if (quoteUnits(state.quoted) >= this.minUnits && endsWithClauseMark(state.quoted)) return undefined;
    // A quote starts at a character: a lone continuation byte would match inside one of the user's characters.
    if (state.quoted.length === 0 && byte >= 0x80 && byte <= 0xbf) return undefined;
    const quoted = state.quoted + held;
    return user.holds(quoted) ? { ...state, quoted, held: '' } : undefined;
  }

  /** The state after `bytes` (latin1) from `state`, or undefined when they break the rule. */
  run(state: QuoteState, bytes: string, user: UserTextIndex): QuoteState | undefined {
    let current: QuoteState | undefined = state;
    for (let index = 0; index < bytes.length && current; index += 1)
      current = this.step(current, bytes.charCodeAt(index), user);
    return current;
  }

  /**
   * Whether a reply can go on from `state` and keep the rule: outside quotes always (a pending opening mark
   * resolves either way); inside, when it can close now or the quote can still reach `minUnits` inside one message
   * (whose end is a clause end).
   */
  viable(state: QuoteState, user: UserTextIndex): boolean {
    if (state.open < 0) return true;
    // It can close now (a held part of the closing mark completes it), or go on to a clause end far enough on.
    if (quoteUnits(state.quoted) >= this.minUnits && user.endsClause(state.quoted)) return true;
    if (state.held.length > 0) return user.canReach(state.quoted + state.held, this.minUnits);
    return user.canReach(state.quoted, this.minUnits);
  }

  /** Inside a quote, every byte `step` can accept next (a superset): what follows the quoted text, the close. */
  private nextBytes(state: QuoteState, user: UserTextIndex): Set<number> {
    const { close } = QUOTE_MARKS[state.open] as QuoteMark;
    const bytes = user.followBytes(state.quoted + state.held);
    if (close.startsWith(state.held) && state.held.length < close.length)
      bytes.add(close.charCodeAt(state.held.length));
    return bytes;
  }

  /** The state after token `id` (memoised on `user`), undefined when the token breaks the rule. */
  advance(state: QuoteState, id: number, user: UserTextIndex): QuoteState | undefined {
    const bytes = this.tokenBytes[id];
    if (bytes === undefined) return state;
    const key = `${quoteStateKey(state)}\u0002${id}`;
    const known = user.transitions.get(key);
    if (known !== undefined) return known ?? undefined;
    const next = this.run(state, bytes, user);
    if (user.transitions.size > 65_536) user.transitions.clear();
    user.transitions.set(key, next ?? null);
    return next;
  }

  /** The bytes of a token id (latin1), undefined for special tokens. */
  bytesOf(id: number): string | undefined {
    return this.tokenBytes[id];
  }

  /**
   * What may follow a reply in `state`. Inside a quote only the tokens (found by walking the token trie, pruned
   * at the first byte that leaves the user's text) that keep it verbatim and closable; no special token, so the
   * reply cannot end inside a quote. Outside, every token but those that open a quote that cannot be verbatim.
   */
  constraint(state: QuoteState, user: UserTextIndex): TokenConstraint {
    const key = quoteStateKey(state);
    const cached = user.cache.get(key);
    if (cached) return cached;
    let result: TokenConstraint;
    if (state.open >= 0) {
      const allowed: number[] = [];
      const walk = (node: TokenByteTrieNode, current: QuoteState) => {
        if (node.ids.length > 0 && this.viable(current, user)) allowed.push(...node.ids);
        // Inside a quote only the bytes that follow the quoted text in the user's words, or the closing mark's
        // next byte, can be stepped: try those children only.
        const candidates = current.open >= 0 ? this.nextBytes(current, user) : undefined;
        if (candidates) {
          for (const byte of candidates) {
            const child = node.children.get(byte);
            const next = child && this.step(current, byte, user);
            if (child && next) walk(child, next);
          }
          return;
        }
        for (const [byte, child] of node.children) {
          const next = this.step(current, byte, user);
          if (next) walk(child, next);
        }
      };
      walk(this.root, state);
      result = { allowed: allowed.sort((left, right) => left - right) };
    } else {
      const candidates = state.pending.length > 0 ? [...this.markTokens, ...this.continuationTokens] : this.markTokens;
      const banned = new Set<number>();
      for (const id of candidates) {
        const after = this.run(state, this.tokenBytes[id] as string, user);
        if (!after || !this.viable(after, user)) banned.add(id);
      }
      result = { banned: [...banned].sort((left, right) => left - right) };
    }
    if (user.cache.size > 4096) user.cache.clear();
    user.cache.set(key, result);
    return result;
  }
}
