/**
 * Lexicon rule (part of the decoding rules, logits-rules.ts): in an en reply a word (a run of ASCII letters) may
 * only grow into a word of the lexicon, and may only end (a non-letter byte, a special token, the end of the
 * reply) once it is one. The lexicon is the checkpoint's word list (`lexicon.txt`, the words of its pretraining
 * corpus) plus every word of the dialogue before the reply, so the user's names and words can be copied; a
 * word may also not be the word just said ("would would"). Letters are compared in lower case; every byte that
 * is not an ASCII letter (space, punctuation, digits, apostrophes, any byte of a non-ASCII character) ends a
 * word, so "don't" is "don" + "t".
 */

/**
 * Where a reply stands in its current word: the letters so far (lower case) and the word just completed, when
 * only spaces followed it (the repeat check: "would would" is forbidden, "no, no" is not).
 */
export interface LexiconState {
  /** Letters of the word in progress ("" between words). */
  partial: string;
  /** The last completed word while only spaces followed it, else "". */
  previous: string;
  /** Whether the last letter of the word in progress was lower case (then no capital may follow inside it). */
  lower: boolean;
}

/** The state at the start of a reply. */
export const LEXICON_START: LexiconState = { partial: '', previous: '', lower: false };

/** A special token (no bytes) ends a word like punctuation does. */
const SPECIAL_TOKEN_BYTES = Uint8Array.of(0x00);
const NO_BYTES = new Uint8Array(0);

function isLetter(byte: number): boolean {
  return (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);
}

/** Lower-case ASCII-letter words of a text (the same split the rule applies to tokens). */
export function lexiconWordsOf(text: string): string[] {
  return (text.match(/[A-Za-z]+/g) ?? []).map((word) => word.toLowerCase());
}

/** A word list with, for every prefix of its words, how many words start with it. */
class WordSet {
  readonly words = new Set<string>();
  readonly prefixes = new Map<string, number>();

  add(word: string): void {
    if (word.length === 0 || this.words.has(word)) return;
    this.words.add(word);
    for (let length = 1; length <= word.length; length += 1) {
      const prefix = word.slice(0, length);
      this.prefixes.set(prefix, (this.prefixes.get(prefix) ?? 0) + 1);
    }
  }
}

/**
 * One token's bytes from `state`: the state after it, and whether the token kept the rule (every word it ended
 * is a lexicon word other than the one just said, no capital follows a small letter inside a word ("situatiOn"),
 * and the word it leaves open is a lexicon prefix). From a
 * `null` state (the reply left the lexicon where the rule stepped back) the rule waits for the next word end.
 */
function stepToken(
  state: LexiconState | null,
  bytes: Uint8Array,
  lexicon: DialogueLexicon,
): { state: LexiconState | null; kept: boolean } {
  let kept = true;
  let partial = state?.partial ?? '';
  let previous = state?.previous ?? '';
  let open = state !== null;
  let lower = state?.lower ?? false;
  for (const byte of bytes) {
    if (isLetter(byte)) {
      const small = byte >= 0x61;
      if (open && lower && !small) kept = false;
      lower = small;
      if (open) partial += String.fromCharCode(byte | 0x20);
      continue;
    }
    lower = false;
    if (open && partial.length > 0) {
      if (!lexicon.isWord(partial) || partial === previous) kept = false;
      previous = partial;
      partial = '';
    }
    open = true;
    if (byte !== 0x20) previous = '';
  }
  if (!open || !lexicon.isLive(partial, previous)) return { state: null, kept: false };
  return { state: { partial, previous, lower }, kept };
}

/** The lexicon of one dialogue: the checkpoint's words and the words before the reply, with masks per state. */
export class DialogueLexicon {
  /** Forbidden flags per token id, by the state's key (partial + previous word). */
  private readonly masks = new Map<string, Uint8Array>();

  constructor(
    private readonly rule: LexiconRule,
    private readonly extra: WordSet,
  ) {}

  isWord(word: string): boolean {
    return this.rule.base.words.has(word) || this.extra.words.has(word);
  }

  /**
   * Whether the letters so far can still end as an allowed word: a lexicon word other than `previous` (the word
   * just said) starts with them. So the repeat check never leaves a word with no way to end.
   */
  isLive(letters: string, previous: string): boolean {
    if (letters.length === 0) return true;
    let count = (this.rule.base.prefixes.get(letters) ?? 0) + (this.extra.prefixes.get(letters) ?? 0);
    if (previous.startsWith(letters) && this.isWord(previous)) count -= 1;
    return count > 0;
  }

  /** Whether token `id` may follow in `state`. */
  allows(state: LexiconState, id: number): boolean {
    return stepToken(state, this.rule.bytesOf(id), this).kept;
  }

  /** Forbidden flags (1) per token id in `state`, cached per state. */
  forbidden(state: LexiconState): Uint8Array {
    const key = `${state.partial}\u0001${state.previous}\u0001${state.lower ? 1 : 0}`;
    let mask = this.masks.get(key);
    if (!mask) {
      if (this.masks.size >= 4096) this.masks.clear();
      mask = new Uint8Array(this.rule.vocabSize);
      for (let id = 0; id < mask.length; id += 1) if (!this.allows(state, id)) mask[id] = 1;
      this.masks.set(key, mask);
    }
    return mask;
  }
}

/** The lexicon rule over a vocabulary: the base lexicon and the lexicons of dialogues by their words. */
export class LexiconRule {
  readonly base = new WordSet();
  readonly vocabSize: number;
  private readonly dialogues = new Map<string, DialogueLexicon>();

  constructor(
    private readonly tokenBytes: readonly (Uint8Array | undefined)[],
    words: Iterable<string>,
  ) {
    for (const word of words) for (const part of lexiconWordsOf(word)) this.base.add(part);
    this.vocabSize = tokenBytes.length;
  }

  /**
   * The bytes the rule reads for token `id`: a special token's stand for a word end; an id past the tokenizer's
   * (a padded embedding row) writes no text, so it has none and leaves the word as it is.
   */
  bytesOf(id: number): Uint8Array {
    if (id >= this.tokenBytes.length) return NO_BYTES;
    return this.tokenBytes[id] ?? SPECIAL_TOKEN_BYTES;
  }

  /** The lexicon of a dialogue whose text before the reply is `text`. */
  dialogue(text: string): DialogueLexicon {
    const words = [...new Set(lexiconWordsOf(text))].filter((word) => !this.base.words.has(word)).sort();
    const key = words.join(' ');
    let lexicon = this.dialogues.get(key);
    if (!lexicon) {
      if (this.dialogues.size >= 1024) this.dialogues.clear();
      const extra = new WordSet();
      for (const word of words) extra.add(word);
      lexicon = new DialogueLexicon(this, extra);
      this.dialogues.set(key, lexicon);
    }
    return lexicon;
  }

  /** The state after token `id` (null: the reply left the lexicon there, the rule waits for the next word). */
  advance(state: LexiconState | null, id: number, lexicon: DialogueLexicon): LexiconState | null {
    return stepToken(state, this.bytesOf(id), lexicon).state;
  }
}
