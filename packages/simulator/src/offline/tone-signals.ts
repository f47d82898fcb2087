import type { Language } from '@rlver/spec';
import { stemEnglish } from './story-index';
import { EN_GENERIC_WORDS, ZH_GENERIC_BIGRAMS } from './story-stopwords';

/** Canned counselling phrases: the more a reply is made of them, the less it feels like a person talking. */
const CLICHES: Readonly<Record<Language, RegExp>> = {
  zh: /听起来|我能理解|能理解你|确实会让人|确实让人|一定很|你的感受(?:是|很)|每个人都|请记住|无论如何|感到(?:困扰|困惑|失落|无奈|沮丧|焦虑|不安)|这(?:种|样)的(?:感受|情况|心情)|是很正常的|完全可以理解|值得被|你并不孤单|重要的是|希望你能|慢慢来|给自己一些时间|照顾好自己/g,
  en: /it sounds like|sounds like you|i understand how you feel|i can understand|that must be (?:so |really )?(?:hard|difficult|tough)|(?:it'?s|it is) (?:completely |totally )?(?:normal|okay|understandable) to|your feelings are valid|remember that|take care of yourself|it'?s important to|you(?:'re| are) not alone|give yourself (?:some )?time|everyone (?:goes through|feels)|at the end of the day/gi,
};

/** Casual, warm markers: modal particles, laughter, exclamations (zh); interjections and exclamations (en). */
const WARMTH: Readonly<Record<Language, RegExp>> = {
  zh: /[呢啦呀嘛呗哇诶嘿]|哈哈|[~～！!]/g,
  en: /!|\b(?:haha|hah|oh|wow|ugh|aw+|yeah|honestly|seriously|gosh|ooh)\b|:\)|😊|😅/gi,
};

function count(text: string, pattern: RegExp): number {
  pattern.lastIndex = 0;
  return text.match(pattern)?.length ?? 0;
}

/** How many canned counselling phrases a reply contains. */
export function clicheCount(text: string, lang: Language): number {
  return count(text, CLICHES[lang]);
}

/** How many warm, casual markers a reply contains. */
export function warmthCount(text: string, lang: Language): number {
  return count(text, WARMTH[lang]);
}

export function contentUnits(text: string, lang: Language): Set<string> {
  const units = new Set<string>();
  if (lang === 'zh') {
    for (const run of text.match(/[\u4e00-\u9fff]{2,}/g) ?? []) {
      for (let index = 0; index + 2 <= run.length; index += 1) {
        const bigram = run.slice(index, index + 2);
        if (!ZH_GENERIC_BIGRAMS.has(bigram)) units.add(bigram);
      }
    }
    return units;
  }
  for (const word of text.toLowerCase().match(/[a-z’']{4,}/g) ?? []) {
    if (!EN_GENERIC_WORDS.has(word)) units.add(stemEnglish(word));
  }
  return units;
}

/** Distinct content units (zh bigrams / en word stems, generic ones excluded) shared with the user's last message. */
export function echoCount(reply: string, lastUserMessage: string, lang: Language): number {
  return echoStats(reply, lastUserMessage, lang).shared;
}

/**
 * Shared content units with the user's last message, how many content units that message had (`offered`), and
 * how many the reply has (`own`): `shared / own` is the share of the reply that is the user's own words.
 */
export function echoStats(
  reply: string,
  lastUserMessage: string,
  lang: Language,
): { shared: number; offered: number; own: number } {
  const user = contentUnits(lastUserMessage, lang);
  const units = contentUnits(reply, lang);
  if (user.size === 0) return { shared: 0, offered: 0, own: units.size };
  let shared = 0;
  for (const unit of units) if (user.has(unit)) shared += 1;
  return { shared, offered: user.size, own: units.size };
}
