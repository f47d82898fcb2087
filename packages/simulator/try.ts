import { readFileSync } from 'node:fs';
import { buildStoryIndex } from './src/offline/story-index';
import { loadScenarioSet } from './src/profiles/index';
const lines = readFileSync('/work/shared/data/sage/profiles/test_profile.jsonl','utf8').trim().split('\n');
for (const l of lines.slice(0,3)) { const p = JSON.parse(l); console.log(buildStoryIndex(p,'zh')); }
console.log(buildStoryIndex(loadScenarioSet('zh','test')[0]!,'zh'));
console.log(buildStoryIndex(loadScenarioSet('en','test')[0]!,'en'));
