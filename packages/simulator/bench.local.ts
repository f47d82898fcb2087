import { readFileSync } from 'node:fs';
import { createRuleTagger } from '@rlver/strategies';
import { createOfflineSimulator } from './src/offline/offline-simulator';
import { detectGarbled, maxOverlapWithEarlier } from './src/offline/text-signals';
import { profileOfTranscript, transcriptRecordSchema } from './src/offline/replay-transcript';
const recs = readFileSync('/work/shared/data/sage/transcripts/deepseek-v3/gemini2.0-flash.jsonl','utf8').trim().split('\n').slice(0,30).map(l=>transcriptRecordSchema.parse(JSON.parse(l)));
const replies = recs.flatMap(r=>r.history.filter(m=>m.role==='assistant').map(m=>m.content));
const tagger = createRuleTagger();
function time(name: string, f: () => void, n = replies.length) { for (let w=0;w<5;w++) f(); const t = performance.now(); f(); console.log(name, ((performance.now()-t)*1000/n).toFixed(1), 'µs/op'); }
time('tag', () => { for (const r of replies) tagger.tag(r, 'zh'); });
time('garbled', () => { for (const r of replies) detectGarbled(r); });
time('overlap x8', () => { for (const r of replies) maxOverlapWithEarlier(r, replies.slice(0, 8)); });
const sim = createOfflineSimulator({ preset: 'sage' });
const start = await sim.doStart({ profile: profileOfTranscript(recs[0]!), seed: 1 });
let state = start.state;
for (const r of replies.slice(0, 200)) await sim.doRespond({ state: { ...state, history: state.history.slice(-16) }, reply: r });
const t = performance.now(); let n = 0;
for (const r of replies.slice(0, 200)) { const out = await sim.doRespond({ state: { ...state, history: state.history.slice(-16) }, reply: r }); state = out.state; n++; }
console.log('doRespond', ((performance.now()-t)*1000/n).toFixed(1), 'µs/op', 'avg len', replies.reduce((s,r)=>s+r.length,0)/replies.length);
const t2 = performance.now(); for (let i=0;i<100;i++) await sim.doStart({ profile: profileOfTranscript(recs[i%30]!), seed: i }); console.log('doStart', ((performance.now()-t2)*10).toFixed(1), 'µs/op');
