/**
 * How well the splice rules do on text whose answer is known:
 *   npx tsx --conditions=source packages/text-quality/scripts/measure-splices.ts
 * - the labelled replies (src/detect/fixtures/labelled-policy-replies.jsonl: the policy's, and the cases written by
 *   hand, run "written"): broken replies found and clean replies flagged, per language, by `findWordSplice` and by
 *   the whole audit (`auditReply`);
 * - the written phrase breaks (src/detect/fixtures/labelled-phrase-breaks.jsonl: broken replies of many shapes and
 *   clean replies with the same words, both languages), per shape;
 * - clean text: the shipped reference replies (packages/bench/redteam/reference-dialogues-{en,zh}.jsonl), text the
 *   en function-word model never read (the held-out tenth of the Brown corpus, the en test scenarios, the en
 *   LLM-simulator prompt pack) and, when ../shared is there, every distinct assistant reply of the SAGE transcripts
 *   (read at run time, never copied).
 * Prints the counts and each flagged clean text with its seam.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '@rlver/spec';
import { EN_PROMPT_PACK } from '../../simulator/src/llm/prompt-pack-en';
import { auditReply } from '../src/audit-reply';
import { findWordSplice } from '../src/detect/word-splices';
import { brownFiles, brownSentences } from './build-function-word-model';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const projectRoot = join(packageRoot, '..', '..');
const jsonl = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line));

const labelled: { lang: Language; run: string; broken: boolean; reply: string }[] = jsonl(
  join(packageRoot, 'src', 'detect', 'fixtures', 'labelled-policy-replies.jsonl'),
);
const groups = [
  { name: 'policy', rows: labelled.filter((row) => row.run !== 'written') },
  { name: 'written', rows: labelled.filter((row) => row.run === 'written') },
];
for (const group of groups)
  for (const lang of ['en', 'zh'] as const) {
    const broken = group.rows.filter((row) => row.lang === lang && row.broken);
    const clean = group.rows.filter((row) => row.lang === lang && !row.broken);
    if (broken.length + clean.length === 0) continue;
    const splice = (row: { reply: string }) => findWordSplice(row.reply, lang) !== undefined;
    const audit = (row: { reply: string }) => auditReply(row.reply, lang).degenerate;
    process.stdout.write(
      `labelled ${group.name} ${lang}: splice finds ${broken.filter(splice).length} of ${broken.length} broken, flags ${clean.filter(splice).length} of ${clean.length} clean; audit finds ${broken.filter(audit).length}, flags ${clean.filter(audit).length}\n`,
    );
  }

const phraseBreaks: { lang: Language; shape: string; broken: boolean; reply: string }[] = jsonl(
  join(packageRoot, 'src', 'detect', 'fixtures', 'labelled-phrase-breaks.jsonl'),
);
for (const lang of ['en', 'zh'] as const) {
  const rows = phraseBreaks.filter((row) => row.lang === lang);
  const shapes = [...new Set(rows.map((row) => row.shape))];
  const cells = shapes.map((shape) => {
    const of = rows.filter((row) => row.shape === shape);
    const found = of.filter(
      (row) => findWordSplice(row.reply, lang) !== undefined || auditReply(row.reply, lang).degenerate,
    );
    return `${shape} ${found.length}/${of.length}`;
  });
  process.stdout.write(`phrase breaks ${lang} (splice or audit): ${cells.join(', ')}\n`);
  if (process.argv.includes('--show'))
    for (const row of rows) {
      const seam = findWordSplice(row.reply, lang);
      const audit = auditReply(row.reply, lang);
      process.stdout.write(
        `  ${row.broken ? 'broken' : 'clean '} ${seam || audit.degenerate ? 'FOUND' : '-----'} [${seam ?? audit.kinds.join(',')}] ${row.reply}\n`,
      );
    }
}

function assistantReplies(records: { history: { role: string; content: string }[] }[]): string[] {
  return [
    ...new Set(records.flatMap((record) => record.history.filter((m) => m.role === 'assistant').map((m) => m.content))),
  ];
}

const clean: { name: string; lang: Language; texts: string[] }[] = (['en', 'zh'] as const).map((lang) => ({
  name: `${lang} reference replies`,
  lang,
  texts: assistantReplies(
    jsonl(join(projectRoot, 'packages', 'bench', 'redteam', `reference-dialogues-${lang}.jsonl`)),
  ),
}));
const testScenarios = readFileSync(join(projectRoot, 'packages', 'simulator', 'scenarios', 'en', 'test.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim().length > 0)
  .flatMap((line) => {
    const record = JSON.parse(line) as Record<string, unknown>;
    return ['player', 'scene', 'first_talk', 'task'].flatMap((field) =>
      typeof record[field] === 'string' ? (record[field] as string).split('\n').filter((text) => text.trim()) : [],
    );
  });
const promptPack: string[] = [];
const collectStrings = (value: unknown): void => {
  if (typeof value === 'string')
    promptPack.push(...value.split('\n').filter((line) => /[a-z]+ [a-z]+ [a-z]+/i.test(line)));
  else if (value && typeof value === 'object') for (const inner of Object.values(value)) collectStrings(inner);
};
collectStrings(EN_PROMPT_PACK);
clean.push(
  {
    name: 'en Brown sentences held out of the function-word model',
    lang: 'en',
    texts: brownSentences(brownFiles(true)).map((sentence) =>
      sentence
        .map(([word]) => word)
        .join(' ')
        .replace(/ ([,.;:!?])/g, '$1'),
    ),
  },
  { name: 'en test scenario lines', lang: 'en', texts: testScenarios },
  { name: 'en LLM-simulator prompt pack lines', lang: 'en', texts: promptPack },
);
const sage = join(projectRoot, '..', 'shared', 'data', 'sage', 'transcripts');
if (existsSync(sage)) {
  const files = readdirSync(sage).flatMap((agent) =>
    readdirSync(join(sage, agent))
      .filter((file) => file.endsWith('.jsonl'))
      .map((file) => join(sage, agent, file)),
  );
  clean.push({ name: 'SAGE zh assistant replies', lang: 'zh', texts: assistantReplies(files.flatMap(jsonl)) });
}
for (const set of clean) {
  const flagged = set.texts.flatMap((text) => {
    const seam = findWordSplice(text, set.lang);
    return seam ? [{ seam, text }] : [];
  });
  const audited = set.texts.filter((text) => auditReply(text, set.lang).degenerate).length;
  process.stdout.write(
    `${set.name}: splice flags ${flagged.length} of ${set.texts.length}; audit (any kind) ${audited}\n`,
  );
  for (const { seam, text } of flagged.slice(0, process.argv.includes('--show') ? flagged.length : 40))
    process.stdout.write(`  "${seam}" in ${text.slice(0, 80).replace(/\s+/g, ' ')}\n`);
}
