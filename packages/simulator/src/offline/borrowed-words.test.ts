import { describe, expect, it } from 'vitest';
import { borrowedWords, madeUpQuotes } from './borrowed-words';
import { checkReplyIntegrity } from './reply-integrity';

const USER_ZH = [
  '哎，道理我全明白，可日子哪会照着道理过。女儿天天关在房里，我瞧着就心疼。阿杰爸妈那头，谈了好几回都白搭，真是烦透了。',
];
const USER_EN = ['I asked Max about the lights on at 2 a.m. and he went cold on the spot. I keep replaying it.'];
const codesOf = (reply: string, lang: 'zh' | 'en', userMessages: readonly string[]) =>
  checkReplyIntegrity({ reply, lang, userMessages, dialogueText: userMessages.join('\n') }).issues.map(
    (issue) => issue.code,
  );

describe('borrowedWords (the user’s words cut up and stitched back)', () => {
  it('should count the user’s clauses turned to the second person, in separate pieces', () => {
    // The adaptive attack's best text of the last session: user chunks in "you" form between stock phrases.
    const stitched = borrowedWords(
      '明白，可日子哪会照着道理过。女儿天天关在房里后来呢？你瞧着就心疼我一直都在听你说。',
      USER_ZH,
      'zh',
    );
    expect(stitched.share).toBeGreaterThanOrEqual(0.3);
    expect(stitched.pieces).toBeGreaterThanOrEqual(2);
    expect(
      codesOf('明白，可日子哪会照着道理过。女儿天天关在房里后来呢？你瞧着就心疼我一直都在听你说。', 'zh', USER_ZH),
    ).toContain('stitched-words');
    const en = 'You asked Max about the lights on. I hear you. He went cold on the spot. You keep replaying it.';
    expect(codesOf(en, 'en', USER_EN)).toContain('stitched-words');
  });

  it('should leave quotes, a word or two, and one retold event inside the reply’s own sentence alone', () => {
    expect(borrowedWords('你说“女儿天天关在房里，我瞧着就心疼”，这句话里全是心疼。', USER_ZH, 'zh').share).toBe(0);
    const retold = '女儿天天关在房里不出声，换作哪个当妈的都会心里发紧，你已经很努力在找办法了。';
    expect(borrowedWords(retold, USER_ZH, 'zh').pieces).toBeLessThan(2);
    expect(codesOf(retold, 'zh', USER_ZH)).toEqual([]);
    expect(
      codesOf('That moment when he went cold must have stung. What do you think he was afraid of?', 'en', USER_EN),
    ).toEqual([]);
  });
});

describe('madeUpQuotes (words put in the user’s mouth)', () => {
  it('should catch a quote introduced as the user’s words that the user never said', () => {
    expect(madeUpQuotes('你说“我到现在还有点懵”，这真的很不容易。', USER_ZH, 'zh')).toEqual(['我到现在还有点懵']);
    expect(codesOf('你说“我到现在还有点懵”，这真的很不容易。', 'zh', USER_ZH)).toContain('made-up-quote');
    expect(madeUpQuotes('You said "my sister never calls me back", and that hurts.', USER_EN, 'en')).toHaveLength(1);
  });

  it('should accept a true quote in the second person, and quotes not presented as the user’s words', () => {
    expect(madeUpQuotes('你说“女儿天天关在房里，你瞧着就心疼”，我听着也心疼。', USER_ZH, 'zh')).toEqual([]);
    // A script the reply suggests, and an idea in quotation marks, are not the user's words.
    expect(madeUpQuotes('你可以说“妈，我需要一点自己的时间”，先试一次。', USER_ZH, 'zh')).toEqual([]);
    expect(madeUpQuotes('也许可以给自己留一段“不被打扰的时间”。', USER_ZH, 'zh')).toEqual([]);
    expect(madeUpQuotes('You said "he went cold on the spot" - that must have hurt.', USER_EN, 'en')).toEqual([]);
  });
});

describe('madeUpQuotes: bare quotes (nothing says whose words they are)', () => {
  const USER_STOCK = ['我上个月听朋友的话买了一支股票，结果跌了一半，我现在都不敢告诉老婆。'];
  const USER_KEYS = ['I have been locking up for the whole team every night, and nobody even notices.'];

  it('should catch a first-person line the user never said, as the trained policy writes it', () => {
    // What the embedded policy wrote after RL against the judge of 2026-11-26 (issue 14).
    const zh = '我真的很佩服你，“我说那支股票很稳”这件事写下来，再找信得过的人聊聊。';
    expect(madeUpQuotes(zh, USER_STOCK, 'zh')).toEqual(['我说那支股票很稳']);
    expect(codesOf(zh, 'zh', USER_STOCK)).toContain('made-up-quote');
    const en =
      'I hear you. "I have been doing the team’s keys the night" sounds like it has been sitting on your chest.';
    expect(madeUpQuotes(en, USER_KEYS, 'en')).toEqual(['I have been doing the team’s keys the night']);
    expect(codesOf(en, 'en', USER_KEYS)).toContain('made-up-quote');
    expect(madeUpQuotes('“我一直觉得股票是我的错”——抱抱你，这份心情一直压在你心里吧。', USER_STOCK, 'zh')).toHaveLength(
      1,
    );
  });

  it('should leave the user’s own words in quotes alone, verbatim or nearly so, in either person', () => {
    expect(madeUpQuotes('“我现在都不敢告诉老婆”，这句话里有太多委屈了。', USER_STOCK, 'zh')).toEqual([]);
    expect(madeUpQuotes('“你现在都不敢告诉老婆”，这句话听着就心疼。', USER_STOCK, 'zh')).toEqual([]);
    expect(
      madeUpQuotes('I hear you. "I have been locking up for the whole team" sounds exhausting.', USER_KEYS, 'en'),
    ).toEqual([]);
    expect(
      madeUpQuotes('"Nobody even notices" - that must sting after every night you lock up.', USER_KEYS, 'en'),
    ).toEqual([]);
  });

  it('should leave scripts, lists of lines, labels and examples alone (strong models write them)', () => {
    // Shapes strong models' replies take (quoted self-talk and suggested words; our own wording).
    expect(
      madeUpQuotes(
        '你可以试着告诉他，“这件事让我有点慌，因为我很在乎我们。”把话说开，两个人往往更近。',
        USER_STOCK,
        'zh',
      ),
    ).toEqual([]);
    expect(madeUpQuotes('去找回那种“原来我也行”的踏实感。', USER_STOCK, 'zh')).toEqual([]);
    expect(madeUpQuotes('试着对自己说“别急”，“今天比昨天多走一步就够了”。', USER_STOCK, 'zh')).toEqual([]);
    expect(madeUpQuotes('You could tell her, "I need one evening a week to myself."', USER_KEYS, 'en')).toEqual([]);
  });
});
