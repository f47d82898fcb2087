// TEMP debug: mean points per reason code for a policy over the test scenarios.
import { createTemplatePolicy } from '@rlver/env';
import type { ChatMessage, Language, Profile, StrategyLabel } from '@rlver/spec';
import { createRuleTagger, INTENTION_STRATEGIES } from '@rlver/strategies';
import type { EmotionPresetName } from '../src/emotion/emotion-presets';
import { judgeReply } from '../src/offline/judge-reply';
import { createOfflineSimulator } from '../src/offline/offline-simulator';
import type { OfflineMemory } from '../src/offline/offline-state';
import { personalityOf } from '../src/offline/story-index';
import { createOraclePolicy } from '../src/offline/test/oracle-policy';
import { loadScenarioSet } from '../src/profiles/scenario-set';

const lang = (process.argv[2] ?? 'zh') as Language;
const which = process.argv[3] ?? 'praise';
const preset = (process.argv[4] ?? 'sage') as EmotionPresetName;
const show = Number(process.argv[5] ?? 0);
const simulator = createOfflineSimulator({ preset });
const tagger = createRuleTagger();
const sums = new Map<string, { n: number; total: number }>();
const deltas = new Map<number, number>();
let shown = 0;
const byIntent = new Map<string, number[]>();
for (const [index, profile] of loadScenarioSet(lang, 'test').entries()) {
  const policy =
    which === 'oracle' || which === 'shotgun'
      ? createOraclePolicy({ profile: profile as Profile, seed: 1 + index, mode: which })
      : createTemplatePolicy({ label: (which === 'ot' ? INTENTION_STRATEGIES[profile.intention ?? 'e2'].satisfies[0] : which) as StrategyLabel, lang, seed: 1 });
  let turn = await simulator.doStart({ profile, seed: 1 + index });
  const messages: ChatMessage[] = [
    { role: 'system', content: 's' },
    { role: 'user', content: turn.message },
  ];
  for (let t = 0; t < 9; t += 1) {
    const [out] = await policy.doAct({ requests: [{ messages }] });
    const reply = out?.text ?? '';
    const state = turn.state;
    const memory = state.extra.offline as OfflineMemory;
    const judgement = judgeReply({
      reply,
      lang,
      intention: profile.intention,
      personality: personalityOf(profile),
      story: memory.story,
      earlierReplies: state.history.filter((m) => m.role === 'assistant').map((m) => m.content),
      lastUserMessage: state.history.findLast((m) => m.role === 'user')?.content ?? '',
      emotion: state.emotion,
      recentDeltas: memory.deltas,
      tags: tagger.tag(reply, lang),
    });
    for (const reason of judgement.reasons) {
      const key = reason.code === 'need-met' || reason.code === 'disliked' ? `${reason.code}` : reason.code;
      const entry = sums.get(key) ?? { n: 0, total: 0 };
      entry.n += 1;
      entry.total += reason.points;
      sums.set(key, entry);
    }
    turn = await simulator.doRespond({ state, reply });
    deltas.set(turn.delta, (deltas.get(turn.delta) ?? 0) + 1);
    if (shown < show) {
      process.stdout.write(
        `[${profile.intention} ${profile.main_cha} ${state.emotion}] ${reply}\n   → ${turn.delta} ${turn.innerThoughts}\n   user: ${turn.message}\n`,
      );
    }
    messages.push({ role: 'assistant', content: reply }, { role: 'user', content: turn.message });
    if (turn.ended) break;
  }
  shown += 1;
  const key = process.env.BY === 'p' ? `${profile.main_cha}` : `${profile.intention}`;
  const e = byIntent.get(key) ?? [];
  e.push(turn.emotion);
  byIntent.set(key, e);
}
const turns = [...deltas.values()].reduce((a, b) => a + b, 0);
process.stdout.write(`turns ${turns}; deltas ${JSON.stringify([...deltas.entries()].sort((a, b) => a[0] - b[0]))}\n`);
for (const [code, { n, total }] of [...sums.entries()].sort((a, b) => a[1].total - b[1].total)) {
  process.stdout.write(
    `${code.padEnd(20)} fired ${String(n).padStart(4)}  mean ${(total / n).toFixed(2).padStart(6)}  per-turn ${(total / turns).toFixed(2).padStart(6)}\n`,
  );
}

process.stdout.write(
  [...byIntent.entries()]
    .sort()
    .map(([k, v]) => `${k}:${(v.reduce((a, b) => a + b, 0) / v.length).toFixed(0)}(${v.length})`)
    .join(' ') + '\n',
);
