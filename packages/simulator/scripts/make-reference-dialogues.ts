/**
 * Make the shipped reference dialogues of the red-team suite (redteam/reference-dialogues-{en,zh}.jsonl):
 *   npx tsx --conditions=source packages/simulator/scripts/make-reference-dialogues.ts
 *
 * For the first 24 shipped test scenarios of each language, the calibration oracle (src/offline/test/oracle-policy.ts:
 * it reads the hidden need and answers with the strategies that meet it, grounded in the other person's name, the
 * events the user told and their last words, never repeating a sentence, no reply that fails the text audit) talks
 * to the offline user (sage preset) for up to four judged replies. The file is in the SAGE result format, so the
 * suite replays it exactly like a published transcript. Seeded and deterministic; nothing from ../shared is read.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Language } from '@rlver/spec';
import { createOfflineSimulator } from '../src/offline/offline-simulator';
import { createOraclePolicy } from '../src/offline/test/oracle-policy';
import { loadScenarioSet } from '../src/profiles/scenario-set';
import { referenceDialoguesPath } from '../src/redteam/reference-dialogues';

const DIALOGUES = 24;
const REPLIES = 4;

for (const lang of ['en', 'zh'] as const satisfies readonly Language[]) {
  const simulator = createOfflineSimulator({ preset: 'sage' });
  const lines: string[] = [];
  for (const [index, profile] of loadScenarioSet(lang, 'test').slice(0, DIALOGUES).entries()) {
    const seed = 1000 + index;
    const policy = createOraclePolicy({ profile, seed });
    let turn = await simulator.doStart({ profile, seed });
    for (let reply = 0; reply < REPLIES && !turn.ended; reply += 1) {
      const messages = [
        { role: 'system' as const, content: 'reference' },
        ...turn.state.history.map((message) => ({ role: message.role, content: message.content })),
      ];
      const [output] = await policy.doAct({ requests: [{ messages }] });
      turn = await simulator.doRespond({ state: turn.state, reply: output?.text ?? '' });
    }
    lines.push(
      JSON.stringify({
        id: profile.id,
        emo_point: turn.emotion,
        player: profile.player,
        scene: profile.scene,
        main_cha: profile.main_cha,
        task: profile.task,
        topic: profile.topic,
        history: turn.state.history,
      }),
    );
  }
  const file = referenceDialoguesPath(lang);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${lines.join('\n')}\n`);
  process.stdout.write(`${file}: ${lines.length} dialogues\n`);
}
