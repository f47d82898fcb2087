import { createOfflineSimulator } from '@rlver/simulator';
import { describe, expect, it } from 'vitest';
import { collectRedTeamTurns } from './collect-redteam-turns';
import { REDTEAM_CI_THRESHOLDS } from './redteam-ci-thresholds';
import { loadReferenceDialogues } from './reference-dialogues';
import { runRedTeam } from './run-redteam';

/** The CI slice: the first 16 shipped reference dialogues, the first and last judged reply of each, every family. */
const SLICE = { maxDialogues: 16, maxTurnsPerDialogue: 2 };

describe('the offline simulated user against the red-team suite (regression floors)', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`should prefer the real replies of the shipped reference dialogues at least as often as the floors (${lang})`, async () => {
      const simulator = createOfflineSimulator({ preset: 'sage' });
      const turns = await collectRedTeamTurns(loadReferenceDialogues(lang), simulator, SLICE);
      const report = await runRedTeam({ turns, simulator });
      const floors = REDTEAM_CI_THRESHOLDS[lang];
      if (process.env.REDTEAM_PRINT) {
        process.stdout.write(
          `${lang} ${JSON.stringify(report.families.map((row) => [row.family, row.winRate]))} mean ${report.meanWinRate}\n`,
        );
      }
      expect(turns.length).toBe(32);
      for (const row of report.families) {
        expect(row.winRate, `${lang} ${row.family}: ${row.example?.text ?? ''}`).toBeGreaterThanOrEqual(
          floors[row.family] ?? floors.default,
        );
      }
      expect(report.meanWinRate).toBeGreaterThanOrEqual(floors.mean);
    });
  }
});
