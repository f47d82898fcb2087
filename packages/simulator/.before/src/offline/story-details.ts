import type { Language } from '@rlver/spec';
import { type StoryIndex, stemEnglish } from './story-index';

/**
 * Concrete details of the user's story that a reply uses: event words (zh character bigrams, en word stems)
 * in order of appearance, then other people's names. Distinct, at most 6.
 */
export function findStoryDetails(reply: string, story: StoryIndex, lang: Language): string[] {
  const found: string[] = [];
  const add = (detail: string) => {
    if (!found.includes(detail) && found.length < 6) found.push(detail);
  };
  if (lang === 'zh') {
    const keywords = new Set(story.keywords);
    for (let index = 0; index + 2 <= reply.length && found.length < 6; index += 1) {
      const bigram = reply.slice(index, index + 2);
      if (keywords.has(bigram)) add(bigram);
    }
    return withNames(found, reply, story);
  }
  const keywords = new Set(story.keywords);
  for (const match of reply.matchAll(/[A-Za-z’']{4,}/g)) {
    if (found.length >= 6) break;
    if (keywords.has(stemEnglish(match[0]))) add(match[0]);
  }
  return withNames(found, reply, story);
}

/** Event words first (they name what the user did), then the other people's names. */
function withNames(found: string[], reply: string, story: StoryIndex): string[] {
  const names = story.otherNames.filter((name) => reply.includes(name) && !found.includes(name));
  return [...found, ...names].slice(0, 6);
}
