/**
 * The red-team suite against the offline simulated user on the published SAGE transcripts (zh; read at run time,
 * never copied) and on the project's own reference dialogues (en, zh):
 *   npx tsx --conditions=source packages/simulator/scripts/redteam-shared.ts [--max-dialogues N] [--json]
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readJsonlFile } from '@rlver/spec';
import { createOfflineSimulator } from '../src/offline/offline-simulator';
import { type TranscriptRecord, transcriptRecordSchema } from '../src/offline/replay-transcript';
import { runAdaptiveAttack } from '../src/redteam/adaptive-attack';
import { formatRedTeamReport } from '../src/redteam/format-redteam-report';
import { loadReferenceDialogues } from '../src/redteam/reference-dialogues';
import { collectRedTeamTurns, runRedTeam } from '../src/redteam/run-redteam';

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const transcripts = join(projectRoot, '..', 'shared', 'data', 'sage', 'transcripts', 'deepseek-v3');
const flag = (name: string) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const maxDialogues = Number(flag('--max-dialogues') ?? 25);
const simulator = createOfflineSimulator({ preset: 'sage' });
const sets: { name: string; records: TranscriptRecord[] }[] = [];
if (existsSync(transcripts)) {
  const records = readdirSync(transcripts)
    .filter((file) => file.endsWith('.jsonl'))
    .sort()
    .flatMap((file) => readJsonlFile(join(transcripts, file), transcriptRecordSchema).records.slice(0, maxDialogues))
    .map((entry) => entry.value);
  sets.push({ name: `zh · SAGE transcripts (7 models × ${maxDialogues} dialogues)`, records });
} else process.stderr.write(`no transcripts at ${transcripts}; only the shipped reference dialogues are used\n`);
sets.push({ name: 'en · shipped reference dialogues', records: loadReferenceDialogues('en') });
sets.push({ name: 'zh · shipped reference dialogues', records: loadReferenceDialogues('zh') });
const out: unknown[] = [];
for (const set of sets) {
  const started = performance.now();
  const report = await runRedTeam({ records: set.records, simulator });
  const turns = await collectRedTeamTurns(set.records, simulator);
  const exploits = await runAdaptiveAttack({ turns, simulator, evaluationsPerSeed: 150 });
  const seconds = (performance.now() - started) / 1000;
  out.push({ set: set.name, report, exploits, seconds });
  if (!process.argv.includes('--json')) {
    process.stdout.write(`\n## ${set.name} (${seconds.toFixed(1)} s)\n${formatRedTeamReport(report, exploits)}\n`);
  }
}
if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(out)}\n`);
