/**
 * Does the embedded policy copy the user's words? Replies to the held-out openings (the simulator's test
 * scenarios, never pretrained on) under the RL system prompt; of the spans it puts in quotes, the share the user
 * said verbatim, and the mean share of a quote's characters the user said (longest common substring).
 * Usage: `npx tsx --conditions=source scripts/measure-copying.ts [--dir DIR] [--limit 40] [--samples 2] [--json FILE]`.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { initTfBackend } from '@rlver/model';
import { embeddedModelDirectory, loadCheckpointPolicy } from '@rlver/policy';
import { loadScenarioSet } from '@rlver/simulator';
import type { ChatMessage, Language, PolicyRequest } from '@rlver/spec';
import { EMBEDDED_SYSTEM_PROMPTS } from '../corpus/system-prompts';
import { longestSharedShare, quotedSpans, saidByUser } from './quoted-spans';

const { values: flags } = parseArgs({
  options: {
    dir: { type: 'string', default: embeddedModelDirectory() },
    limit: { type: 'string', default: '40' },
    samples: { type: 'string', default: '2' },
    temperature: { type: 'string', default: '1' },
    'max-new-tokens': { type: 'string', default: '64' },
    seed: { type: 'string', default: '11' },
    json: { type: 'string' },
  },
  strict: true,
});

await initTfBackend();
const policy = await loadCheckpointPolicy(flags.dir);
const report: Record<string, unknown> = { dir: flags.dir };
for (const lang of ['zh', 'en'] as Language[]) {
  const openings = loadScenarioSet(lang, 'test')
    .slice(0, Number(flags.limit))
    .map((profile) => profile.first_talk ?? '')
    .filter((text) => text.length > 0);
  const system = EMBEDDED_SYSTEM_PROMPTS.plain[lang][0] as string;
  const repeats = Number(flags.samples);
  const requests: PolicyRequest[] = openings.flatMap((content) =>
    Array.from({ length: repeats }, () => ({
      messages: [
        { role: 'system', content: system },
        { role: 'user', content },
      ] as ChatMessage[],
    })),
  );
  const started = Date.now();
  const outputs = await policy.doAct({
    requests,
    sampling: {
      temperature: Number(flags.temperature),
      maxNewTokens: Number(flags['max-new-tokens']),
      seed: Number(flags.seed),
    },
  });
  let quoting = 0;
  let spans = 0;
  let verbatim = 0;
  let sharedTotal = 0;
  const samples: Array<{ user: string; reply: string }> = [];
  outputs.forEach((output, index) => {
    const user = openings[Math.floor(index / repeats)] as string;
    const found = quotedSpans(output.text);
    if (found.length > 0) quoting += 1;
    for (const span of found) {
      spans += 1;
      if (saidByUser(span, user)) verbatim += 1;
      sharedTotal += longestSharedShare(span, user);
    }
    samples.push({ user, reply: output.text });
  });
  const summary = {
    replies: outputs.length,
    quotingShare: quoting / outputs.length,
    spans,
    verbatimShare: spans > 0 ? verbatim / spans : 0,
    meanSharedShare: spans > 0 ? sharedTotal / spans : 0,
    seconds: Math.round((Date.now() - started) / 1000),
  };
  console.log(
    `[${lang}] ${summary.replies} replies to ${openings.length} held-out openings: ${(100 * summary.quotingShare).toFixed(0)} % quote; ` +
      `${spans} quoted spans, ${(100 * summary.verbatimShare).toFixed(1)} % said verbatim by the user, ` +
      `${(100 * summary.meanSharedShare).toFixed(0)} % of a quote's characters on average (${summary.seconds} s)`,
  );
  for (const sample of samples.slice(0, 5 * repeats).filter((_, index) => index % repeats === 0)) {
    console.log(`  user: ${sample.user}\n  → ${sample.reply.replaceAll('\n', '⏎')}`);
  }
  report[lang] = { ...summary, samples };
}
if (flags.json) writeFileSync(flags.json, `${JSON.stringify(report, null, 2)}\n`);
