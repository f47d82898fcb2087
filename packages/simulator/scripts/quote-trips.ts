/**
 * Which quotes of the published SAGE replies (strong models, read at run time from ../shared) the quote-integrity
 * check calls broken, i.e. its false trips:
 *   npx tsx --conditions=source packages/simulator/scripts/quote-trips.ts [--show 20]
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { judgedReplies, readJsonlFile, transcriptRecordSchema } from '@rlver/spec';
import { brokenQuotes } from '../src/offline/quote-integrity';
import { quotedSpans } from '../src/offline/quote-spans';
import { sharedTranscriptsRoot } from './shared-transcripts';

const root = sharedTranscriptsRoot();
const showFlag = process.argv.indexOf('--show');
const show = showFlag >= 0 ? Number(process.argv[showFlag + 1]) : 20;
let replies = 0;
let quoted = 0;
let spans = 0;
let trips = 0;
const started = performance.now();
for (const agent of readdirSync(root).sort()) {
  for (const file of readdirSync(join(root, agent)).filter((name) => name.endsWith('.jsonl'))) {
    for (const { value } of readJsonlFile(join(root, agent, file), transcriptRecordSchema).records) {
      for (const { before, reply } of judgedReplies(value.history)) {
        replies += 1;
        const found = quotedSpans(reply, 'zh');
        spans += found.length;
        if (found.length > 0) quoted += 1;
        const users = before.filter((entry) => entry.role === 'user').map((entry) => entry.content);
        const broken = brokenQuotes(reply, users, 'zh');
        if (broken.length === 0) continue;
        trips += 1;
        if (trips <= show)
          process.stdout.write(
            `${agent}/${file}: ${JSON.stringify(broken)}\n  ${reply.slice(0, 160)}\n  user: ${users.at(-1)?.slice(0, 160)}\n`,
          );
      }
    }
  }
}
process.stdout.write(
  `${replies} judged replies, ${quoted} with a quote (${spans} spans): ${trips} tripped (${((performance.now() - started) / replies).toFixed(3)} ms per reply)\n`,
);
