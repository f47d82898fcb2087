/**
 * How many real SAGE replies the `said-before` rule charges: for each judged assistant reply of the shared
 * transcripts, whether it repeats one of the same assistant's earlier replies in its dialogue by frame (the user's
 * words set aside) or by opening clause. Prints counts per language and per agent, and a few flagged openings
 * (`--show N`). Reads the shared SAGE data at run time only.
 *
 *   npx tsx --conditions=source packages/simulator/scripts/said-before-sage.ts [--show 10]
 */
import type { Language } from '@rlver/spec';
import { saidBefore } from '../src/offline/said-before';
import { sharedJudgedReplies } from './shared-transcripts';

const showIndex = process.argv.indexOf('--show');
const show = showIndex >= 0 ? Number(process.argv[showIndex + 1] ?? 10) : 0;
const languageOf = (text: string): Language => ((text.match(/[\u4e00-\u9fff]/g) ?? []).length > 10 ? 'zh' : 'en');

const totals = new Map<string, { replies: number; charged: number; repeats: number; frames: number }>();
const shown: string[] = [];
for (const entry of sharedJudgedReplies()) {
  const lang = languageOf(entry.reply + entry.userMessages.join(''));
  const earlier = entry.before.filter((message) => message.role === 'assistant').map((message) => message.content);
  const userSide = [...entry.userMessages, entry.record.player, entry.record.scene];
  const found = saidBefore(entry.reply, earlier, userSide, lang);
  for (const key of [lang, `${lang} ${entry.source.split('/')[0]}`]) {
    const row = totals.get(key) ?? { replies: 0, charged: 0, repeats: 0, frames: 0 };
    row.replies += 1;
    if (found) {
      row.charged += 1;
      row.repeats += found.repeats;
      if (found.frames > 0) row.frames += 1;
    }
    totals.set(key, row);
  }
  if (found && shown.length < show)
    shown.push(`${lang} ${entry.source} ×${found.repeats}: ${entry.reply.slice(0, 90)}`);
}
for (const [key, row] of [...totals].sort()) {
  const share = ((100 * row.charged) / row.replies).toFixed(2);
  process.stdout.write(
    `${key}\treplies ${row.replies}\tcharged ${row.charged} (${share} %)\tby frame ${row.frames}\trepeats ${row.repeats}\n`,
  );
}
for (const line of shown) process.stdout.write(`${line}\n`);
