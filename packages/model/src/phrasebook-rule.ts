/**
 * The phrasebook rule: a reply (after `</think>` when it thinks) may only be one of the candidate replies of this
 * dialogue (`phrasebookCandidates`: the checkpoint's phrasebook templates, slots filled from the user's messages, the
 * replies already said left out), byte by byte, so any tokenisation of a candidate is allowed and nothing else; the
 * reply may end only where a candidate ends. A function of the token prefix only, so sampling and scoring mask alike.
 */

import { addTokenBytes, type TokenByteTrieNode, tokenByteTrieRoot } from './token-byte-trie';

/** A node of the byte trie of one dialogue's candidate replies. */
export interface PhraseNode {
  children: Map<number, PhraseNode>;
  /** A candidate ends here. */
  end: boolean;
}

/** Where a reply stands under the phrasebook rule; null = the rule no longer follows this reply. */
export type PhrasebookState =
  /** Before the reply's first token: a candidate or `<think>` may start. */
  | { phase: 'start' }
  /** Inside the think block: no phrasebook restriction until `</think>`. */
  | { phase: 'think' }
  /** In the reply proper, at `node` of the candidates' trie; `afterThink`: only whitespace since `</think>`. */
  | { phase: 'body'; node: PhraseNode; afterThink: boolean };

export const PHRASEBOOK_START: PhrasebookState = { phase: 'start' };

/** The candidates of one dialogue as a byte trie. */
export class DialoguePhrases {
  readonly root: PhraseNode = { children: new Map(), end: false };
  readonly replies: readonly string[];

  constructor(replies: readonly string[]) {
    this.replies = replies;
    const encoder = new TextEncoder();
    for (const reply of replies) {
      let node = this.root;
      for (const byte of encoder.encode(reply)) {
        let child = node.children.get(byte);
        if (!child) {
          child = { children: new Map(), end: false };
          node.children.set(byte, child);
        }
        node = child;
      }
      node.end = true;
    }
  }
}

export interface PhrasebookRuleOptions {
  /** Bytes of each token id; `undefined` = a special token. */
  tokenBytes: readonly (Uint8Array | undefined)[];
  /** Ids that end a reply (allowed only where a candidate ends). */
  replyEnd: readonly number[];
  /** `<think>` and `</think>` ids, when the tokenizer has them as tokens of their own. */
  think?: { open: number; close: number };
}

const WHITESPACE = new Set([0x20, 0x0a, 0x0d, 0x09]);

/** The phrasebook rule over token ids. */
export class PhrasebookRule {
  private readonly tokenBytes: readonly (Uint8Array | undefined)[];
  private readonly replyEnd: readonly number[];
  private readonly think: { open: number; close: number } | undefined;
  private readonly vocabulary: TokenByteTrieNode = tokenByteTrieRoot();
  /** Tokens made of whitespace only (between `</think>` and the reply). */
  private readonly whitespace: number[] = [];
  /** Allowed ids per trie node (nodes belong to one dialogue's trie, so the cache dies with it). */
  private readonly allowedAt = new WeakMap<PhraseNode, number[]>();
  /** Fewest tokens from a trie node to a candidate's end, per node. */
  private readonly fewestToEnd = new WeakMap<PhraseNode, number>();

  constructor(options: PhrasebookRuleOptions) {
    this.tokenBytes = options.tokenBytes;
    this.replyEnd = [...new Set(options.replyEnd)].sort((left, right) => left - right);
    this.think = options.think;
    options.tokenBytes.forEach((bytes, id) => {
      if (!bytes || bytes.length === 0) return;
      addTokenBytes(this.vocabulary, bytes, id);
      if (bytes.every((byte) => WHITESPACE.has(byte))) this.whitespace.push(id);
    });
  }

  /** The state after `id`. */
  advance(state: PhrasebookState | null, id: number, phrases: DialoguePhrases): PhrasebookState | null {
    if (!state) return null;
    if (state.phase === 'think')
      return id === this.think?.close ? { phase: 'body', node: phrases.root, afterThink: true } : state;
    if (state.phase === 'start') {
      if (this.think && id === this.think.open) return { phase: 'think' };
      return this.walk(phrases.root, id, false);
    }
    const bytes = this.tokenBytes[id];
    if (state.afterThink && state.node === phrases.root && bytes?.every((byte) => WHITESPACE.has(byte))) return state;
    return this.walk(state.node, id, false);
  }

