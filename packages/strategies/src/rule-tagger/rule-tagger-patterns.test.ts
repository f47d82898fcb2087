import type { Language, StrategyLabel } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { createRuleTagger } from './rule-tagger';

const tagger = createRuleTagger();

/** Replies phrased without the stock openers of the first rule set; each must carry `label`. */
const PHRASINGS: ReadonlyArray<{ label: StrategyLabel; lang: Language; text: string }> = [
  { label: 'guided_reflection', lang: 'en', text: 'If you could talk to your younger self, what would you tell her?' },
  { label: 'guided_reflection', lang: 'en', text: 'What matters most to you about staying in this job?' },
  { label: 'guided_reflection', lang: 'zh', text: '抛开父母的期待，你自己真正想过什么样的生活？' },
  { label: 'guided_reflection', lang: 'zh', text: '对你来说，这段友情里最重要的是什么？' },
  { label: 'advice', lang: 'en', text: 'Maybe put your phone in another room before bed.' },
  { label: 'advice', lang: 'en', text: 'Why not ask your sister to cover one of the shifts?' },
  { label: 'advice', lang: 'en', text: 'It sounds rough. Please call your doctor tomorrow morning.' },
  { label: 'advice', lang: 'zh', text: '这个周末一定要好好睡一觉。' },
  { label: 'advice', lang: 'zh', text: '不如直接跟房东约个时间当面谈谈。' },
  { label: 'advice', lang: 'zh', text: '要不这周先把最急的两件事做完？' },
  { label: 'praise', lang: 'en', text: 'Most people would have stayed quiet in that meeting, but you spoke up.' },
  { label: 'praise', lang: 'zh', text: '很多人碰到这种场面早就退缩了，你却站了出来。' },
  { label: 'active_listening', lang: 'en', text: "So basically you're the only one who ever cleans up after dinner." },
  { label: 'active_listening', lang: 'en', text: "What I'm hearing is that the deadline isn't the real problem." },
  { label: 'active_listening', lang: 'zh', text: '也就是说，你其实一直在替他收拾烂摊子。' },
  { label: 'deep_empathy', lang: 'en', text: 'Juggling night shifts and exams sounds exhausting.' },
  { label: 'deep_empathy', lang: 'en', text: 'Being blamed in front of the whole team is humiliating.' },
  { label: 'deep_empathy', lang: 'zh', text: '最难熬的就是那几天等消息的日子。' },
  { label: 'validation', lang: 'en', text: "You're not being dramatic. Losing a pet would shake anyone." },
  { label: 'validation', lang: 'en', text: 'You are not to blame for this. Anyone in your shoes would feel the same.' },
  { label: 'validation', lang: 'en', text: 'No one could blame you; anybody in that situation would be shaken.' },
  {
    label: 'validation',
    lang: 'en',
    text: 'Part of you misses him and part of you is relieved; both of those make sense.',
  },
  { label: 'validation', lang: 'zh', text: '这种事放谁身上都会生气，你不是矫情。' },
  { label: 'validation', lang: 'zh', text: '加班费本来就是你应得的，不用觉得不好意思。' },
  { label: 'information', lang: 'en', text: 'In the US you can call or text 988 at any hour.' },
];

describe('createRuleTagger (phrasings without stock openers)', () => {
  for (const { label, lang, text } of PHRASINGS) {
    it(`should tag ${label} in ${lang}: ${text}`, () => {
      const result = tagger.tag(text, lang);
      expect(result.labels).toContain(label);
      expect(result.labels).not.toContain('other');
      for (const cue of result.cues) expect(text.slice(cue.start, cue.end)).toBe(cue.cue);
    });
  }

  it('should keep information-seeking questions as question', () => {
    expect(tagger.tag('Who else was at the party that night?', 'en').labels).toEqual(['question']);
    expect(tagger.tag('Did you set up the meeting yourself?', 'en').labels).toEqual(['question']);
    expect(tagger.tag('你们是哪天吵的架？', 'zh').labels).toEqual(['question']);
  });

  it('should not count the feelings a reflection prompt asks about as empathy', () => {
    expect(tagger.tag('你心里真正害怕的是什么？', 'zh').labels).toEqual(['guided_reflection']);
  });

  it('should not read praise by contrast with most people as information', () => {
    const result = tagger.tag('A lot of people freeze in that moment — you did not, you kept your cool.', 'en');
    expect(result.labels).toEqual(['praise']);
  });

  it('should not read listening, comfort or memories as advice', () => {
    expect(tagger.tag("Take your time, I'm listening. Say whatever you need to.", 'en').labels).toEqual([
      'active_listening',
    ]);
    expect(tagger.tag("Try not to overthink it, it'll be fine.", 'en').labels).not.toContain('advice');
    expect(tagger.tag('If you could change one thing, what would it be?', 'en').labels).not.toContain('advice');
    expect(tagger.tag('我到现在还记得那天的样子。', 'zh').labels).not.toContain('advice');
  });

  it('should still fall back to other for pleasantries', () => {
    expect(tagger.tag('Haha, sounds good, talk soon!', 'en').labels).toEqual(['other']);
    expect(tagger.tag('好的，那我们改天再聊～', 'zh').labels).toEqual(['other']);
  });
});
