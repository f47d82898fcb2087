/**
 * Which decoding rules (`decodingRules`, @rlver/model logits-rules.ts) for the embedded policy? Replies to the
 * held-out openings (never pretrained on) under the brief RL system prompt, once per rule variant, with the
 * same seeds: degenerate share by kind (the project's audit), share of quoted spans the user said verbatim, and
 * how exactly scoring reproduces the sampled log-probs (max |scored − sampled|). For the unruled replies, also the
 * share of replies a no-repeat n-gram rule of each size would have changed, clean and degenerate apart.
 *
 *   npx tsx --conditions=source apps/train/scripts/measure-decoding-rules.ts [--dir DIR] [--limit 40]
 *     [--samples 2] [--variants off,script,n3,n4,n5,n4+script] [--json FILE]
 *
 * With `--replies FILE.jsonl` (a run's `rollouts.jsonl` or `after/results.jsonl`) it measures instead which of
 * those replies each rule would have changed: repeated token n-grams (n = 2…6) and script-forbidden tokens, in
 * the replies the audit calls clean and in those it flags (repetition or stutter; mixed language).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { initTfBackend, type LogitsRulesConfig, NO_LOGITS_RULES, scoreSequencesMinibatched } from '@rlver/model';
import { createPolicyLogitsRules, embeddedModelDirectory, loadCheckpointPolicy } from '@rlver/policy';
import { loadScenarioSet } from '@rlver/simulator';
import { briefPolicySystemPrompt, type ChatMessage, type Language, type PolicyRequest } from '@rlver/spec';
import { auditReply, DEGENERATE_KINDS } from '../../../packages/text-quality/src/index';
import { quotedSpans, saidByUser } from '../../../tools/embedded-model/scripts/quoted-spans';

const { values: flags } = parseArgs({
  options: {
    dir: { type: 'string', default: embeddedModelDirectory() },
    limit: { type: 'string', default: '40' },
    samples: { type: 'string', default: '2' },
    temperature: { type: 'string', default: '0.7' },
    'max-new-tokens': { type: 'string', default: '64' },
    seed: { type: 'string', default: '11' },
    variants: { type: 'string', default: 'off,script,n3,n4,n5,n4+script' },
    replies: { type: 'string' },
    json: { type: 'string' },
  },
  strict: true,
});

/** `off`, `script`, `nK`, `eK` (earlier replies), `rK` (token run), `qK` (quote rule, min units) joined by `+`. */
function parseVariant(name: string): LogitsRulesConfig {
  const config = { ...NO_LOGITS_RULES };
  for (const part of name.split('+')) {
    if (part === 'off') continue;
    if (part === 'script') config.script = true;
    else if (/^n\d+$/.test(part)) config.noRepeatNgramSize = Number(part.slice(1));
    else if (/^e\d+$/.test(part)) config.earlierReplyNgramSize = Number(part.slice(1));
    else if (/^r\d+$/.test(part)) config.maxTokenRun = Number(part.slice(1));
    else if (/^q\d+$/.test(part)) config.quoteMinUnits = Number(part.slice(1));
    else
      throw new Error(`--variants: unknown part "${part}" in "${name}"; use off, script, nK, eK, rK or qK joined by +`);
  }
  return config;
}

/** Whether a reply leaves a quote open: more “ than ”, more 「 than 」, or an odd number of straight double quotes. */
function hasUnclosedQuote(text: string): boolean {
  const count = (mark: string) => text.split(mark).length - 1;
  return count('“') > count('”') || count('「') > count('」') || count('"') % 2 === 1;
}

/** Whether a token row has a token more than `run` times in a row (what maxTokenRun = run forbids). */
function longerRun(ids: readonly number[], run: number): boolean {
  let same = 1;
  for (let index = 1; index < ids.length; index += 1) {
    same = ids[index] === ids[index - 1] ? same + 1 : 1;
    if (same > run) return true;
  }
  return false;
}

/** Whether a token row has an n-gram twice (what a no-repeat rule of size n forbids). */
function repeatsNgram(ids: readonly number[], n: number): boolean {
  const seen = new Set<string>();
  for (let index = 0; index + n <= ids.length; index += 1) {
    const key = ids.slice(index, index + n).join(',');
    if (seen.has(key)) return true;
    seen.add(key);
  }
  return false;
}

