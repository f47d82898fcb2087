import { readFileSync, readdirSync } from 'node:fs';
import { createRuleTagger } from '@rlver/strategies';
import { classifyIntention } from '@rlver/spec';
import { judgeReply } from './src/offline/judge-reply';
import { buildStoryIndex, personalityOf } from './src/offline/story-index';
import { profileOfTranscript, recordedChange, transcriptRecordSchema } from './src/offline/replay-transcript';
const root = '/work/shared/data/sage/transcripts';
const tagger = createRuleTagger();
const codes = new Set<string>(); const table: Record<string, Record<string, number>> = {};
for (const agent of readdirSync(root)) for (const f of readdirSync(`${root}/${agent}`)) {
  const acc: Record<string, number> = {}; let n = 0; let score = 0;
  for (const line of readFileSync(`${root}/${agent}/${f}`, 'utf8').trim().split('\n')) {
    const rec = transcriptRecordSchema.parse(JSON.parse(line));
    const profile = profileOfTranscript(rec); const story = buildStoryIndex(profile, 'zh');
    const intention = classifyIntention(profile.task); const personality = personalityOf(profile);
    const earlier: string[] = [];
    for (let i = 1; i < rec.history.length; i++) {
      const m = rec.history[i]!; if (m.role !== 'assistant' || recordedChange(rec.history[i + 1]) === undefined) continue;
      const j = judgeReply({ reply: m.content, lang: 'zh', intention, personality, story, earlierReplies: earlier, emotion: 50, recentDeltas: [], tags: tagger.tag(m.content, 'zh') });
      for (const r of j.reasons) { const k = r.code + (r.code === 'disliked' ? ':' + r.detail : ''); codes.add(k); acc[k] = (acc[k] ?? 0) + r.points; }
      n++; score += j.score; earlier.push(m.content);
    }
  }
  for (const k of Object.keys(acc)) acc[k]! /= n; acc['SCORE'] = score / n; codes.add('SCORE');
  table[`${agent.slice(0,6)}/${f.replace('.jsonl','')}`] = acc;
}
const names = Object.keys(table);
console.log(''.padEnd(26) + names.map(n => n.slice(-10).padStart(11)).join(''));
for (const c of [...codes].sort()) console.log(c.padEnd(26) + names.map(n => (table[n]![c] ?? 0).toFixed(2).padStart(11)).join(''));
