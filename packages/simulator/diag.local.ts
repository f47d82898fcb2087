import { readFileSync, readdirSync } from 'node:fs';
import { createRuleTagger, INTENTION_STRATEGIES } from '@rlver/strategies';
import { classifyIntention } from '@rlver/spec';
import { judgeReply } from './src/offline/judge-reply';
import { buildStoryIndex, personalityOf } from './src/offline/story-index';
import { profileOfTranscript, recordedChange, transcriptRecordSchema } from './src/offline/replay-transcript';
const root = '/work/shared/data/sage/transcripts';
const tagger = createRuleTagger();
type Row = { rec: number; feats: Record<string, number>; file: string };
const rows: Row[] = [];
for (const agent of readdirSync(root)) for (const f of readdirSync(`${root}/${agent}`)) {
  for (const line of readFileSync(`${root}/${agent}/${f}`, 'utf8').trim().split('\n')) {
    const rec = transcriptRecordSchema.parse(JSON.parse(line));
    const profile = profileOfTranscript(rec);
    const story = buildStoryIndex(profile, 'zh');
    const intention = classifyIntention(profile.task);
    const personality = personalityOf(profile);
    const earlier: string[] = [];
    for (let i = 1; i < rec.history.length; i++) {
      const m = rec.history[i]!; const r = recordedChange(rec.history[i + 1]);
      if (m.role !== 'assistant' || r === undefined) continue;
      const tags = tagger.tag(m.content, 'zh');
      const j = judgeReply({ reply: m.content, lang: 'zh', intention, personality, story, earlierReplies: earlier, emotion: 50, recentDeltas: [], tags });
      const feats: Record<string, number> = {};
      for (const reason of j.reasons) feats[`R:${reason.code}${reason.code==='disliked'||reason.code==='need-met'||reason.code==='need-partly'?':'+reason.detail:''}`] = reason.points;
      for (const l of tags.labels) { feats[`L:${l}`] = 1; feats[`IL:${intention}:${l}`] = 1; }
      feats['details'] = j.details.length;
      feats['len'] = m.content.length;
      feats['turn'] = i;
      feats['score'] = j.score;
      rows.push({ rec: r, feats, file: f });
      earlier.push(m.content);
    }
  }
}
const mean = (a: number[]) => a.reduce((s, v) => s + v, 0) / Math.max(1, a.length);
const all = mean(rows.map(r => r.rec));
const keys = new Set(rows.flatMap(r => Object.keys(r.feats)));
const out: string[] = [];
for (const k of [...keys].sort()) {
  if (['details','len','turn','score'].includes(k)) continue;
  const w = rows.filter(r => k in r.feats); const wo = rows.filter(r => !(k in r.feats));
  if (w.length < 30) continue;
  out.push(`${k.padEnd(48)} n=${String(w.length).padStart(5)} with=${mean(w.map(r=>r.rec)).toFixed(2)} without=${mean(wo.map(r=>r.rec)).toFixed(2)}`);
}
console.log(out.join('\n'));
console.log('overall', all.toFixed(2), rows.length);
for (const [lo, hi] of [[0,1],[1,3],[3,6],[6,7]]) { const w = rows.filter(r => r.feats.details! >= lo && r.feats.details! < hi); console.log('details', lo, hi, w.length, mean(w.map(r=>r.rec)).toFixed(2)); }
