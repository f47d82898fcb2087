import { readJsonlFile } from '@rlver/spec';
import { recordedChange, transcriptRecordSchema } from '../src/offline/replay-transcript';
import { overlapsWithEarlier } from '../src/offline/text-signals';
for (const f of ['deepseek-v3/deepseek-v3-1227.jsonl']) {
  const { records } = readJsonlFile(`/work/shared/data/sage/transcripts/${f}`, transcriptRecordSchema);
  const by = new Map<number, number[]>();
  for (const { value } of records) {
    const h = value.history;
    const earlier: string[] = [];
    h.forEach((m, i) => {
      if (m.role !== 'assistant') return;
      const y = recordedChange(h[i + 1]);
      const copies = overlapsWithEarlier(m.content, earlier).filter((x) => x >= 0.85).length;
      earlier.push(m.content);
      if (y === undefined) return;
      const k = Math.min(copies, 3);
      by.set(k, [...(by.get(k) ?? []), y]);
    });
  }
  for (const [k, v] of [...by.entries()].sort()) console.log(k, v.length, (v.reduce((a, b) => a + b, 0) / v.length).toFixed(2));
}
