import { readFileSync } from 'node:fs';
import { detectGarbled } from './src/offline/text-signals';
import { COMMON_ZH_CHARACTERS } from './src/offline/common-zh-characters';
console.log(COMMON_ZH_CHARACTERS.size);
const rows = readFileSync('/work/shared/data/sage/transcripts/deepseek-v3/claude3.7.jsonl','utf8').trim().split('\n').map(l=>JSON.parse(l));
let n=0, g=0; const ratios:number[]=[];
for (const r of rows) for (const m of r.history) { n++; const rep = detectGarbled(m.content); if (rep.garbled) { g++; if (g<6) console.log(rep.reasons, m.content.slice(0,80)); } 
 const cjk=[...m.content].filter(c=>/[\u4e00-\u9fff]/.test(c)); ratios.push(cjk.filter(c=>COMMON_ZH_CHARACTERS.has(c)).length/Math.max(1,cjk.length)); }
ratios.sort((a,b)=>a-b); console.log(n,g, ratios[Math.floor(ratios.length*0.01)], ratios[Math.floor(ratios.length*0.5)]);
let rand=''; for (let i=0;i<40;i++) rand+=String.fromCharCode(0x4e00+Math.floor(((i*7919)%20000)));
console.log(detectGarbled(rand), detectGarbled('asdkj qwpoeiru zxmcnv lkjasd qweoiu'), detectGarbled('好的好的好的好的好的好的好的好的好的好的好的好的'), detectGarbled('!!!@@@###$$$%%%^^^'), detectGarbled('我觉得 это очень 좋은 idea 真的'), detectGarbled("I hear you, that sounds exhausting. What happened after the meeting?"));
