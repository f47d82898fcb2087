/**
 * Quality check of the embedded policy: replies (temperature 1 and greedy) to zh and en user messages, their
 * strategy labels (rule tagger) and, with the thinking system prompt, the think-then-say format rate.
 * Usage: `npx tsx --conditions=source scripts/sample-embedded.ts [--dir assets/embedded] [--samples 4] [--json FILE]`.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { initTfBackend } from '@rlver/model';
import { embeddedModelDirectory, loadCheckpointPolicy, splitThinkReply, thinkFormatOk } from '@rlver/policy';
import { loadScenarioSet } from '@rlver/simulator';
import type { ChatMessage, Language, PolicyRequest } from '@rlver/spec';
import { createRuleTagger } from '@rlver/strategies';
import { EMBEDDED_SYSTEM_PROMPTS } from '../corpus/system-prompts';

const { values: flags } = parseArgs({
  options: {
    dir: { type: 'string', default: embeddedModelDirectory() },
    samples: { type: 'string', default: '4' },
    seed: { type: 'string', default: '7' },
    json: { type: 'string' },
  },
  strict: true,
});

/** Our own held-out user messages (not corpus templates). */
const OWN_MESSAGES: Readonly<Record<Language, readonly string[]>> = {
  en: [
    'My sister Laura keeps borrowing my car and returns it with an empty tank.',
    'I studied all week and still froze during my driving test.',
    'My manager Victor scheduled a meeting on my day off again.',
    'My best friend Oscar forgot we had plans and went to a concert instead.',
    'I feel like nobody at my new school even notices me.',
  ],
  zh: [
    '我妹妹总是借我的衣服，还回来都是皱的。',
    '我准备了一个月的面试，结果还是没过。',
    '领导周末又给我派活，我连歇口气的工夫都没有。',
    '好朋友周杰答应陪我去医院，临时又说不来了。',
    '刚转学过来，班上好像没有人愿意理我。',
  ],
};

function userMessages(lang: Language): string[] {
  const openers = loadScenarioSet(lang, 'test')
    .slice(0, 5)
    .map((profile) => profile.first_talk ?? '');
  return [...openers, ...OWN_MESSAGES[lang]];
}

const backend = await initTfBackend({ preferred: 'wasm' });
const policy = await loadCheckpointPolicy(flags.dir);
const tagger = createRuleTagger();
const samplesPerPrompt = Number(flags.samples);
const labelCounts = new Map<string, number>();
const report: Array<Record<string, unknown>> = [];

async function run(lang: Language, thinking: boolean, temperature: number, repeats: number): Promise<void> {
  const system = EMBEDDED_SYSTEM_PROMPTS[thinking ? 'thinking' : 'plain'][lang][0] as string;
  const prompts = userMessages(lang);
  const requests: PolicyRequest[] = prompts.flatMap((content) =>
    Array.from({ length: repeats }, () => ({
      messages: [
        { role: 'system', content: system },
        { role: 'user', content },
      ] as ChatMessage[],
    })),
  );
  const outputs = await policy.doAct({
    requests,
    sampling: { temperature, maxNewTokens: 80, seed: Number(flags.seed) },
  });
  outputs.forEach((output, index) => {
    const prompt = prompts[Math.floor(index / repeats)] as string;
    const { reply } = splitThinkReply(output.text);
    const labels = tagger.tag(reply, lang).labels;
    if (temperature > 0 && !thinking)
      for (const label of labels) labelCounts.set(label, (labelCounts.get(label) ?? 0) + 1);
    const format = thinking ? ` think-format ${thinkFormatOk(output.text) ? 'ok' : 'BAD'}` : '';
    console.log(
      `[${lang} t=${temperature}${thinking ? ' think' : ''}] ${prompt}\n  → ${output.text.replaceAll('\n', '⏎')}\n    labels ${labels.join(',')}${format}`,
    );
    report.push({
      lang,
      thinking,
      temperature,
      prompt,
      output: output.text,
      labels,
      finishReason: output.finishReason,
    });
  });
}

console.log(`backend ${backend}, ${policy.model.parameterCount()} parameters`);
for (const lang of ['en', 'zh'] as const) {
  await run(lang, false, 0, 1);
  await run(lang, false, 1, samplesPerPrompt);
  await run(lang, true, 1, 1);
}
const total = [...labelCounts.values()].reduce((a, b) => a + b, 0);
const sampled = report.filter((entry) => entry.temperature === 1 && !entry.thinking).length;
console.log(`\nlabel distribution over ${sampled} sampled plain replies (multi-label):`);
for (const [label, count] of [...labelCounts.entries()].sort((a, b) => b[1] - a[1])) {
  console.log(`  ${label.padEnd(22)} ${count} (${((100 * count) / sampled).toFixed(0)} % of replies)`);
}
const thinkEntries = report.filter((entry) => entry.thinking);
const thinkOk = thinkEntries.filter((entry) => thinkFormatOk(entry.output as string)).length;
console.log(`think format ok: ${thinkOk}/${thinkEntries.length}; labels counted ${total}`);
if (flags.json)
  writeFileSync(flags.json, `${JSON.stringify({ labelCounts: Object.fromEntries(labelCounts), report }, null, 2)}\n`);
