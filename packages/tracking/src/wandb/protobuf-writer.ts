// A minimal protobuf encoder for the few wandb_internal.proto messages the W&B tracker writes: varints,
// length-delimited fields (strings, nested messages) and booleans. Field numbers live with the messages.

const utf8 = new TextEncoder();

/** Base-128 varint of a non-negative integer below 2⁵³. */
function varint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  bytes.push(rest);
  return bytes;
}

/** Encoded fields of one message, appended in field order by the caller. */
export class ProtoMessage {
  private readonly bytes: number[] = [];

  /** An int32/int64/bool field (wire type 0); negative values are not used by the tracker. */
  int(field: number, value: number | boolean): this {
    const number = typeof value === 'boolean' ? Number(value) : value;
    if (!Number.isSafeInteger(number) || number < 0) throw new RangeError(`field ${field}: ${value} is not a uint`);
    this.bytes.push(...varint(field * 8), ...varint(number));
    return this;
  }

  /** A string field (wire type 2); empty strings are written too (proto3 readers treat them as unset). */
  string(field: number, value: string): this {
    return this.bytes_(field, utf8.encode(value));
  }

  /** A nested message field (wire type 2). */
  message(field: number, value: ProtoMessage): this {
    return this.bytes_(field, value.toBytes());
  }

  /** The encoded message. */
  toBytes(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }

  private bytes_(field: number, payload: Uint8Array): this {
    this.bytes.push(...varint(field * 8 + 2), ...varint(payload.length), ...payload);
    return this;
  }
}
