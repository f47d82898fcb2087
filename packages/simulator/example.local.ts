import { createOfflineSimulator, loadScenarioSet } from './src/index';
const simulator = createOfflineSimulator({ preset: 'sage' });
const pick = (lang: 'zh' | 'en', id: string) => loadScenarioSet(lang, 'test').find((p) => p.id === id)!;
const runs = [
  ['zh', process.argv[2] ?? 'zh-test-0004', (process.argv[3] ?? '').split('|').filter(Boolean)],
  ['en', process.argv[4] ?? 'en-test-0037', (process.argv[5] ?? '').split('|').filter(Boolean)],
] as const;
for (const [lang, id, replies] of runs) {
  const profile = pick(lang, id);
  if (replies.length === 0) { console.log(profile.scene.split('### 2')[0], profile.intention, profile.main_cha); continue; }
  console.log(`## ${lang} ${profile.id} (hidden intention ${profile.intention}, ${profile.main_cha})`);
  let turn = await simulator.doStart({ profile, seed: 1 });
  console.log(`user [${turn.emotion}]: ${turn.message}`);
  for (const reply of replies) {
    turn = await simulator.doRespond({ state: turn.state, reply });
    console.log(`policy: ${reply}\n  (inner thoughts: ${turn.innerThoughts})\nuser [${turn.emotion}, ${turn.delta > 0 ? '+' : ''}${turn.delta}]: ${turn.message}`);
  }
}
