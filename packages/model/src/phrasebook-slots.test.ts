import { describe, expect, it } from 'vitest';
import { enNounPhrases, groundedSlotOptions, slotFillingFlaw, zhFragments } from './phrasebook-slots';

const zhWords = new Intl.Segmenter('zh', { granularity: 'word' });

/** Whether `fragment` occurs in `message` starting and ending on word boundaries. */
function onWordBoundaries(fragment: string, message: string): boolean {
  const bounds = new Set<number>();
  for (const { index, segment } of zhWords.segment(message)) {
    bounds.add(index);
    bounds.add(index + segment.length);
  }
  for (let at = message.indexOf(fragment); at >= 0; at = message.indexOf(fragment, at + 1))
    if (bounds.has(at) && bounds.has(at + fragment.length)) return true;
  return false;
}

describe('zh fragments', () => {
  // Messages of our own, shaped like the held-out openings whose fragments used to cut words.
  const messages = [
    '就因为那张改过的截图，我现在都不敢上网看评论。',
    '我那份改了三遍的方案又被退回来了。',
    '今天早上醒来脑子里全是昨天的事。',
    '我只跟室友说过的秘密，现在全班都知道了。',
    '放学后我一个人在操场上坐了很久，不想回宿舍。',
  ];

  it('start and end every fragment on a word boundary', () => {
    for (const message of messages) {
      const fragments = zhFragments(message);
      for (const fragment of fragments)
        expect(onWordBoundaries(fragment, message), `${fragment} in ${message}`).toBe(true);
    }
  });

  it('keep content words and leave out function and time words', () => {
    expect(zhFragments('我那份改了三遍的方案又被退回来了。')).toContain('方案');
    expect(zhFragments('就因为那张改过的截图，我现在都不敢上网看评论。')).toContain('评论');
    expect(zhFragments('放学后我一个人在操场上坐了很久，不想回宿舍。')).toContain('宿舍');
    for (const message of messages)
      for (const fragment of zhFragments(message)) expect(slotFillingFlaw(fragment, 'zh'), fragment).toBeUndefined();
    expect(zhFragments('今天早上我知道了。')).toEqual([]);
  });

  it('never gives a half-word the old character cutter gave', () => {
    // The old cutter broke on single function characters: "那份改了" gave "份改", "不敢上网" gave "敢上网".
    const all = messages.flatMap((message) => zhFragments(message));
    expect(all).not.toContain('份改');
    expect(all).not.toContain('敢上网');
    expect(all.every((fragment) => [...fragment].length >= 2 && [...fragment].length <= 4)).toBe(true);
  });

  it('leave out the names to avoid', () => {
    expect(zhFragments('林梓涵拿走了我的车票', ['林梓涵'])).toEqual(['拿走', '车票']);
  });
});

describe('en noun phrases', () => {
  it('drop a verb that follows the noun', () => {
    expect(enNounPhrases('My coach yelled at me after practice.')).toEqual(['your coach']);
    expect(enNounPhrases('My cat died on Sunday.')).toEqual(['your cat']);
  });

  it('leave out amounts, times and vague heads', () => {
    expect(enNounPhrases('I waited for an hour and felt a little silly the whole evening.')).toEqual([]);
    expect(slotFillingFlaw('the same', 'en')).toBeDefined();
    expect(slotFillingFlaw('a week', 'en')).toBeDefined();
    expect(slotFillingFlaw('the science fair', 'en')).toBeUndefined();
  });

  it('never cut a longer noun phrase or a possessive short', () => {
    expect(enNounPhrases('Because of a leaked group photo, I stay offline.')).toEqual([]);
    expect(enNounPhrases('The neighbours’ party kept me up.')).toEqual([]);
    expect(enNounPhrases('I had booked a table and dressed up for my sister.')).toEqual(['a table', 'your sister']);
  });
});

describe('grounded slot options', () => {
  it('never fill the bit with the thing', () => {
    const options = groundedSlotOptions(
      [{ role: 'user', content: 'I keep thinking about the science fair.' }],
      'en',
      [],
    );
    expect(options).toEqual([{ name: '', thing: 'the science fair', bit: '', feeling: 'hurt' }]);
  });
});
