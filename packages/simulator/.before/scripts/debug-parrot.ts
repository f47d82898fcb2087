import { loadScenarioSet } from '/work/main/packages/simulator/src/profiles/scenario-set';
import { createOfflineSimulator } from '/work/main/packages/simulator/src/offline/offline-simulator';
import { createOraclePolicy } from '/work/main/packages/simulator/src/offline/test/oracle-policy';
import { createListPolicy, runDialogue } from '/work/main/packages/simulator/src/offline/test/run-dialogue';
const profile = loadScenarioSet('zh', 'test').find((c) => c.intention === 'e1')!;
const simulator = createOfflineSimulator({ preset: 'rlver-train', noise: 0 });
const first = await runDialogue(simulator, createOraclePolicy({ profile, seed: 3 }), profile, 3);
const opener = first.messages.find((m) => m.role === 'assistant')?.content ?? '';
const parrot = await runDialogue(simulator, createListPolicy([opener]), profile, 3);
console.log(opener, parrot.deltas);
let state = (await simulator.doStart({ profile, seed: 3 })).state;
for (let i = 0; i < 6; i++) { const t = await simulator.doRespond({ state, reply: opener }); console.log(t.delta, t.innerThoughts); state = t.state; }
