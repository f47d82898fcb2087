import { describe, expect, it } from 'vitest';
import { generateCorpus } from './generate-corpus';
import { enNounPhrases, shortThing, zhFragments } from './grounded-slots';

/** Longest run of characters (zh) or words (en) of `reply` that `said` also has, in order. */
function longestSharedRun(reply: string, said: string, lang: 'zh' | 'en'): number {
  const units = (text: string) =>
    lang === 'zh' ? [...text.replace(/[^\p{Script=Han}]/gu, '')] : (text.toLowerCase().match(/[a-z']+/g) ?? []);
  const a = units(reply);
  const b = units(said);
  let best = 0;
  for (let i = 0; i < a.length; i += 1)
    for (let j = 0; j < b.length; j += 1) {
      let k = 0;
      while (a[i + k] !== undefined && a[i + k] === b[j + k]) k += 1;
      best = Math.max(best, k);
    }
  return best;
}

describe('grounded slots', () => {
  it('cuts zh messages into short content fragments of whole words between function words', () => {
    expect(zhFragments('我提前订好了餐厅，还特意打扮了。')).toEqual(['提前订好', '餐厅', '特意打扮']);
    expect(zhFragments('林梓涵拿走了车票', ['林梓涵'])).toEqual(['拿走', '车票']);
  });

  it('takes short en noun phrases and retells "my" as "your"', () => {
    expect(enNounPhrases('I had booked a table and dressed up for my sister.')).toEqual(['a table', 'your sister']);
    expect(enNounPhrases('I sent the client follow-up plan to Tom.')).toEqual([]);
  });

  it('shortens a thing to what a reply may say verbatim', () => {
    expect(shortThing('半夜的外放声音', 'zh')).toBe('外放声音');
    expect(shortThing('生日被忘', 'zh')).toBe('生日被忘');
    expect(shortThing('the final round interview', 'en')).toBe('the interview');
    expect(shortThing('班级排名表', 'zh')).toBe('排名表');
    expect(shortThing('the year-end proposal', 'en')).toBe('the proposal');
    expect(shortThing('the big client follow-up', 'en')).toBe(undefined);
  });
});

describe('grounded replies in the corpus', () => {
  const options = { seed: 31, dialogueCount: 200, quoteFraction: 0.5, copyCurriculumFraction: 0.5 };

  it('leave a corpus without the option unchanged', () => {
    expect(generateCorpus({ ...options, groundedFraction: 0 })).toEqual(generateCorpus(options));
  });

  it('quote nothing and say back no run of 6 zh characters / 4 en words the user said', () => {
    const dialogues = generateCorpus({ ...options, groundedFraction: 0.6 });
    let grounded = 0;
    for (const dialogue of dialogues) {
      const userText = dialogue.messages.filter((message) => message.role === 'user').map((message) => message.content);
      const replies = dialogue.messages.filter((message) => message.role === 'assistant');
      dialogue.replyKinds.forEach((kind, index) => {
        if (kind !== 'grounded') return;
        grounded += 1;
        const reply = (replies[index]?.content ?? '').replace(/^<think>[\s\S]*?<\/think>\s*/, '');
        expect(reply).not.toMatch(/["“”]/);
        for (const said of userText)
          expect(longestSharedRun(reply, said, dialogue.lang), `${reply} / ${said}`).toBeLessThan(
            dialogue.lang === 'zh' ? 6 : 4,
          );
      });
    }
    expect(grounded).toBeGreaterThan(150);
  });
});
