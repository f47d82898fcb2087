import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRuleTagger } from '@rlver/strategies';
import { classifyIntention } from '@rlver/spec';
import { judgeReply } from './src/offline/judge-reply';
import { buildStoryIndex, personalityOf } from './src/offline/story-index';
import { profileOfTranscript, recordedChange, transcriptRecordSchema } from './src/offline/replay-transcript';
const root = '/work/shared/data/sage/transcripts';
const tagger = createRuleTagger();
const out: string[] = [];
for (const agent of readdirSync(root)) for (const f of readdirSync(`${root}/${agent}`)) {
  for (const line of readFileSync(`${root}/${agent}/${f}`, 'utf8').trim().split('\n')) {
    const rec = transcriptRecordSchema.parse(JSON.parse(line));
    const profile = profileOfTranscript(rec); const story = buildStoryIndex(profile, 'zh');
    const intention = classifyIntention(profile.task); const personality = personalityOf(profile);
    const earlier: string[] = []; let prev = 0; let emo = 40;
    for (let i = 1; i < rec.history.length; i++) {
      const m = rec.history[i]!; const r = recordedChange(rec.history[i + 1]);
      if (m.role !== 'assistant' || r === undefined) continue;
      const j = judgeReply({ reply: m.content, lang: 'zh', intention, personality, story, earlierReplies: earlier, lastUserMessage: rec.history[i-1]!.content, emotion: 50, recentDeltas: [], tags: tagger.tag(m.content, 'zh') });
      const reasons: Record<string, number> = {};
      for (const x of j.reasons) { const k = x.code + (['disliked','need-met','need-partly'].includes(x.code) ? ':' + x.detail : ''); reasons[k] = (reasons[k] ?? 0) + x.points; }
      out.push(JSON.stringify({ f, r, reasons, emo, prev, personality, intention, score: j.score }));
      earlier.push(m.content); prev = r; emo = rec.history[i+1]!['emotion-point'] ?? emo;
    }
  }
}
writeFileSync('/tmp/reasons.jsonl', out.join('\n'));
