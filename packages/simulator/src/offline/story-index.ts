import { type Language, type Profile, personalityTypeOf } from '@rlver/spec';
import { EN_GENERIC_WORDS, ZH_GENERIC_BIGRAMS } from './story-stopwords';

/**
 * What the offline user knows about its own story, extracted once per dialogue from the profile and kept in
 * `SimulatorState.extra` (plain JSON). Works on the reference zh scenes and on the generated zh/en scenes.
 */
export interface StoryIndex {
  /** How the user calls themself in the scene (zh: full name; en: first name). */
  selfName: string;
  /** Other people named in the scene, most mentioned first. */
  otherNames: string[];
  /** Concrete words of the event (zh: character bigrams; en: lower-case words); excludes generic words. */
  keywords: string[];
  /**
   * zh only: further bigrams of the stages the user retells (their own words, so a reply repeating them is about
   * their story); matched after `keywords`. Empty for en (word stems of the scene already cover them).
   */
  toldWords: string[];
  /** Up to 4 short first-person retellings of the timeline stages, oldest first. */
  stages: string[];
}

const ZH_SURNAMES =
  '王李张刘陈杨黄赵周吴徐孙马胡朱郭何林高罗郑梁谢宋唐许韩冯邓曹彭曾肖田董潘袁蔡蒋余于杜叶程魏苏吕丁任卢姚沈钟姜崔谭陆范汪廖石金韦贾夏付方邹熊白孟秦邱侯江尹薛闫段雷龙黎史陶贺毛郝顾龚邵万钱戴严莫孔向常汤康易乔赖文';
const ZH_NAME = new RegExp(`[${ZH_SURNAMES}][\\u4e00-\\u9fff]{1,2}`, 'g');
const ZH_NAME_STOP = /[的了在和是说也对又不就都与把被让给向从却会要能还才已很更这那个们着过吗呢吧啊]/;
/** Common words that start with a surname character and are not names. */
const ZH_NOT_NAMES = new Set(
  '方案 方法 方式 方面 方向 方便 高兴 高中 高考 高层 高度 江湖 马上 黄金 金钱 金额 文化 文件 文字 常常 常见 任何 任务 石头 向往 万一 于是 程度 余额 白天 白色 夏天 安全 周末 周围 周年 周期 田地 曾经 史上 陆续 范围 孔子 严重 严格 毛病 龙头 司机 钱包 汤面 康复 易怒 贺卡 叶子 许多 许久 何必 何况 林子 花钱 时候 宋体 吕布 尹子'.split(
    ' ',
  ),
);

function eventSection(scene: string): string {
  const cut = scene.search(
    /\n#{1,4}\s*(?:2\s*[.、]|角色|Reactions)|\n\*\*(?:角色|玩家)[^\n]{0,8}(?:不同|emotion)|emotion高|####隐藏主题|#### Hidden theme/,
  );
  return cut > 0 ? scene.slice(0, cut) : scene;
}

