import { createOfflineSimulator } from './src/offline/offline-simulator';
import { loadScenarioSet } from './src/profiles/scenario-set';
const sim = createOfflineSimulator({ preset: 'sage' });
const praise = ['你在这件事里做得真的很好，换作别人早就放弃了！','我特别佩服你，一直那么坚持，你超棒的！','你的勇气和担当让人敬佩，这件事你处理得非常好！','说真的，你已经做得够出色了，值得骄傲。','能扛到现在，你真厉害，我很欣赏你这份韧劲！','你处理得很冷静，也很有分寸，做得太对了。','换我未必能做到你这样，你真的了不起！','你付出的那些努力，我全都看在眼里，真棒！','你一直在认真面对，这份用心特别难得！'];
const enPraise = ['You handled this so well, honestly I admire you!', 'I am really impressed by how strong you have been.', 'You did everything right here, you should be proud!', 'That took real courage, well done.', 'Honestly, you have been amazing through all of this!', 'I admire how patient and kind you were.', 'You did a great job, seriously!', 'Not many people would have handled it as well as you did.', 'You should be proud of yourself, truly!'];
for (const lang of ['zh','en'] as const) {
  const res: Record<string, number[]> = {};
  for (const p of loadScenarioSet(lang,'test')) {
    let s = (await sim.doStart({ profile: p, seed: 7 })).state; let e = 40;
    for (const r of (lang==='zh'?praise:enPraise)) { const o = await sim.doRespond({ state: s, reply: r }); s = o.state; e = o.emotion; if (o.ended) break; }
    (res[`${p.intention}:${p.main_cha}`] ??= []).push(e); (res[p.intention!] ??= []).push(e);
  }
  for (const k of Object.keys(res).sort()) console.log(lang, k, (res[k]!.reduce((a,b)=>a+b,0)/res[k]!.length).toFixed(0), res[k]!.length);
}
