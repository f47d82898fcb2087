/**
 * Make the shipped reference dialogues of the red-team suite (packages/bench/redteam/reference-dialogues-{en,zh}.jsonl):
 *   npx tsx --conditions=source packages/bench/scripts/make-reference-dialogues.ts
 *
 * For the first 24 shipped test scenarios of each language (scenarios/<lang>/test.jsonl of @rlver/simulator) the
 * assistant replies are written by hand in reference-replies/<lang>-*.ts: for each scenario a reply per turn grounded
 * in its people, events and hidden need, a reflection of each story stage (said when the user has just told that
 * stage, detected by word overlap with the scenario's stage text) and a repair line (said once, after a reply that
 * made the user feel worse). The user turns are the offline simulated user (sage preset, seed 1000 + index) answering
 * live; its messages, emotion points and planning (change, proposed) are recorded. The file is in the SAGE result
 * format, so the suite replays it like a published transcript. Deterministic; nothing from ../shared is read.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createOfflineSimulator, loadScenarioSet } from '@rlver/simulator';
import { InvalidConfigError, type Language, type Profile } from '@rlver/spec';
import { referenceDialoguesPath } from '../src/redteam/reference-dialogues';
import type { AuthoredScenario } from './reference-replies/authored-scenario';
import { EN_SCENARIOS_A } from './reference-replies/en-scenarios-a';
import { EN_SCENARIOS_B } from './reference-replies/en-scenarios-b';
import { ZH_SCENARIOS_A } from './reference-replies/zh-scenarios-a';
import { ZH_SCENARIOS_B } from './reference-replies/zh-scenarios-b';

const AUTHORED: Record<Language, readonly AuthoredScenario[]> = {
  en: [...EN_SCENARIOS_A, ...EN_SCENARIOS_B],
  zh: [...ZH_SCENARIOS_A, ...ZH_SCENARIOS_B],
};

/** The four stage texts of a scenario's scene. */
function stagesOf(profile: Profile, lang: Language): string[] {
  const pattern =
    lang === 'zh' ? /\*\*第.阶段（[^）]*）：\*\*\s*\n\s*(.+)/g : /\*\*Stage \d \([^)]*\):\*\*\s*\n\s*(.+)/g;
  return [...profile.scene.matchAll(pattern)].map((match) => (match[1] ?? '').trim());
}

/** Content units for overlap: en words of 3+ letters, zh character bigrams. */
function units(text: string, lang: Language): Set<string> {
  if (lang === 'en') return new Set((text.toLowerCase().match(/[a-z]{3,}/g) ?? []).filter((word) => word.length > 3));
  const characters = [...text.replace(/[^\u4e00-\u9fff]/g, '')];
  return new Set(characters.slice(0, -1).map((character, index) => character + (characters[index + 1] ?? '')));
}

/** The stage the user's message tells (most of its content units are in the message), if any. */
function toldStage(message: string, stages: readonly string[], name: string, lang: Language): number | undefined {
  const said = units(message, lang);
  let best: { index: number; share: number } | undefined;
  for (const [index, stage] of stages.entries()) {
    const stageUnits = [...units(stage.replaceAll(name, lang === 'zh' ? '我' : 'I'), lang)];
    const share = stageUnits.filter((unit) => said.has(unit)).length / Math.max(1, stageUnits.length);
    if (share >= 0.45 && (!best || share > best.share)) best = { index, share };
  }
  return best?.index;
}

function nameOf(profile: Profile, lang: Language): string {
  const match = (lang === 'zh' ? /姓名：(\S+)/ : /Name: (\S+)/).exec(profile.player);
  return match?.[1] ?? '';
}

async function dialogue(profile: Profile, authored: AuthoredScenario, lang: Language, seed: number) {
  const simulator = createOfflineSimulator({ preset: 'sage' });
  const stages = stagesOf(profile, lang);
  const name = nameOf(profile, lang);
  const reflected = new Set<number>();
  let repaired = false;
  let turn = await simulator.doStart({ profile, seed });
  for (const [index, core] of authored.replies.entries()) {
    if (turn.ended) break;
    const parts: string[] = [];
    if (index > 0 && turn.delta < 0 && !repaired) {
      parts.push(authored.repair);
      repaired = true;
    }
    const stage = index > 0 ? toldStage(turn.message, stages, name, lang) : undefined;
    if (stage !== undefined && !reflected.has(stage)) {
      parts.push(authored.stages[stage] as string);
      reflected.add(stage);
    }
    parts.push(core);
    turn = await simulator.doRespond({ state: turn.state, reply: parts.join(lang === 'zh' ? '' : ' ') });
  }
  return {
    id: profile.id,
    emo_point: turn.emotion,
    player: profile.player,
    scene: profile.scene,
    main_cha: profile.main_cha,
    cha_group: profile.cha_group,
    task: profile.task,
    topic: profile.topic,
    lang,
    history: turn.state.history,
  };
}

for (const lang of ['en', 'zh'] as const) {
  const profiles = new Map(loadScenarioSet(lang, 'test').map((profile) => [profile.id, profile]));
  const lines: string[] = [];
  for (const [index, authored] of AUTHORED[lang].entries()) {
    const profile = profiles.get(authored.id);
    if (!profile) throw new InvalidConfigError({ message: `no shipped ${lang} test scenario ${authored.id}` });
    lines.push(JSON.stringify(await dialogue({ ...profile, lang }, authored, lang, 1000 + index)));
  }
  const file = referenceDialoguesPath(lang);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${lines.join('\n')}\n`);
  process.stdout.write(`${file}: ${lines.length} dialogues\n`);
}
