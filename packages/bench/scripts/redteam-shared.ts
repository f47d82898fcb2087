/**
 * The red-team suite against the offline simulated user (sage preset) on the published SAGE transcripts (zh, read at
 * run time from ../shared, never copied) and on the shipped en reference dialogues:
 *   npx tsx --conditions=source packages/bench/scripts/redteam-shared.ts [--max-turns-per-dialogue 2] [--evaluations 300] [--json]
 *     [--lang zh|en|zh,en] [--families id,id,…] [--no-adaptive]
 *
 * zh: every dialogue of ../shared/data/sage/transcripts/deepseek-v3/*.jsonl (7 models × 100), subsampled to
 * --max-turns-per-dialogue judged replies per dialogue (default 2: the first and the last, deterministic), all
 * families, then the adaptive attack. en: every judged reply of packages/bench/redteam/reference-dialogues-en.jsonl.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createOfflineSimulator } from '@rlver/simulator';
import { readJsonlFile, type TranscriptRecord, transcriptRecordSchema } from '@rlver/spec';
import { runAdaptiveAttack } from '../src/redteam/adaptive/adaptive-attack';
import { collectRedTeamTurns } from '../src/redteam/collect-redteam-turns';
import { formatRedTeamReport } from '../src/redteam/format-redteam-report';
import { parseRedTeamSelection } from '../src/redteam/redteam-run-selection';
import { loadReferenceDialogues } from '../src/redteam/reference-dialogues';
import { runRedTeam } from '../src/redteam/run-redteam';

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const transcripts = join(projectRoot, '..', 'shared', 'data', 'sage', 'transcripts', 'deepseek-v3');
const flag = (name: string, fallback: number) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};
const maxTurnsPerDialogue = flag('--max-turns-per-dialogue', 2);
const evaluationsPerSeed = flag('--evaluations', 300);
const json = process.argv.includes('--json');
const selection = parseRedTeamSelection(process.argv.slice(2));

const sets: { name: string; records: TranscriptRecord[]; maxTurnsPerDialogue?: number }[] = [];
if (!selection.languages.includes('zh')) {
  // zh left out (--lang en).
} else if (existsSync(transcripts)) {
  const files = readdirSync(transcripts)
    .filter((file) => file.endsWith('.jsonl'))
    .sort();
  const records = files.flatMap((file) =>
    readJsonlFile(join(transcripts, file), transcriptRecordSchema).records.map((entry) => entry.value),
  );
  sets.push({
    name: `zh · SAGE transcripts, deepseek-v3 judge (${files.length} files, ${records.length} dialogues, ${maxTurnsPerDialogue} replies each)`,
    records,
    maxTurnsPerDialogue,
  });
} else process.stderr.write(`no transcripts at ${transcripts}; only the shipped en reference dialogues are attacked\n`);
if (selection.languages.includes('en'))
  sets.push({ name: 'en · shipped reference dialogues (every judged reply)', records: loadReferenceDialogues('en') });

const simulator = createOfflineSimulator({ preset: 'sage' });
const results: unknown[] = [];
const started = performance.now();
for (const set of sets) {
  const setStarted = performance.now();
  const turns = await collectRedTeamTurns(set.records, simulator, { maxTurnsPerDialogue: set.maxTurnsPerDialogue });
  const report = await runRedTeam({ turns, simulator, families: selection.families });
  const suiteSeconds = (performance.now() - setStarted) / 1000;
  const exploits = selection.adaptive ? await runAdaptiveAttack({ turns, simulator, evaluationsPerSeed }) : [];
  const seconds = (performance.now() - setStarted) / 1000;
  results.push({ set: set.name, report, exploits, suiteSeconds, seconds });
  if (!json) {
    process.stdout.write(
      `\n## ${set.name}\nsuite ${suiteSeconds.toFixed(1)} s, with the adaptive attack (${evaluationsPerSeed} evaluations per seed) ${seconds.toFixed(1)} s\n${formatRedTeamReport(report, exploits)}\n`,
    );
  }
}
const totalSeconds = (performance.now() - started) / 1000;
process.stdout.write(
  json ? `${JSON.stringify({ results, totalSeconds })}\n` : `\ntotal ${totalSeconds.toFixed(1)} s\n`,
);
