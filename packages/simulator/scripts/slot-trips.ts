/**
 * Which real replies the slot-template sink calls a slot template, i.e. its false trips: every judged reply of the
 * published SAGE transcripts (strong models, zh, read at run time from ../shared, never copied), each checked against
 * the user's messages before it and the persona and story:
 *   npx tsx --conditions=source packages/simulator/scripts/slot-trips.ts [--show 20]
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { judgedReplies, readJsonlFile, transcriptRecordSchema } from '@rlver/spec';
import { quotedSpans } from '../src/offline/quote-spans';
import { checkReplyIntegrity } from '../src/offline/reply-integrity';
import { sharedTranscriptsRoot } from './shared-transcripts';

const root = sharedTranscriptsRoot();
const showFlag = process.argv.indexOf('--show');
const show = showFlag >= 0 ? Number(process.argv[showFlag + 1]) : 20;
let replies = 0;
let quoted = 0;
let trips = 0;
let quotedTrips = 0;
const started = performance.now();
for (const agent of readdirSync(root).sort()) {
  for (const file of readdirSync(join(root, agent)).filter((name) => name.endsWith('.jsonl'))) {
    for (const { value } of readJsonlFile(join(root, agent, file), transcriptRecordSchema).records) {
      for (const { before, reply } of judgedReplies(value.history)) {
        replies += 1;
        const hasQuote = quotedSpans(reply, 'zh').length > 0;
        if (hasQuote) quoted += 1;
        const users = before.filter((entry) => entry.role === 'user').map((entry) => entry.content);
        const integrity = checkReplyIntegrity({
          reply,
          lang: 'zh',
          userMessages: users,
          dialogueText: [value.player, value.scene, ...before.map((entry) => entry.content)].join('\n'),
          userSide: [`${value.player}\n${value.scene}`, ...users],
        });
        if (!integrity.slotTemplate) continue;
        trips += 1;
        if (hasQuote) quotedTrips += 1;
        if (trips <= show)
          process.stdout.write(
            `${agent}/${file}: ${integrity.slotTemplate.detail}\n  ${reply.slice(0, 200)}\n  user: ${users.at(-1)?.slice(0, 160)}\n`,
          );
      }
    }
  }
}
process.stdout.write(
  `${replies} judged replies, ${quoted} with a quote: ${trips} called slot templates (${quotedTrips} of them quoting) (${((performance.now() - started) / replies).toFixed(3)} ms per reply)\n`,
);
