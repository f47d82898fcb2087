// TEMP debug: which reasons predict the recorded SAGE changes (teacher forcing). Least squares per reason code.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { classifyIntention, detectLanguage, readJsonlFile, type SimulatorMessage } from '@rlver/spec';
import { createRuleTagger } from '@rlver/strategies';
import { judgeReply } from '../src/offline/judge-reply';
import { JUDGE_WEIGHTS as W } from '../src/offline/judge-weights';
import { spearmanRho } from '../src/offline/rank-correlation';
import { profileOfTranscript, recordedChange, transcriptRecordSchema } from '../src/offline/replay-transcript';
import { buildStoryIndex, personalityOf } from '../src/offline/story-index';

const root = '/work/shared/data/sage/transcripts';
const tagger = createRuleTagger();
const rows: Array<{ f: Record<string, number>; y: number; score: number }> = [];
const perFile = new Map<string, Map<string, number>>();
const perFileN = new Map<string, number>();
for (const agent of readdirSync(root)) {
  for (const file of readdirSync(join(root, agent))) {
    const { records } = readJsonlFile(join(root, agent, file), transcriptRecordSchema);
    for (const { value } of records) {
      const profile = profileOfTranscript(value);
      const lang = detectLanguage(profile.scene);
      const story = buildStoryIndex(profile, lang);
      const intention = classifyIntention(profile.task);
      for (let index = 1; index < value.history.length; index += 1) {
        const message = value.history[index] as SimulatorMessage;
        const y = recordedChange(value.history[index + 1]);
        if (message.role !== 'assistant' || y === undefined) continue;
        const before = value.history.slice(0, index);
        const lastUser = [...before].reverse().find((entry) => entry.role === 'user');
        const emotion = lastUser?.['emotion-point'] ?? 40;
        const deltas = before.map(recordedChange).filter((c): c is number => c !== undefined);
        const j = judgeReply({
          reply: message.content,
          lang,
          intention,
          personality: personalityOf(profile),
          story,
          earlierReplies: before.filter((m) => m.role === 'assistant').map((m) => m.content),
          lastUserMessage: lastUser?.content ?? '',
          emotion,
          recentDeltas: deltas,
          tags: tagger.tag(message.content, lang),
        });
        const pf = perFile.get(file + agent) ?? new Map<string, number>();
        perFile.set(file + agent, pf);
        perFileN.set(file + agent, (perFileN.get(file + agent) ?? 0) + 1);
        for (const r of j.reasons) pf.set(r.code, (pf.get(r.code) ?? 0) + r.points);
        pf.set('Y', (pf.get('Y') ?? 0) + y);
        pf.set('SCORE', (pf.get('SCORE') ?? 0) + j.score);
        const f: Record<string, number> = {};
        for (const r of j.reasons) {
          if (r.code === 'mood' || r.code === 'temper') continue;
          const key =
            r.code === 'need-met' || r.code === 'disliked' || r.code === 'need-partly' || r.code === 'need-generic'
              ? `${r.code}:${r.detail}`
              : r.code;
          f[key] = (f[key] ?? 0) + (process.argv.includes('--points') ? r.points : 1);
        }
        f.moodLevel = (emotion - 40) / 10;
        const recent = deltas.slice(-2);
        f.trend = recent.length ? recent.reduce((a, b) => a + b, 0) / recent.length / 5 : 0;
        f.last = (deltas.at(-1) ?? 0) / 5;
        f.turn = deltas.length;
        const support = tagger
          .tag(message.content, lang)
          .labels.filter((l) => l !== 'question' && l !== 'other').length;
        f.labels3 = support === 3 ? 1 : 0;
        f.labels4 = support === 4 ? 1 : 0;
        f.labels5 = support >= 5 ? 1 : 0;
        f.negative = personalityOf(profile) === 'negative' ? 1 : 0;
        f.avoidant = personalityOf(profile) === 'avoidant' ? 1 : 0;
        rows.push({ f, y, score: j.score });
      }
    }
  }
}
const keys = [...new Set(rows.flatMap((r) => Object.keys(r.f)))]
  .filter((k) => rows.filter((r) => r.f[k]).length >= 30)
  .filter((k) => !(process.argv[2] ?? '').split(',').includes(k));