/** Which replies of a run each rule would have changed, by what the audit says of them. */
async function measureReplies(file: string): Promise<void> {
  const policy = await loadCheckpointPolicy(flags.dir as string);
  const rules = createPolicyLogitsRules(
    policy.tokenizer,
    policy.model.vocabSize,
    { ...NO_LOGITS_RULES, script: true },
    [...policy.tokenizer.eosTokenIds],
  );
  const groups = ['clean', 'repetition/stutter', 'mixed_language', 'other degenerate'] as const;
  const counts = Object.fromEntries(
    groups.map((group) => [group, { replies: 0, script: 0, n2: 0, n3: 0, n4: 0, n5: 0, n6: 0, r1: 0, r2: 0 }]),
  ) as Record<string, Record<string, number>>;
  const examples: Record<string, string[]> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const trajectory = JSON.parse(line) as {
      lang: Language;
      turns: { reply: string; alternatives?: { reply: string }[] }[];
    };
    for (const turn of trajectory.turns.flatMap((item) => [item, ...(item.alternatives ?? [])])) {
      if (turn.reply.trim() === '') continue;
      const flagged = Object.keys(auditReply(turn.reply, trajectory.lang).evidence);
      const group =
        flagged.length === 0
          ? 'clean'
          : flagged.includes('repetition') || flagged.includes('stutter')
            ? 'repetition/stutter'
            : flagged.includes('mixed_language')
              ? 'mixed_language'
              : 'other degenerate';
      const entry = counts[group] as Record<string, number>;
      entry.replies = (entry.replies ?? 0) + 1;
      const ids = policy.tokenizer.encode(turn.reply);
      if (ids.some((id) => rules.scriptForbids(trajectory.lang, id))) entry.script = (entry.script ?? 0) + 1;
      for (const run of [1, 2]) if (longerRun(ids, run)) entry[`r${run}`] = (entry[`r${run}`] ?? 0) + 1;
      for (const n of [2, 3, 4, 5, 6]) {
        if (repeatsNgram(ids, n)) {
          entry[`n${n}`] = (entry[`n${n}`] ?? 0) + 1;
          if (n === 4 && group === 'clean') examples.cleanN4 = [...(examples.cleanN4 ?? []), turn.reply];
        }
      }
    }
  }
  for (const group of groups) {
    const entry = counts[group] as Record<string, number>;
    const share = (key: string) => `${((100 * (entry[key] ?? 0)) / Math.max(1, entry.replies ?? 0)).toFixed(1)} %`;
    console.log(
      `${group}: ${entry.replies} replies; changed by the script rule ${share('script')}, by no-repeat n = 2…6: ${[2, 3, 4, 5, 6].map((n) => share(`n${n}`)).join(' / ')}, by maxTokenRun 1 / 2: ${share('r1')} / ${share('r2')}`,
    );
  }
  for (const reply of (examples.cleanN4 ?? []).slice(0, 5)) console.log(`  clean, repeats a 4-gram: ${reply}`);
  policy.model.dispose();
}

await initTfBackend();
if (flags.replies) {
  await measureReplies(flags.replies);
  process.exit(0);
}
const report: Record<string, unknown> = { dir: flags.dir };
const repeats = Number(flags.samples);
const requestsByLang = new Map<Language, { openings: string[]; requests: PolicyRequest[] }>();
for (const lang of ['zh', 'en'] as Language[]) {
  const openings = loadScenarioSet(lang, 'test')
    .slice(0, Number(flags.limit))
    .map((profile) => profile.first_talk ?? '')
    .filter((text) => text.length > 0);
  const requests = openings.flatMap((content, index) =>
    Array.from({ length: repeats }, (_, sample) => ({
      messages: [
        { role: 'system', content: briefPolicySystemPrompt(lang) },
        { role: 'user', content },
      ] as ChatMessage[],
      seed: index * 100 + sample,
    })),
  );
  requestsByLang.set(lang, { openings, requests });
}