function selfNameOf(profile: Profile, lang: Language): string {
  const match = /(?:姓名|Name)\s*[：:]\s*([^\n*]+)/.exec(profile.player);
  const full = (match?.[1] ?? '').trim();
  if (lang === 'en') return full.split(/\s+/)[0] ?? '';
  return full.replace(/[（(].*$/, '');
}

function countOccurrences(text: string, pattern: RegExp): Map<string, number> {
  const counts = new Map<string, number>();
  for (const match of text.matchAll(pattern)) counts.set(match[0], (counts.get(match[0]) ?? 0) + 1);
  return counts;
}

function zhOtherNames(scene: string, selfName: string): string[] {
  const counts = new Map<string, number>();
  for (const match of scene.matchAll(ZH_NAME)) {
    const three = match[0];
    const two = three.slice(0, 2);
    if (!ZH_NAME_STOP.test(two[1] ?? '')) counts.set(two, (counts.get(two) ?? 0) + 1);
    if (three.length === 3 && !ZH_NAME_STOP.test(three.slice(1))) counts.set(three, (counts.get(three) ?? 0) + 1);
  }
  const names = [...counts.entries()]
    .filter(([name, count]) => count >= (name.length === 2 ? 3 : 2) && !ZH_NOT_NAMES.has(name.slice(0, 2)))
    .filter(
      ([name]) =>
        !/[前后年月天周日时间里上下中]/.test(name.slice(1)) &&
        !selfName.includes(name) &&
        !name.includes(selfName.slice(1) || '\u0000'),
    )
    .filter(([name, count]) => name.length === 2 || count >= 0.8 * (counts.get(name.slice(0, 2)) ?? 0))
    .sort((a, b) => b[1] - a[1] || b[0].length - a[0].length)
    .map(([name]) => name);
  return names
    .filter((name) => !names.some((other) => other.length > name.length && other.startsWith(name)))
    .slice(0, 4);
}

function enOtherNames(scene: string, selfName: string): string[] {
  const counts = countOccurrences(scene, /(?<=[a-z,;’'] )[A-Z][a-z]{2,}/g);
  return [...counts.entries()]
    .filter(([name, count]) => count >= 2 && name !== selfName)
    .sort((a, b) => b[1] - a[1])
    .map(([name]) => name)
    .slice(0, 4);
}

/** Non-generic CJK bigrams of a text (none with a name character or a function character), by frequency. */
function zhBigrams(text: string, names: readonly string[], minCount = 1): string[] {
  const counts = new Map<string, number>();
  for (let index = 0; index + 2 <= text.length; index += 1) {
    const bigram = text.slice(index, index + 2);
    if (!/^[\u4e00-\u9fff]{2}$/.test(bigram)) continue;
    counts.set(bigram, (counts.get(bigram) ?? 0) + 1);
  }
  const nameCharacters = new Set(names.join(''));
  return [...counts.entries()]
    .filter(([bigram, count]) => count >= minCount && !ZH_GENERIC_BIGRAMS.has(bigram))
    .filter(([bigram]) => !nameCharacters.has(bigram[0] ?? '') && !nameCharacters.has(bigram[1] ?? ''))
    .filter(([bigram]) => !ZH_NAME_STOP.test(bigram[0] ?? '') && !ZH_NAME_STOP.test(bigram[1] ?? ''))
    .sort((a, b) => b[1] - a[1])
    .map(([bigram]) => bigram);
}

function zhKeywords(section: string, names: readonly string[]): string[] {
  return zhBigrams(section, names, 2).slice(0, 80);
}

/** Normalise an English word for matching: lower case, plural/past endings dropped. */
export function stemEnglish(word: string): string {
  return word
    .toLowerCase()
    .replace(/’/g, "'")
    .replace(/'s$/, '')
    .replace(/(?<=.{3})(?:ies)$/, 'y')
    .replace(/(?<=.{3})(?:es|s|ed|ing)$/, '');
}

function enKeywords(section: string, names: readonly string[]): string[] {
  const lowerNames = new Set(names.map((name) => name.toLowerCase()));
  const counts = new Map<string, number>();
  for (const match of section.matchAll(/[A-Za-z’']{4,}/g)) {
    const word = match[0].toLowerCase();
    if (EN_GENERIC_WORDS.has(word) || lowerNames.has(word)) continue;
    const stem = stemEnglish(word);
    if (EN_GENERIC_WORDS.has(stem)) continue;
    counts.set(stem, (counts.get(stem) ?? 0) + 1);
  }
  return [...counts.keys()].slice(0, 80);
}

const TIME_CUE =
  /(?:\d+|[一二三两四五六七八九十半几])(?:个)?(?:年|月|周|星期|天)(?:前|后)|当前|最近|如今|现在|上周|昨天|前天|不久前|年初|\b(?:ago|yesterday|last (?:week|month))\b/i;

function cleanLine(line: string): string {
  return line
    .replace(/\*\*/g, '')
    .replace(/^\s*(?:[-*]|\d+[.、)])\s*/, '')
    .trim();
}

function bulletStages(lines: readonly string[]): string[] {
  const stages: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const header = /^\s*[-*]\s*\*\*(.+?)\*\*\s*[:：]?\s*(.*)$/.exec(lines[index] ?? '');
    if (!header || !(TIME_CUE.test(header[1] ?? '') || /阶段|Stage/.test(header[1] ?? ''))) continue;
    let body = (header[2] ?? '').trim();
    for (let next = index + 1; body === '' && next < lines.length; next += 1) {
      const line = (lines[next] ?? '').trim();
      if (/^[-*]\s*\*\*/.test(line) || line.startsWith('**') || line.startsWith('#')) break;
      body = line;
    }
    if (body !== '') stages.push(body);
  }
  return stages;
}

function timedLines(lines: readonly string[]): string[] {
  return lines
    .map(cleanLine)
    .filter((line) => line.length > 8 && TIME_CUE.test(line))
    .map((line) => {
      const colon = line.search(/[：:]/);
      return colon >= 0 && colon < 24 ? line.slice(colon + 1).trim() : line;
    })
    .filter((line) => line.length > 6);
}

function stageParagraphs(section: string): string[] {
  const lines = section.split('\n');
  let stages = bulletStages(lines);
  if (stages.length < 3) stages = timedLines(lines);
  if (stages.length < 2) {
    stages = lines.map(cleanLine).filter((line) => line.length > 12 && !/[：:]$/.test(line));
  }
  if (stages.length <= 4) return stages;
  return [0, 1, 2, 3].map((slot) => stages[Math.round((slot * (stages.length - 1)) / 3)] as string);
}

function retell(paragraph: string, lang: Language, selfName: string): string {
  const sentence = (paragraph.split(lang === 'zh' ? /[。！？；]/ : /(?<=[.!?;])\s/)[0] ?? paragraph).trim();
  if (lang === 'zh') {
    let text = selfName ? sentence.split(selfName).join('我') : sentence;
    const comma = text.indexOf('，', 10);
    if (comma > 0 && comma <= 42) text = text.slice(0, comma);
    else if (text.length > 42) text = text.slice(0, 42);
    return text.replace(/[，,]$/, '');
  }
  let text = sentence.replace(/[.;]$/, '');
  if (selfName) {
    text = text
      .replace(new RegExp(`\\b${selfName}[’']s\\b`, 'g'), 'my')
      .replace(new RegExp(`^${selfName}\\b`), 'I')
      .replace(new RegExp(`\\b${selfName}\\b`, 'g'), 'me')
      .replace(/^I and (\w+)/, '$1 and I');
    if (/^I\b/.test(text)) text = text.replace(/\bthemselves\b/g, 'myself');
  }
  return text;
}

/** Build the story index of a profile (pure; ~0.2 ms for a reference-size scene). */
export function buildStoryIndex(profile: Profile, lang: Language): StoryIndex {
  const selfName = selfNameOf(profile, lang);
  const section = eventSection(profile.scene);
  const otherNames = lang === 'zh' ? zhOtherNames(section, selfName) : enOtherNames(section, selfName);
  const keywords =
    lang === 'zh' ? zhKeywords(section, [selfName, ...otherNames]) : enKeywords(section, [selfName, ...otherNames]);
  const stages = stageParagraphs(section).map((paragraph) => retell(paragraph, lang, selfName));
  const told = lang === 'zh' ? zhBigrams(stages.join('。'), [selfName, ...otherNames]) : [];
  return { selfName, otherNames, keywords, toldWords: told.filter((bigram) => !keywords.includes(bigram)), stages };
}

/** Personality type of a profile; unknown `main_cha` counts as passive (the most neutral). */
export function personalityOf(profile: Profile) {
  return personalityTypeOf(profile.main_cha) ?? 'passive';
}