// OLS via normal equations with ridge
const n = keys.length + 1;
const A = Array.from({ length: n }, () => new Float64Array(n));
const b = new Float64Array(n);
for (const r of rows) {
  const x = [1, ...keys.map((k) => r.f[k] ?? 0)];
  for (let i = 0; i < n; i += 1) {
    b[i] += x[i]! * r.y;
    for (let j = 0; j < n; j += 1) A[i]![j] += x[i]! * x[j]!;
  }
}
for (let i = 1; i < n; i += 1) A[i]![i] += 5;
// Gaussian elimination
const M = A.map((row, i) => [...row, b[i]!]);
for (let c = 0; c < n; c += 1) {
  let p = c;
  for (let r = c + 1; r < n; r += 1) if (Math.abs(M[r]![c]!) > Math.abs(M[p]![c]!)) p = r;
  [M[c], M[p]] = [M[p]!, M[c]!];
  for (let r = 0; r < n; r += 1) {
    if (r === c) continue;
    const factor = M[r]![c]! / M[c]![c]!;
    for (let k = c; k <= n; k += 1) M[r]![k] -= factor * M[c]![k]!;
  }
}
const w = M.map((row, i) => row[n]! / row[i]!);
const pred = rows.map((r) => w[0]! + keys.reduce((s, k, i) => s + w[i + 1]! * (r.f[k] ?? 0), 0));
process.stdout.write(
  `rows ${rows.length}; rho(linear) ${spearmanRho(
    pred,
    rows.map((r) => r.y),
  ).toFixed(3)}; rho(score) ${spearmanRho(
    rows.map((r) => r.score),
    rows.map((r) => r.y),
  ).toFixed(3)}\n`,
);
process.stdout.write(`intercept ${w[0]!.toFixed(2)}\n`);
const order = keys.map((k, i) => ({ k, w: w[i + 1]!, count: rows.filter((r) => r.f[k]).length }));
for (const { k, w: c, count } of order.sort((a, b) => a.w - b.w))
  process.stdout.write(`${k.padEnd(40)} ${c.toFixed(2).padStart(6)}  n=${count}\n`);
void W;

if (process.argv.includes('--files')) {
  const codes = [...new Set([...perFile.values()].flatMap((m) => [...m.keys()]))].sort();
  process.stdout.write(`${'code'.padEnd(20)}${[...perFile.keys()].map((k) => k.slice(0, 9).padStart(10)).join('')}\n`);
  for (const code of codes) {
    process.stdout.write(
      `${code.padEnd(20)}${[...perFile.entries()].map(([k, m]) => ((m.get(code) ?? 0) / (perFileN.get(k) ?? 1)).toFixed(2).padStart(10)).join('')}\n`,
    );
  }
}
if (process.argv.includes('--thresholds')) {
  const ys = rows.map((r) => r.y);
  const q = (s: number, hi: number, mid: number, lo: number) => (s >= hi ? 10 : s > mid ? 5 : s > lo ? -5 : -10);
  const sorted = rows.map((r) => r.score).sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.floor(p * (sorted.length - 1))]!.toFixed(2);
  process.stdout.write(`score quantiles 15% ${pct(0.15)} 53% ${pct(0.53)} 85% ${pct(0.85)}\n`);
  const current = rows.map((r) => q(r.score, 8, 0, -8));
  const dist = (xs: number[]) =>
    [-10, -5, 5, 10]
      .map((v) => xs.filter((x) => x === v).length / xs.length)
      .map((x) => x.toFixed(2))
      .join('/');
  process.stdout.write(`current (8,0,-8): rho ${spearmanRho(current, ys).toFixed(3)} dist ${dist(current)}\n`);
  let best = { rho: 0, t: [0, 0, 0] };
  for (const hi of [4, 5, 6, 7, 8, 9])
    for (const mid of [-2, -1, -0.5, 0, 0.5, 1])
      for (const lo of [-4, -5, -6, -7, -8]) {
        const p = rows.map((r) => q(r.score, hi, mid, lo));
        const rho = spearmanRho(p, ys);
        if (rho > best.rho) best = { rho, t: [hi, mid, lo] };
      }
  const bp = rows.map((r) => q(r.score, best.t[0]!, best.t[1]!, best.t[2]!));
  process.stdout.write(
    `best ${best.t.join(',')}: rho ${best.rho.toFixed(3)} dist ${dist(bp)} (recorded ${dist(ys.map((y) => (y >= 8 ? 10 : y > 0 ? 5 : y > -8 ? -5 : -10)))})\n`,
  );
}
