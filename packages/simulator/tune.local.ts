import { readdirSync } from 'node:fs';
import { JUDGE_WEIGHTS } from './src/offline/judge-weights';
import { createOfflineSimulator } from './src/offline/offline-simulator';
import { kendallTau, spearmanRho } from './src/offline/rank-correlation';
import { replayTranscriptFile } from './src/offline/replay-transcript';
const overrides = JSON.parse(process.argv[2] ?? '{}');
Object.assign(JUDGE_WEIGHTS as Record<string, number>, overrides);
const root = '/work/shared/data/sage/transcripts';
const files = readdirSync(root).flatMap(a => readdirSync(`${root}/${a}`).map(f => `${root}/${a}/${f}`)).sort();
const sim = createOfflineSimulator({ preset: 'sage', noise: Number(process.argv[4] ?? 1.5) });
for (const mode of (process.argv[3] ?? 'replayed,recorded').split(',') as ('replayed'|'recorded')[]) {
  const P: number[] = [], R: number[] = [], rs: number[] = [], ss: number[] = []; const line: string[] = [];
  for (const f of files) {
    const res = await replayTranscriptFile(f, sim, { emotionSource: mode });
    const t = res.dialogues.flatMap(d => d.turns);
    P.push(...t.map(x => x.predicted)); R.push(...t.map(x => x.recorded));
    rs.push(res.replayScore); ss.push(res.recordedScore); line.push(res.replayScore.toFixed(0));
  }
  console.log(mode, 'rho', spearmanRho(P, R).toFixed(3), 'tau', kendallTau(rs, ss).toFixed(3), 'meanPred', (P.reduce((a,b)=>a+b,0)/P.length).toFixed(2), line.join(' '), '| rec', ss.map(x=>x.toFixed(0)).join(' '));
}
