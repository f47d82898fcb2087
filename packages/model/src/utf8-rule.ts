/**
 * Whole characters only (part of the script rule): byte-level BPE vocabularies hold pieces of UTF-8 characters
 * (a lead byte, a few continuation bytes), and a policy that strings pieces together wrongly writes bytes no
 * decoder can read, shown as U+FFFD "�". This rule tracks where the reply stands inside a character and allows
 * only the tokens whose bytes keep the reply valid UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing
 * above U+10FFFF), and no end of reply, nor a special token, in the middle of a character.
 */

/** At a character boundary. */
export const UTF8_BOUNDARY = 0;

/**
 * Decoder states: 0 = at a boundary; 1–7 = inside a character, by the bytes still owed and the range the next one
 * must fall in. 1: one more, 80–BF. 2: two more, 80–BF. 3: two more, A0–BF (after E0). 4: two more, 80–9F (after
 * ED). 5: three more, 80–BF. 6: three more, 90–BF (after F0). 7: three more, 80–8F (after F4).
 */
export const UTF8_STATE_COUNT = 8;

/** The state after `byte` from `state`, or −1 when the byte cannot come there. */
export function utf8Step(state: number, byte: number): number {
  const continuation = byte >= 0x80 && byte <= 0xbf;
  switch (state) {
    case UTF8_BOUNDARY:
      if (byte < 0x80) return UTF8_BOUNDARY;
      if (byte >= 0xc2 && byte <= 0xdf) return 1;
      if (byte === 0xe0) return 3;
      if (byte === 0xed) return 4;
      if (byte >= 0xe1 && byte <= 0xef) return 2;
      if (byte === 0xf0) return 6;
      if (byte >= 0xf1 && byte <= 0xf3) return 5;
      if (byte === 0xf4) return 7;
      return -1;
    case 1:
      return continuation ? UTF8_BOUNDARY : -1;
    case 2:
      return continuation ? 1 : -1;
    case 3:
      return byte >= 0xa0 && byte <= 0xbf ? 1 : -1;
    case 4:
      return byte >= 0x80 && byte <= 0x9f ? 1 : -1;
    case 5:
      return continuation ? 2 : -1;
    case 6:
      return byte >= 0x90 && byte <= 0xbf ? 2 : -1;
    case 7:
      return byte >= 0x80 && byte <= 0x8f ? 2 : -1;
    default:
      return -1;
  }
}

/** The state after all of `bytes` from `state`, or −1 when they do not continue valid UTF-8 from there. */
export function utf8Run(bytes: Uint8Array, state: number): number {
  let current = state;
  for (const byte of bytes) {
    current = utf8Step(current, byte);
    if (current < 0) return -1;
  }
  return current;
}

/**
 * The state after `bytes` when the text before them may already be broken: a byte that cannot come where it
 * stands restarts the decoder at a boundary (as a decoder that prints "�" and reads on). A function of the bytes
 * alone, so sampling and scoring reach the same state.
 */
export function utf8Resync(bytes: Uint8Array | undefined, state: number): number {
  if (!bytes) return UTF8_BOUNDARY;
  let current = state;
  for (const byte of bytes) {
    const next = utf8Step(current, byte);
    current = next >= 0 ? next : Math.max(UTF8_BOUNDARY, utf8Step(UTF8_BOUNDARY, byte));
  }
  return current;
}

/**
 * Per decoder state, the token ids that may not come next (1 = forbidden): those whose bytes break UTF-8 from
 * that state, and, inside a character, every token without bytes (the end of the reply, special tokens).
 */
export function utf8ForbiddenTokens(tokenBytes: readonly (Uint8Array | undefined)[]): Uint8Array[] {
  return Array.from({ length: UTF8_STATE_COUNT }, (_, state) =>
    Uint8Array.from(tokenBytes, (bytes) => {
      if (!bytes) return state === UTF8_BOUNDARY ? 0 : 1;
      return utf8Run(bytes, state) < 0 ? 1 : 0;
    }),
  );
}
