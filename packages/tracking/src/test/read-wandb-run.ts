import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import protobuf from 'protobufjs';

// An independent reader of W&B's `.wandb` transaction log: the LevelDB log format read block by block, CRC-32
// from the `crc-32` package, records decoded by protobufjs from the field numbers of wandb_internal.proto (not
// from our encoder). `packages/tracking/scripts/check-wandb-offline.sh` checks the same files with wandb's own
// reader where the wandb wheel is installed.
const require = createRequire(import.meta.url);
const referenceCrc32 = require('crc-32') as { buf(data: Uint8Array, seed?: number): number };
const item = { fields: { key: { type: 'string', id: 1 }, valueJson: { type: 'string', id: 16 } } };
const root = protobuf.Root.fromJSON({
  nested: {
    Item: item,
    Timestamp: { fields: { seconds: { type: 'int64', id: 1 }, nanos: { type: 'int32', id: 2 } } },
    Items: { fields: { update: { rule: 'repeated', type: 'Item', id: 1 } } },
    History: {
      fields: { item: { rule: 'repeated', type: 'Item', id: 1 }, step: { type: 'HistoryStep', id: 2 } },
    },
    HistoryStep: { fields: { num: { type: 'int64', id: 1 } } },
    Run: {
      fields: {
        runId: { type: 'string', id: 1 },
        entity: { type: 'string', id: 2 },
        project: { type: 'string', id: 3 },
        displayName: { type: 'string', id: 8 },
        tags: { rule: 'repeated', type: 'string', id: 10 },
        host: { type: 'string', id: 13 },
        startTime: { type: 'Timestamp', id: 17 },
      },
    },
    Exit: { fields: { exitCode: { type: 'int32', id: 1 }, runtime: { type: 'int32', id: 2 } } },
    VersionInfo: { fields: { producer: { type: 'string', id: 1 } } },
    Header: { fields: { versionInfo: { type: 'VersionInfo', id: 1 } } },
    Empty: { fields: {} },
    Record: {
      fields: {
        num: { type: 'int64', id: 1 },
        history: { type: 'History', id: 2 },
        summary: { type: 'Items', id: 3 },
        config: { type: 'Items', id: 5 },
        run: { type: 'Run', id: 17 },
        exit: { type: 'Exit', id: 18 },
        final: { type: 'Empty', id: 20 },
        header: { type: 'Header', id: 21 },
      },
    },
  },
});
const RecordType = root.lookupType('Record');

/** One decoded record (only the fields the tracker writes). */
export interface DecodedWandbRecord {
  num: number;
  history?: { item: { key: string; valueJson: string }[]; step?: { num: number } };
  summary?: { update: { key: string; valueJson: string }[] };
  config?: { update: { key: string; valueJson: string }[] };
  run?: {
    runId: string;
    entity?: string;
    project: string;
    displayName: string;
    tags: string[];
    host: string;
    startTime: { seconds: number; nanos: number };
  };
  exit?: { exitCode?: number; runtime?: number };
  final?: object;
  header?: { versionInfo: { producer: string } };
}

const BLOCK = 32768;

/** Read every record of a `.wandb` file, checking the file header and each chunk's CRC-32. */
export function readWandbLog(file: string): DecodedWandbRecord[] {
  const bytes = new Uint8Array(readFileSync(file));
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (Buffer.from(bytes.subarray(0, 4)).toString('latin1') !== ':W&B') throw new Error(`${file}: no :W&B ident`);
  if (view.getUint16(4, true) !== 0xbee1 || bytes[6] !== 0) throw new Error(`${file}: bad magic or version`);
  const records: DecodedWandbRecord[] = [];
  let offset = 7;
  let pending: Uint8Array[] = [];
  while (offset < bytes.length) {
    const left = BLOCK - (offset % BLOCK);
    if (left < 7) {
      if (bytes.subarray(offset, offset + left).some((byte) => byte !== 0)) throw new Error(`${file}: trailer`);
      offset += left;
      continue;
    }
    const checksum = view.getUint32(offset, true);
    const length = view.getUint16(offset + 4, true);
    const type = bytes[offset + 6] as number;
    const data = bytes.subarray(offset + 7, offset + 7 + length);
    if (data.length !== length) throw new Error(`${file}: chunk at byte ${offset} is cut off`);
    const expected = referenceCrc32.buf(data, referenceCrc32.buf(Uint8Array.of(type))) >>> 0;
    if (checksum !== expected) throw new Error(`${file}: bad CRC at byte ${offset}`);
    if (7 + length > left) throw new Error(`${file}: chunk at byte ${offset} crosses a block end`);
    pending.push(data);
    if (type === 1 || type === 4) {
      const record = Buffer.concat(pending);
      pending = [];
      records.push(
        RecordType.toObject(RecordType.decode(record), { longs: Number, arrays: true }) as DecodedWandbRecord,
      );
    } else if (type !== 2 && type !== 3) throw new Error(`${file}: chunk type ${type} at byte ${offset}`);
    offset += 7 + length;
  }
  if (pending.length > 0) throw new Error(`${file}: the last record is cut off`);
  return records;
}
