import { createOfflineSimulator } from '@rlver/simulator';
import type { TranscriptRecord } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { collectRedTeamTurns } from './collect-redteam-turns';
import { loadReferenceDialogues } from './reference-dialogues';
import { runRedTeam } from './run-redteam';

/**
 * The same shipped reference dialogue, told by a user who cools at every turn: each user message after the opener
 * records a −10 change and a score 10 lower (down to 10). The strong models' SAGE dialogues end in such states, and
 * there the cross-turn copies tied the real replies at the intact floor (`2026-11-27-last-straw.md`).
 */
function cooling(record: TranscriptRecord): TranscriptRecord {
  let seen = 0;
  const history = record.history.map((message) => {
    if (message.role !== 'user') return message;
    seen += 1;
    if (seen === 1) return message;
    const emotion = Math.max(10, 40 - 10 * (seen - 1));
    return { ...message, 'emotion-point': emotion, planning: { ...message.planning, change: -10 } };
  });
  return { ...record, history };
}

/**
 * Regression floors on this slice (16 dialogues × 3 judged replies per language). Measured 2026-11-27 (judge14): with
 * the last straw and the cold repeat weights zh refill 93.8 % / opening 97.1 %, en 100 % / 96.6 %; without them (main's
 * judge) zh 87.5 % / 73.5 %, en 88.9 % / 91.4 %, which fails every floor.
 */
const FLOORS = {
  zh: { 'cross-turn-refill': 0.9, 'cross-turn-opening': 0.95 },
  en: { 'cross-turn-refill': 0.95, 'cross-turn-opening': 0.95 },
} as const;

describe('the offline user in cooling states: the previous reply said again loses to the real reply', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`should prefer the real reply over its cross-turn copies when the user is cooling (${lang})`, async () => {
      const simulator = createOfflineSimulator({ preset: 'sage' });
      const records = loadReferenceDialogues(lang).slice(0, 16).map(cooling);
      const turns = await collectRedTeamTurns(records, simulator, { maxTurnsPerDialogue: 3 });
      const report = await runRedTeam({ turns, simulator, families: Object.keys(FLOORS[lang]) });
      if (process.env.REDTEAM_PRINT) {
        process.stdout.write(
          `cooling ${lang} ${JSON.stringify(report.families.map((row) => [row.family, row.turns, row.winRate, row.meanRealChange]))}\n`,
        );
      }
      expect(report.families.length).toBe(2);
      for (const row of report.families) {
        expect(row.turns, `${lang} ${row.family} judged pairs`).toBeGreaterThanOrEqual(8);
        expect(row.winRate, `${lang} ${row.family}: ${row.example?.text ?? ''}`).toBeGreaterThanOrEqual(
          FLOORS[lang][row.family as keyof (typeof FLOORS)[typeof lang]],
        );
      }
    });
  }
});
