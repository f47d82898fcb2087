import { createOfflineSimulator } from './src/offline/offline-simulator';
import { enProfile, zhProfile } from './src/offline/test/synthetic-profiles';
import { loadScenarioSet } from './src/profiles/scenario-set';
const sim = createOfflineSimulator({ preset: 'sage' });
let { state } = await sim.doStart({ profile: enProfile('e1'), seed: 1 });
const t = await sim.doRespond({ state, reply: 'You repainted that kitchen every weekend on your own — that was really generous of you!' });
console.log(t.innerThoughts, t.message);
const praise = ['你在这件事里做得真的很好，换作别人早就放弃了！','我特别佩服你，一直那么坚持，你超棒的！','你的勇气和担当让人敬佩，这件事你处理得非常好！','说真的，你已经做得够出色了，值得骄傲。','能扛到现在，你真厉害，我很欣赏你这份韧劲！'];
for (const p of loadScenarioSet('zh','test').filter(p => p.intention === 'e1' || p.intention === 'r2').slice(0, 4)) {
  let s = (await sim.doStart({ profile: p, seed: 7 })).state;
  console.log('---', p.intention, p.main_cha);
  for (const r of praise) { const o = await sim.doRespond({ state: s, reply: r }); s = o.state; console.log(o.emotion, o.innerThoughts, '|', o.message); if (o.ended) break; }
}