for (const variant of (flags.variants as string).split(',')) {
  const decodingRules = parseVariant(variant);
  const policy = await loadCheckpointPolicy(flags.dir as string, { decodingRules, maxContextTokens: 320 });
  const variantReport: Record<string, unknown> = { decodingRules };
  for (const [lang, { openings, requests }] of requestsByLang) {
    const started = Date.now();
    const outputs = await policy.doAct({
      requests,
      sampling: {
        temperature: Number(flags.temperature),
        maxNewTokens: Number(flags['max-new-tokens']),
        seed: Number(flags.seed),
      },
    });
    const kinds = Object.fromEntries(DEGENERATE_KINDS.map((kind) => [kind, 0])) as Record<string, number>;
    let degenerate = 0;
    let spans = 0;
    let verbatim = 0;
    let unclosed = 0;
    let quoting = 0;
    const touched: Record<string, { clean: number; degenerate: number }> = {};
    const cleanCount = { clean: 0, degenerate: 0 };
    outputs.forEach((output, index) => {
      const audit = auditReply(output.text, lang);
      const flagged = Object.keys(audit.evidence);
      if (flagged.length > 0) degenerate += 1;
      for (const kind of flagged) kinds[kind] = (kinds[kind] ?? 0) + 1;
      const user = openings[Math.floor(index / repeats)] as string;
      if (/[“"「]/.test(output.text)) quoting += 1;
      if (hasUnclosedQuote(output.text)) unclosed += 1;
      for (const span of quotedSpans(output.text)) {
        spans += 1;
        if (saidByUser(span, user)) verbatim += 1;
      }
      const group = flagged.length > 0 ? 'degenerate' : 'clean';
      cleanCount[group] += 1;
      for (const n of [2, 3, 4, 5, 6]) {
        const entry = touched[`n${n}`] ?? { clean: 0, degenerate: 0 };
        touched[`n${n}`] = entry;
        if (repeatsNgram(output.tokens?.outputIds ?? [], n)) entry[group] += 1;
      }
    });
    // Exactness: score prompt + sampled ids under the same rules and compare with the sampled log-probs.
    const sequences = outputs.map((output) => [
      ...(output.tokens?.promptIds ?? []),
      ...(output.tokens?.outputIds ?? []),
    ]);
    const scored = await scoreSequencesMinibatched(policy.model, {
      sequences,
      temperature: Number(flags.temperature),
      batchSize: 16,
    });
    let maxDifference = 0;
    outputs.forEach((output, index) => {
      const prompt = output.tokens?.promptIds.length ?? 0;
      (output.tokens?.logProbs ?? []).forEach((sampled, step) => {
        const value = scored[index]?.logProbs[prompt - 1 + step] as number;
        maxDifference = Math.max(maxDifference, Math.abs(value - sampled));
      });
    });
    const share = (count: number) => `${((100 * count) / outputs.length).toFixed(1)} %`;
    console.log(
      `[${variant} ${lang}] ${outputs.length} replies: degenerate ${share(degenerate)} (${DEGENERATE_KINDS.map((kind) => `${kind} ${kinds[kind]}`).join(', ')}); ` +
        `quoting ${share(quoting)}, unclosed quote ${share(unclosed)}; quoted spans ${spans}, verbatim ${spans > 0 ? ((100 * verbatim) / spans).toFixed(1) : '–'} %; max |scored − sampled| log-prob ${maxDifference.toExponential(2)} (${Math.round((Date.now() - started) / 1000)} s)`,
    );
    if (variant === 'off') {
      console.log(
        `  replies a no-repeat rule would change (clean ${cleanCount.clean} / degenerate ${cleanCount.degenerate}): ${Object.entries(
          touched,
        )
          .map(([n, counts]) => `${n} ${counts.clean}/${counts.degenerate}`)
          .join(', ')}`,
      );
    }
    for (const output of outputs.slice(0, 4 * repeats).filter((_, index) => index % repeats === 0)) {
      console.log(`  → ${output.text.replaceAll('\n', '⏎')}`);
    }
    variantReport[lang] = {
      replies: outputs.length,
      degenerate,
      kinds,
      spans,
      verbatim,
      quoting,
      unclosed,
      maxDifference,
      touched: variant === 'off' ? { ...touched, counts: cleanCount } : undefined,
      replies_text: outputs.map((output) => output.text),
    };
  }
  policy.model.dispose();
  report[variant] = variantReport;
}
if (flags.json) writeFileSync(flags.json, `${JSON.stringify(report, null, 2)}\n`);
