/**
 * Which real replies the slot-template sink calls a slot template, i.e. its false trips: every judged reply of the
 * published SAGE transcripts (strong models, zh, read at run time from ../shared, never copied), each checked against
 * the user's messages before it and the persona and story:
 *   npx tsx --conditions=source packages/simulator/scripts/slot-trips.ts [--show 20]
 */
import { quotedSpans } from '../src/offline/quote-spans';
import { checkReplyIntegrity } from '../src/offline/reply-integrity';
import { sharedJudgedReplies } from './shared-transcripts';

const showFlag = process.argv.indexOf('--show');
const show = showFlag >= 0 ? Number(process.argv[showFlag + 1]) : 20;
let replies = 0;
let quoted = 0;
let trips = 0;
let quotedTrips = 0;
const started = performance.now();
for (const { source, record, reply, userMessages: users, before } of sharedJudgedReplies()) {
  replies += 1;
  const hasQuote = quotedSpans(reply, 'zh').length > 0;
  if (hasQuote) quoted += 1;
  const integrity = checkReplyIntegrity({
    reply,
    lang: 'zh',
    userMessages: users,
    dialogueText: [record.player, record.scene, ...before.map((entry) => entry.content)].join('\n'),
    userSide: [`${record.player}\n${record.scene}`, ...users],
    earlierReplies: before.filter((entry) => entry.role === 'assistant').map((entry) => entry.content),
  });
  if (!integrity.slotTemplate) continue;
  trips += 1;
  if (hasQuote) quotedTrips += 1;
  if (trips <= show)
    process.stdout.write(
      `${source}: ${integrity.slotTemplate.detail}\n  ${reply.slice(0, 200)}\n  user: ${users.at(-1)?.slice(0, 160)}\n`,
    );
}
process.stdout.write(
  `${replies} judged replies, ${quoted} with a quote: ${trips} called slot templates (${quotedTrips} of them quoting) (${((performance.now() - started) / replies).toFixed(3)} ms per reply)\n`,
);
