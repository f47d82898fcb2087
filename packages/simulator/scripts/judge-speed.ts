/**
 * Milliseconds per judged reply of the offline user (sage preset) on the published SAGE transcripts (read at run time
 * from ../shared, never copied): every judged reply of the DeepSeek-V3 files in its recorded state, judged in
 * `--passes` passes (default 3); prints each pass and the median of the passes after the first (warm):
 *   npx tsx --conditions=source packages/simulator/scripts/judge-speed.ts [--passes 3] [--limit 2000]
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  judgedReplies,
  profileOfTranscript,
  readJsonlFile,
  recordedStateAt,
  type SimulatorState,
  transcriptRecordSchema,
} from '@rlver/spec';
import { createOfflineSimulator } from '../src/offline/offline-simulator';
import { sharedTranscriptsRoot } from './shared-transcripts';

const flag = (name: string, fallback: number) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};
const passes = flag('--passes', 3);
const limit = flag('--limit', 2000);
const root = join(sharedTranscriptsRoot(), 'deepseek-v3');
const simulator = createOfflineSimulator({ preset: 'sage' });
const cases: { state: SimulatorState; reply: string }[] = [];
for (const file of readdirSync(root)
  .filter((name) => name.endsWith('.jsonl'))
  .sort()) {
  for (const { value } of readJsonlFile(join(root, file), transcriptRecordSchema).records) {
    const { state: start } = await simulator.doStart({ profile: profileOfTranscript(value), seed: 0 });
    for (const judged of judgedReplies(value.history))
      cases.push({ state: recordedStateAt(start, judged.before), reply: judged.reply });
  }
}
// Every seventh reply, so the sample spans all files and turns.
const sample = cases.filter((_, index) => index % 7 === 0).slice(0, limit);
const timings: number[] = [];
for (let pass = 0; pass < passes; pass += 1) {
  const started = performance.now();
  for (const { state, reply } of sample) await simulator.doRespond({ state, reply });
  const ms = (performance.now() - started) / sample.length;
  timings.push(ms);
  console.log(`pass ${pass + 1}: ${ms.toFixed(2)} ms per judged reply (${sample.length} replies)`);
}
const warm = timings.slice(1).sort((a, b) => a - b);
console.log(`warm median: ${(warm[Math.floor(warm.length / 2)] ?? timings[0] ?? 0).toFixed(2)} ms per judged reply`);