  private walk(from: PhraseNode, id: number, afterThink: boolean): PhrasebookState | null {
    const bytes = this.tokenBytes[id];
    if (!bytes || bytes.length === 0) return null;
    let node: PhraseNode | undefined = from;
    for (const byte of bytes) {
      node = node.children.get(byte);
      if (!node) return null;
    }
    return { phase: 'body', node, afterThink };
  }

  /**
   * The ids allowed after `state` (sorted, unique, never empty), or undefined where the rule sets no restriction
   * (inside the think block, or once the reply left the candidates).
   */
  allowed(state: PhrasebookState | null, phrases: DialoguePhrases): number[] | undefined {
    if (!state || state.phase === 'think') return undefined;
    if (state.phase === 'start') return this.allowedAtStart(phrases);
    const ids = [...this.continuations(state.node)];
    if (state.node.end) ids.push(...this.replyEnd);
    if (state.afterThink) ids.push(...this.whitespace);
    if (ids.length === 0) return undefined;
    return [...new Set(ids)].sort((left, right) => left - right);
  }

  /** The ids allowed as a reply's first token (the candidates' first tokens, and `<think>`). */
  private allowedAtStart(phrases: DialoguePhrases): number[] | undefined {
    const ids = [...this.continuations(phrases.root)];
    if (phrases.root.end) ids.push(...this.replyEnd);
    if (ids.length === 0) return undefined;
    if (this.think) ids.push(this.think.open);
    return [...new Set(ids)].sort((left, right) => left - right);
  }

  /**
   * The fewest tokens that take a reply from `node` to the end of some candidate (0 where one ends; Infinity where
   * none can be reached), over every tokenisation the rule allows. The reply's end token is not counted.
   */
  tokensToEnd(node: PhraseNode): number {
    const cached = this.fewestToEnd.get(node);
    if (cached !== undefined) return cached;
    let fewest = node.end ? 0 : Number.POSITIVE_INFINITY;
    if (!node.end) {
      // Each token is a walk of the vocabulary's trie along the candidates' trie; the node it reaches is a subtree.
      const walk = (vocabulary: TokenByteTrieNode, phrase: PhraseNode) => {
        for (const [byte, phraseChild] of phrase.children) {
          const vocabularyChild = vocabulary.children.get(byte);
          if (!vocabularyChild) continue;
          if (vocabularyChild.ids.length > 0) fewest = Math.min(fewest, 1 + this.tokensToEnd(phraseChild));
          walk(vocabularyChild, phraseChild);
        }
      };
      walk(this.vocabulary, node);
    }
    this.fewestToEnd.set(node, fewest);
    return fewest;
  }

  /**
   * `allowed` within a reply budget: of the ids allowed after `state` (the reply's `used` tokens so far), those after
   * which some candidate can still end, end token included, within `budget` tokens: every allowed path then ends
   * before the cut. The think block is not restricted. Where none would fit (a think block that took the budget),
   * `allowed` as it is.
   */
  allowedWithin(
    state: PhrasebookState | null,
    phrases: DialoguePhrases,
    allowed: readonly number[],
    used: number,
    budget: number,
  ): readonly number[] {
    if (!state || state.phase === 'think') return allowed;
    const fits = allowed.filter((id) => {
      const next = this.advance(state, id, phrases);
      if (next?.phase !== 'body') return true;
      // This token is the reply's (used + 1)-th; the fewest tokens to a candidate's end follow, then the end token.
      return used + 1 + this.tokensToEnd(next.node) + 1 <= budget;
    });
    return fits.length > 0 ? fits : allowed;
  }

  /** Token ids whose bytes continue some candidate from `node` (a walk of the vocabulary's trie along the candidates'). */
  private continuations(node: PhraseNode): number[] {
    const cached = this.allowedAt.get(node);
    if (cached) return cached;
    const ids: number[] = [];
    const walk = (vocabulary: TokenByteTrieNode, phrase: PhraseNode) => {
      for (const [byte, phraseChild] of phrase.children) {
        const vocabularyChild = vocabulary.children.get(byte);
        if (!vocabularyChild) continue;
        ids.push(...vocabularyChild.ids);
        walk(vocabularyChild, phraseChild);
      }
    };
    walk(this.vocabulary, node);
    this.allowedAt.set(node, ids);
    return ids;
  }
}
