import { STRATEGY_LABELS, type StrategyLabel } from '@rlver/spec';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRuleTagger } from './rule-tagger';

const tagger = createRuleTagger();

/** One zh and one en reply per label, each showing that label (and possibly others). */
const CASES: ReadonlyArray<{ label: StrategyLabel; zh: string; en: string }> = [
  {
    label: 'praise',
    zh: '你一个人把展会从头到尾撑了下来，真的很了不起。',
    en: 'Finishing the marathon after that injury took real courage.',
  },
  {
    label: 'deep_empathy',
    zh: '搬到新城市后一个朋友都没有，你心里一定很孤单。',
    en: 'Being left out of the trip by your whole group must have felt so lonely.',
  },
  {
    label: 'active_listening',
    zh: '听起来这件事一直压在你心上。我在听，慢慢说。',
    en: "It sounds like this has been weighing on you. Take your time, I'm listening.",
  },
  {
    label: 'validation',
    zh: '这不是你的错，你会生气很正常。',
    en: "It's not your fault, and being upset about it makes complete sense.",
  },
  {
    label: 'dialectical_analysis',
    zh: '一方面换专业能做你喜欢的事；另一方面要多读一年书。',
    en: 'On one hand the new job pays more; on the other, the commute is brutal.',
  },
  {
    label: 'advice',
    zh: '你可以先给房东发一条消息，把维修的时间约下来。',
    en: 'You could try emailing the landlord today to book the repair.',
  },
  {
    label: 'perspective_taking',
    zh: '你室友可能是最近考试压力大，才会对你发脾气。',
    en: 'Your roommate might be stressed about exams, which is why she snapped.',
  },
  {
    label: 'guided_reflection',
    zh: '回头看这段经历，你觉得自己最大的变化是什么？',
    en: 'Looking back, what would you want to do differently next time?',
  },
  { label: 'question', zh: '你们是什么时候认识的？', en: 'When did you two first meet?' },
  {
    label: 'self_disclosure',
    zh: '我以前也被合伙人坑过一次，那阵子整夜睡不着。',
    en: 'I once lost a business partner over money, so this sounds familiar.',
  },
  {
    label: 'information',
    zh: '研究表明，规律运动对缓解焦虑很有帮助。',
    en: 'Research shows regular exercise helps with anxiety.',
  },
  { label: 'generic_comfort', zh: '别难过了，会好起来的！', en: "Don't worry, everything will be okay!" },
  { label: 'other', zh: '哈哈，好的。', en: 'Haha, okay.' },
];

describe('createRuleTagger', () => {
  for (const testCase of CASES) {
    for (const lang of ['zh', 'en'] as const) {
      it(`should tag ${testCase.label} in ${lang}`, () => {
        const text = testCase[lang];
        const result = tagger.tag(text, lang);
        expect(result.labels).toContain(testCase.label);
      });
    }
  }

  it('should give cue spans that point at the cue text', () => {
    for (const testCase of CASES) {
      for (const text of [testCase.zh, testCase.en]) {
        for (const cue of tagger.tag(text).cues) {
          expect(cue.start).toBeLessThan(cue.end);
          expect(text.slice(cue.start, cue.end)).toBe(cue.cue);
        }
      }
    }
  });

  it('should point the generic-comfort cue at the platitude', () => {
    const text = '我明白。别难过，会好起来的。';
    const cue = tagger.tag(text, 'zh').cues.find((entry) => entry.label === 'generic_comfort');
    expect(cue?.cue).toBe('别难过');
    expect(cue?.start).toBe(text.indexOf('别难过'));
  });

  it('should return empty labels and cues for empty or blank text', () => {
    expect(tagger.tag('')).toEqual({ labels: [], cues: [] });
    expect(tagger.tag('   \n')).toEqual({ labels: [], cues: [] });
  });

  it('should use other only when nothing else fires', () => {
    expect(tagger.tag('好的。').labels).toEqual(['other']);
    expect(tagger.tag('好的，你们是什么时候认识的？').labels).toEqual(['question']);
  });

  it('should tell a reflection prompt or an invitation from an information-seeking question', () => {
    expect(tagger.tag('你觉得自己从这件事里学到了什么？', 'zh').labels).toEqual(['guided_reflection']);
    expect(tagger.tag('Do you want to tell me more?', 'en').labels).not.toContain('question');
  });

  it('should combine several strategies in one reply, in taxonomy order', () => {
    const text = '被当众否定，你一定又难堪又委屈。这不是你的错。你可以试着会后单独和组长聊聊。';
    expect(tagger.tag(text, 'zh').labels).toEqual(['deep_empathy', 'validation', 'advice']);
  });

  it('should detect the language when none is given', () => {
    expect(tagger.tag('别难过，一切都会过去的。').labels).toEqual(['generic_comfort']);
    expect(tagger.tag('Cheer up, it will be fine!').labels).toEqual(['generic_comfort']);
  });

  it('should be deterministic and only emit known labels for any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        const first = tagger.tag(text);
        expect(tagger.tag(text)).toEqual(first);
        for (const label of first.labels) expect(STRATEGY_LABELS).toContain(label);
        expect(new Set(first.labels).size).toBe(first.labels.length);
        for (const cue of first.cues) expect(text.slice(cue.start, cue.end)).toBe(cue.cue);
      }),
      { seed: 20250701, numRuns: 300 },
    );
  });

  it('should agree between tag and doTag', async () => {
    const text = 'You must be exhausted after those night shifts. Have you tried asking for a day off?';
    expect(await tagger.doTag({ text })).toEqual(tagger.tag(text));
  });

  it('should tag a typical reply in well under 0.5 ms', () => {
    const reply =
      '被最信任的人在背后议论，那种被背叛的感觉一定很刺痛，这不是你的错。你可以先冷静几天，再找她当面聊聊。你们认识多久了？'.repeat(
        2,
      );
    for (let warmup = 0; warmup < 200; warmup += 1) tagger.tag(reply);
    const runs = 2000;
    const started = performance.now();
    for (let run = 0; run < runs; run += 1) tagger.tag(reply);
    expect((performance.now() - started) / runs).toBeLessThan(0.5);
  });
});
