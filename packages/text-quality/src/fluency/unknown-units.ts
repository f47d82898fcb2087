import type { Language } from '@rlver/spec';
import { fluencyModel } from './load-fluency-model';

/**
 * Characters of a zh text that the shipped fluency model has never seen (its 8,000 units come from the scenarios, the
 * embedded policy's corpus and the jieba dictionary): a collapsing policy samples them ("那颾了心久"), a person
 * rarely writes them (strong models' SAGE replies: 30 of 6,290 hold one). en words are too open a set to call
 * unknown; en returns none.
 */
export function unknownUnits(text: string, lang: Language): string[] {
  if (lang !== 'zh') return [];
  const model = fluencyModel('zh');
  return [...text].filter((character) => /[\u4e00-\u9fff]/.test(character) && !model.knows(character));
}
