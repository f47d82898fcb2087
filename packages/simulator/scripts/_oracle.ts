import { loadScenarioSet } from '../src/profiles/scenario-set';
import { createOfflineSimulator } from '../src/offline/offline-simulator';
import { createOraclePolicy } from '../src/offline/test/oracle-policy';
const lang = (process.argv[2] ?? 'en') as 'en' | 'zh';
const simulator = createOfflineSimulator({ preset: 'sage' });
for (const [index, profile] of loadScenarioSet(lang, 'test').slice(0, 24).entries()) {
  const seed = index + 1;
  let { state } = await simulator.doStart({ profile, seed });
  const policy = createOraclePolicy({ profile, seed });
  for (let t = 0; t < 8; t++) {
    const messages = state.history.map((m) => ({ role: m.role === 'user' ? 'user' : 'assistant', content: m.content })) as never;
    const [out] = await policy.doAct({ requests: [{ messages }] });
    const reply = out?.text ?? '';
    const r = await simulator.doRespond({ state, reply });
    if (/not what I said|我不是这么说的|never said|没说过/.test(r.innerThoughts)) console.log(profile.id, t, JSON.stringify(reply), '\n   ', r.innerThoughts.slice(0, 160), '\n    user:', state.history.filter((m) => m.role === 'user').map((m) => m.content).join(' | ').slice(0, 400));
    state = r.state;
    if (r.ended) break;
  }
}
