/**
 * Lexicon rule (part of the decoding rules, logits-rules.ts): in an en reply a word (a run of ASCII letters) may
 * only grow into a word of the lexicon, and may only end (a non-letter byte, a special token, the end of the
 * reply) once it is one. The lexicon is the checkpoint's word list (`lexicon.txt`, the words of its pretraining
 * corpus) plus every word of the dialogue before the reply, so the user's names and words can be copied; a
 * word may also not be the word just said ("would would"). Letters are compared in lower case; every byte that
 * is not an ASCII letter (space, punctuation, digits, apostrophes, any byte of a non-ASCII character) ends a
 * word, so "don't" is "don" + "t". A word may start with a capital only where a sentence starts (the reply's
 * start, after . ! ? : " a newline or a non-ASCII character such as a curly quote) or when it is a name: a word the
 * corpus or this dialogue writes capitalised inside a sentence ("Daniel", "I"). A template slot filled with a
 * sentence's first word ("ask Honestly for ten minutes") is then impossible.
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
  /** Whether a word starting here starts a sentence (and may take a capital). */
  sentenceStart: boolean;
  /** Whether the word in progress took a capital inside a sentence: it must become a name. */
  capital: boolean;
}

/** The state at the start of a reply. */
export const LEXICON_START: LexiconState = {
  partial: '',
  previous: '',
  lower: false,
  sentenceStart: true,
  capital: false,
};

/** Whether a non-letter byte lets the next word start a sentence (true), keeps the state (undefined) or not. */
function sentenceStartAfter(byte: number): boolean | undefined {
  if (byte === 0x20) return undefined;
  // . ! ? : " newline, a special token (0x00), and any byte of a non-ASCII character (curly quotes, dashes).
  return (
    byte >= 0x80 || byte === 0x2e || byte === 0x21 || byte === 0x3f || byte === 0x3a || byte === 0x22 || byte <= 0x0a
  );
}

/**
 * The words of a text (lower case) and its names: the words it writes with a capital inside a sentence (the
 * same sentence starts the rule uses), lower case.
 */
export function lexiconEntriesOf(text: string): { words: string[]; names: string[] } {
  const words: string[] = [];
  const names: string[] = [];
  let sentenceStart = true;
  for (const match of text.matchAll(/[A-Za-z]+|[^A-Za-z]/g)) {
    const piece = match[0];
    if (/^[A-Za-z]/.test(piece)) {
      const word = piece.toLowerCase();
      words.push(word);
      if (!sentenceStart && piece[0] !== word[0]) names.push(word);
      sentenceStart = false;
      continue;
    }
    const code = piece.codePointAt(0) as number;
    const after = sentenceStartAfter(code > 0x7f ? 0x80 : code);
    if (after !== undefined) sentenceStart = after;
  }
  return { words, names };
}

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

  has(word: string): boolean {
    return this.words.has(word);
  }

  prefixCount(letters: string): number {
    return this.prefixes.get(letters) ?? 0;
  }

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
  let sentenceStart = state?.sentenceStart ?? false;
  let capital = state?.capital ?? false;
  for (const byte of bytes) {
    if (isLetter(byte)) {
      const small = byte >= 0x61;
      if (open && lower && !small) kept = false;
      if (partial.length === 0) capital = !small && !sentenceStart;
      lower = small;
      sentenceStart = false;
      if (open) partial += String.fromCharCode(byte | 0x20);
      continue;
    }
    lower = false;
    if (open && partial.length > 0) {
      if (!lexicon.isWord(partial, capital) || partial === previous) kept = false;
      previous = partial;
      partial = '';
    }
    capital = false;
    open = true;
    if (byte !== 0x20) previous = '';
    sentenceStart = sentenceStartAfter(byte) ?? sentenceStart;
  }
  if (!open || !lexicon.isLive(partial, previous, capital)) return { state: null, kept: false };
  return { state: { partial, previous, lower, sentenceStart, capital }, kept };
}

/** The lexicon of one dialogue: the checkpoint's words and the words before the reply, with masks per state. */
export class DialogueLexicon {
  /** Forbidden flags per token id, by the state's key (partial + previous word). */
  private readonly masks = new Map<string, Uint8Array>();

  constructor(
    private readonly rule: LexiconRule,
    private readonly extra: WordSet,
    private readonly extraNames: WordSet,
  ) {}

  /** Whether `word` is a lexicon word (a name, when it took a capital inside a sentence). */
  isWord(word: string, capital = false): boolean {
    if (capital) return this.rule.names.has(word) || this.extraNames.has(word);
    return this.rule.base.has(word) || this.extra.has(word);
  }

  /**
   * Whether the letters so far can still end as an allowed word: a lexicon word other than `previous` (the word
   * just said) starts with them. So the repeat check never leaves a word with no way to end.
   */
  isLive(letters: string, previous: string, capital = false): boolean {
    if (letters.length === 0) return true;
    const [base, extra] = capital ? [this.rule.names, this.extraNames] : [this.rule.base, this.extra];
    let count = base.prefixCount(letters) + extra.prefixCount(letters);
    if (previous.startsWith(letters) && this.isWord(previous, capital)) count -= 1;
    return count > 0;
  }

  /** Whether token `id` may follow in `state`. */
  allows(state: LexiconState, id: number): boolean {
    return stepToken(state, this.rule.bytesOf(id), this).kept;
  }

  /** Forbidden flags (1) per token id in `state`, cached per state. */
  forbidden(state: LexiconState): Uint8Array {
    const flags = (state.lower ? 1 : 0) + (state.sentenceStart ? 2 : 0) + (state.capital ? 4 : 0);
    const key = `${state.partial}\u0001${state.previous}\u0001${flags}`;
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
  /** Words that may take a capital inside a sentence (lexicon.txt lines written with a capital). */
  readonly names = new WordSet();
  readonly vocabSize: number;
  private readonly dialogues = new Map<string, DialogueLexicon>();

  constructor(
    private readonly tokenBytes: readonly (Uint8Array | undefined)[],
    words: Iterable<string>,
  ) {
    for (const entry of words) {
      for (const part of lexiconWordsOf(entry)) this.base.add(part);
      if (/^[A-Z]/.test(entry)) this.names.add(entry.toLowerCase());
    }
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
    const entries = lexiconEntriesOf(text);
    const words = [...new Set(entries.words)].filter((word) => !this.base.has(word)).sort();
    const names = [...new Set(entries.names)].filter((word) => !this.names.has(word)).sort();
    const key = `${words.join(' ')}\u0001${names.join(' ')}`;
    let lexicon = this.dialogues.get(key);
    if (!lexicon) {
      if (this.dialogues.size >= 1024) this.dialogues.clear();
      const extra = new WordSet();
      for (const word of words) extra.add(word);
      const extraNames = new WordSet();
      for (const name of names) extraNames.add(name);
      lexicon = new DialogueLexicon(this, extra, extraNames);
      this.dialogues.set(key, lexicon);
    }
    return lexicon;
  }

  /** The state after token `id` (null: the reply left the lexicon there, the rule waits for the next word). */
  advance(state: LexiconState | null, id: number, lexicon: DialogueLexicon): LexiconState | null {
    return stepToken(state, this.bytesOf(id), lexicon).state;
  }
}
