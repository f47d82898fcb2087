import { readFileSync } from 'node:fs';
import { InvalidInputError } from './errors/invalid-input-error';

const BOM = [0xef, 0xbb, 0xbf] as const;
const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Where the first invalid UTF-8 sequence of `bytes` starts (a byte offset), or -1 when they are valid UTF-8. */
function firstInvalidUtf8Byte(bytes: Uint8Array): number {
  let index = 0;
  while (index < bytes.length) {
    const byte = bytes[index] as number;
    const length =
      byte < 0x80
        ? 1
        : byte >= 0xc2 && byte <= 0xdf
          ? 2
          : byte >= 0xe0 && byte <= 0xef
            ? 3
            : byte >= 0xf0 && byte <= 0xf4
              ? 4
              : 0;
    if (length === 0 || index + length > bytes.length) return index;
    try {
      strictDecoder.decode(bytes.subarray(index, index + length));
    } catch {
      return index;
    }
    index += length;
  }
  return -1;
}

/**
 * Read a text file that must be UTF-8 (profiles, configs, results). Instead of silently turning bad bytes into
 * U+FFFD, a UTF-8 byte-order mark and any byte that is not UTF-8 (typically a Latin-1 / Windows-1252 file)
 * throw `InvalidInputError` naming the file, the line, the byte offset and the fix.
 */
export function readUtf8File(file: string): string {
  const bytes = readFileSync(file);
  if (BOM.every((value, index) => bytes[index] === value)) {
    throw new InvalidInputError({
      file,
      line: 1,
      message:
        'the file starts with a UTF-8 byte-order mark (BOM), bytes EF BB BF; save it as UTF-8 without BOM (most editors: "UTF-8" rather than "UTF-8 with BOM")',
    });
  }
  try {
    return strictDecoder.decode(bytes);
  } catch {
    const offset = firstInvalidUtf8Byte(bytes);
    const line = bytes.subarray(0, offset).filter((value) => value === 0x0a).length + 1;
    const value = (bytes[offset] ?? 0).toString(16).toUpperCase().padStart(2, '0');
    throw new InvalidInputError({
      file,
      line,
      message: `the text is not valid UTF-8: byte 0x${value} at byte offset ${offset} (the file looks Latin-1 / Windows-1252 encoded, or is damaged); convert it to UTF-8, e.g. iconv -f latin1 -t utf-8`,
    });
  }
}
