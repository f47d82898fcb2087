/**
 * Where the offline user disagrees with the recorded judge, per SAGE file (read at run time, never copied):
 *   npx tsx --conditions=source packages/simulator/scripts/fidelity-breakdown.ts
 * Per file: mean predicted vs recorded change, share of −10 / +10 in each, and the mean gap by reply length.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readJsonlFile, transcriptRecordSchema } from '@rlver/spec';
import { mean } from '@rlver/stats';
import { createOfflineSimulator } from '../src/offline/offline-simulator';
import { replayTranscriptRecord } from '../src/offline/replay-transcript';
import { sharedTranscriptsRoot } from './shared-transcripts';

const root = sharedTranscriptsRoot();
const simulator = createOfflineSimulator({ preset: 'sage' });
const share = (values: readonly number[], hit: (value: number) => boolean) =>
  values.filter(hit).length / Math.max(1, values.length);
const percent = (value: number) => `${(value * 100).toFixed(0).padStart(3)}%`;
console.log(
  'file                               pred  rec   pred-10 rec-10  pred+10 rec+10  turn1 pred/rec  len>300 gap',
);
for (const agent of readdirSync(root).sort()) {
  for (const file of readdirSync(join(root, agent)).sort()) {
    const records = readJsonlFile(join(root, agent, file), transcriptRecordSchema).records.map((entry) => entry.value);
    const predicted: number[] = [];
    const recorded: number[] = [];
    const first: Array<[number, number]> = [];
    const longGap: number[] = [];
    for (const record of records) {
      const replies = record.history
        .filter((message) => message.role === 'assistant')
        .map((message) => message.content);
      const dialogue = await replayTranscriptRecord(record, simulator);
      for (const turn of dialogue.turns) {
        predicted.push(turn.predicted);
        recorded.push(turn.recorded);
        if (turn.turn === 1) first.push([turn.predicted, turn.recorded]);
        if ((replies[turn.turn - 1] ?? '').length > 300) longGap.push(turn.predicted - turn.recorded);
      }
    }
    console.log(
      `${`${agent}/${file}`.padEnd(34)} ${mean(predicted).toFixed(1).padStart(5)} ${mean(recorded).toFixed(1).padStart(5)}   ${percent(share(predicted, (v) => v <= -10))}   ${percent(share(recorded, (v) => v <= -10))}    ${percent(share(predicted, (v) => v >= 10))}   ${percent(share(recorded, (v) => v >= 10))}  ${mean(
        first.map((f) => f[0]),
      )
        .toFixed(1)
        .padStart(5)}/${mean(first.map((f) => f[1]))
        .toFixed(1)
        .padStart(5)}  ${percent(longGap.length / predicted.length)} ${mean(longGap).toFixed(1)}`,
    );
  }
}
