import { ProtoMessage } from './protobuf-writer';

// Field numbers from wandb_internal.proto (wandb 0.30): Record = { num 1, history 2, summary 3, config 5,
// run 17, exit 18, final 20, header 21 }; HistoryRecord = { item 1, step 2 }; HistoryStep = { num 1 };
// HistoryItem / ConfigItem / SummaryItem = { key 1, value_json 16 }; ConfigRecord / SummaryRecord = { update 1 };
// RunRecord = { run_id 1, entity 2, project 3, display_name 8, notes 9, tags 10, host 13, start_time 17 };
// RunExitRecord = { exit_code 1, runtime 2 }; HeaderRecord = { version_info 1 }; VersionInfo = { producer 1 };
// google.protobuf.Timestamp = { seconds 1, nanos 2 }.

/** One W&B record: its kind and the payload message. */
type RecordBody =
  | { kind: 'header'; producer: string }
  | {
      kind: 'run';
      runId: string;
      project: string;
      entity?: string;
      displayName: string;
      host: string;
      tags: readonly string[];
      startTimeMs: number;
    }
  | { kind: 'config'; values: Readonly<Record<string, unknown>> }
  | { kind: 'history'; step: number; values: Readonly<Record<string, number>> }
  | { kind: 'summary'; values: Readonly<Record<string, number>> }
  | { kind: 'exit'; exitCode: number; runtimeSeconds: number }
  | { kind: 'final' };

function valueJson(value: unknown): string {
  return typeof value === 'number' && !Number.isFinite(value) ? String(value) : JSON.stringify(value);
}

function items(values: Readonly<Record<string, unknown>>): ProtoMessage[] {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => new ProtoMessage().string(1, key).string(16, valueJson(value)));
}

function body(record: RecordBody): [field: number, message: ProtoMessage] {
  switch (record.kind) {
    case 'header':
      return [21, new ProtoMessage().message(1, new ProtoMessage().string(1, record.producer))];
    case 'run': {
      const run = new ProtoMessage().string(1, record.runId);
      if (record.entity) run.string(2, record.entity);
      run.string(3, record.project).string(8, record.displayName);
      for (const tag of record.tags) run.string(10, tag);
      const seconds = Math.floor(record.startTimeMs / 1000);
      const nanos = Math.round((record.startTimeMs - seconds * 1000) * 1e6);
      run.string(13, record.host).message(17, new ProtoMessage().int(1, seconds).int(2, nanos));
      return [17, run];
    }
    case 'config': {
      const config = new ProtoMessage();
      for (const item of items(record.values)) config.message(1, item);
      return [5, config];
    }
    case 'history': {
      const history = new ProtoMessage();
      for (const item of items(record.values)) history.message(1, item);
      return [2, history.message(2, new ProtoMessage().int(1, record.step))];
    }
    case 'summary': {
      const summary = new ProtoMessage();
      for (const item of items(record.values)) summary.message(1, item);
      return [3, summary];
    }
    case 'exit':
      return [18, new ProtoMessage().int(1, record.exitCode).int(2, Math.max(0, Math.round(record.runtimeSeconds)))];
    case 'final':
      return [20, new ProtoMessage()];
  }
}

/**
 * Encode one `wandb_internal.Record` (`num` is the record's position, counted from 1). JSON values are written
 * as W&B's SDK writes them (`value_json`); a non-finite number becomes `"NaN"`/`"Infinity"` as Python's json does.
 */
export function encodeWandbRecord(num: number, record: RecordBody): Uint8Array {
  const [field, message] = body(record);
  return new ProtoMessage().int(1, num).message(field, message).toBytes();
}

export type { RecordBody as WandbRecordBody };
