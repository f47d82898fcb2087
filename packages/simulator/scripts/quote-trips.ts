/**
 * Which quotes of the published SAGE replies (strong models, read at run time from ../shared) the quote-integrity
 * check calls broken, i.e. its false trips:
 *   npx tsx --conditions=source packages/simulator/scripts/quote-trips.ts [--show 20]
 */
import { brokenQuotes } from '../src/offline/quote-integrity';
import { quotedSpans } from '../src/offline/quote-spans';
import { sharedJudgedReplies } from './shared-transcripts';

const showFlag = process.argv.indexOf('--show');
const show = showFlag >= 0 ? Number(process.argv[showFlag + 1]) : 20;
let replies = 0;
let quoted = 0;
let spans = 0;
let trips = 0;
const started = performance.now();
for (const { source, reply, userMessages: users } of sharedJudgedReplies()) {
  replies += 1;
  const found = quotedSpans(reply, 'zh');
  spans += found.length;
  if (found.length > 0) quoted += 1;
  const broken = brokenQuotes(reply, users, 'zh');
  if (broken.length === 0) continue;
  trips += 1;
  if (trips <= show)
    process.stdout.write(
      `${source}: ${JSON.stringify(broken)}\n  ${reply.slice(0, 160)}\n  user: ${users.at(-1)?.slice(0, 160)}\n`,
    );
}
process.stdout.write(
  `${replies} judged replies, ${quoted} with a quote (${spans} spans): ${trips} tripped (${((performance.now() - started) / replies).toFixed(3)} ms per reply)\n`,
);
