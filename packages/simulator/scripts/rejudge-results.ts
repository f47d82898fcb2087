/**
 * Judge again, with today's offline user, the replies of a training or benchmark results file, each in the state it
 * was judged in (teacher forcing: the recorded history and emotion), and print the old and new change side by side:
 *   npx tsx --conditions=source packages/simulator/scripts/rejudge-results.ts <results.jsonl> [--rewarded] [--json]
 * `--rewarded` keeps only the turns that gained (delta > 0). Profiles are the shipped scenario sets (by id).
 */
import { readFileSync } from 'node:fs';
import { type Profile, proposedChangeOf, recordedStateAt, type SimulatorMessage } from '@rlver/spec';
import { createOfflineSimulator } from '../src/offline/offline-simulator';
import { loadScenarioSet } from '../src/profiles/scenario-set';

interface ResultTurn {
  reply: string;
  userMessage: string;
  emotion: number;
  delta: number;
  scored?: boolean;
  innerThoughts?: string;
}
interface ResultRecord {
  profileId: string;
  lang: 'zh' | 'en';
  seed: number;
  opening: { message: string; emotion: number };
  turns: ResultTurn[];
}

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: rejudge-results.ts <results.jsonl> [--rewarded] [--json]\n');
  process.exit(2);
}
const onlyRewarded = process.argv.includes('--rewarded');
const json = process.argv.includes('--json');
const profiles = new Map<string, Profile>();
for (const lang of ['zh', 'en'] as const)
  for (const split of ['train', 'test'] as const)
    for (const profile of loadScenarioSet(lang, split)) profiles.set(profile.id, profile);

const simulator = createOfflineSimulator({ preset: 'sage' });
const lines = readFileSync(file, 'utf8').split('\n');
let judged = 0;
let oldGain = 0;
let newGain = 0;
for (const [lineIndex, line] of lines.entries()) {
  if (!line.trim()) continue;
  const record = JSON.parse(line) as ResultRecord;
  const profile = profiles.get(record.profileId);
  if (!profile) throw new Error(`${file}:${lineIndex + 1}: profileId ${record.profileId} is not a shipped scenario`);
  const { state: start } = await simulator.doStart({ profile, seed: record.seed });
  const history: SimulatorMessage[] = [
    { role: 'user', content: record.opening.message, 'emotion-point': record.opening.emotion },
  ];
  for (const turn of record.turns) {
    if (turn.scored !== false && (!onlyRewarded || turn.delta > 0)) {
      const outcome = await simulator.doRespond({ state: recordedStateAt(start, history), reply: turn.reply });
      const change = proposedChangeOf(outcome);
      judged += 1;
      oldGain += turn.delta > 0 ? 1 : 0;
      newGain += change > 0 ? 1 : 0;
      const row = { profileId: record.profileId, old: turn.delta, new: change, reply: turn.reply };
      process.stdout.write(
        json
          ? `${JSON.stringify({ ...row, innerThoughts: outcome.innerThoughts })}\n`
          : `${row.old} → ${row.new}\t${row.profileId}\t${row.reply}\n\t${outcome.innerThoughts.slice(0, 220)}\n`,
      );
    }
    history.push({ role: 'assistant', content: turn.reply });
    history.push({ role: 'user', content: turn.userMessage, 'emotion-point': turn.emotion });
  }
}
process.stderr.write(`${judged} replies judged; gaining before ${oldGain}, now ${newGain}\n`);
