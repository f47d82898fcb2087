import { readFileSync } from 'node:fs';
import { createOfflineSimulator } from './src/offline/offline-simulator';
import { profileOfTranscript, transcriptRecordSchema } from './src/offline/replay-transcript';
const recs = readFileSync('/work/shared/data/sage/transcripts/deepseek-v3/openai-o1.jsonl','utf8').trim().split('\n').slice(0,40).map(l=>transcriptRecordSchema.parse(JSON.parse(l)));
const replies = recs.flatMap(r=>r.history.filter(m=>m.role==='assistant').map(m=>m.content));
const sim = createOfflineSimulator({ preset: 'sage' });
const { state } = await sim.doStart({ profile: profileOfTranscript(recs[0]!), seed: 1 });
const history = recs[0]!.history.slice(0, 7);
for (const r of replies) await sim.doRespond({ state: { ...state, history }, reply: r });
const times: number[] = [];
for (let k = 0; k < 3; k++) for (const r of replies) { const t = performance.now(); await sim.doRespond({ state: { ...state, history }, reply: r }); times.push(performance.now() - t); }
times.sort((a, b) => a - b);
const len = replies.map(r => r.length).sort((a,b)=>a-b);
console.log('replies', replies.length, 'median chars', len[Math.floor(len.length/2)], 'doRespond median ms', times[Math.floor(times.length/2)]!.toFixed(3), 'p90', times[Math.floor(times.length*0.9)]!.toFixed(3), 'mean', (times.reduce((a,b)=>a+b,0)/times.length).toFixed(3));
