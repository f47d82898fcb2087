import { describe, expect, it } from 'vitest';
import { auditReply } from '../audit-reply';
import { summarizeReplyAudits } from '../summarize-reply-audits';
import { findWordSplice, findWordSplices } from './word-splices';

/** Spliced replies of the kind a collapsed policy writes: a template meeting copied words. */
const SPLICED_EN = [
  'I hear you. Let it all the broken promise is welcome here.',
  "I'm here, and I'm listening. Tell me more about the just listen.",
  'It is very common to feel this way. So what you feel about the.',
  'Tell me more about the on the bus, take all the time you need.',
  'You did well with the only lost wallet been weighing on you? Does it still hurt?',
  'You are not to blame for the ceiling rather than.',
  'I hear you. The hospital w walls are cold.',
  "I'm here, and I'm listening. Tell me more about the makes sense that the one-sided friendship.",
  "I'm here, and I'm listening. Tell me more about the heart, take all the yourself.",
  "I'm listening. Let it all out; whatever you feel about the concer-sided friendship is welcome here.",
  'Your feelings are valid. It makes sense that the just smile and on you are hurting.',
];

const SPLICED_ZH = [
  '你没有做错什么。你对这么反应完全能理解。',
  '这不是你的错。这件事把你，换作任何人都会心累。',
  '能再多讲一点吗？你和有没有想过当众批评人的领导。',
  '我们从两方面看。一方面，我在照片、；另一方面。',
  '我真的很佩服你，你受了委屈你从他，这份坚持很难得。',
  '你做得很好。你说“就是想找个人说说，”，还能一直撑着。',
  '这不是你的错。说实寿…，换作任何人都会心累。',
];

/** Clean replies, some with the near misses the rules must let pass. */
const CLEAN_EN = [
  'Revising until 1 a.m. every night and still going blank must have been a shock.',
  'The in-laws telling you to be more understanding, when you have been understanding for so long, sounds lonely.',
  'Let it all out; whatever you feel about the move is welcome here.',
  'Let me know how it is going when you are ready.',
  'Tell me more about the one-sided friendship, take all the time you need.',
  "It's been a hard week, and you've been carrying it alone.",
  'Whether you ask Priya or not, you have nothing to be ashamed of.',
  'Not knowing where you stand has clearly been weighing on you.',
  'Your co-worker took the credit, and the weekends are the only time you rest.',
  'It was a really hard day, and the quickest fix is not always the best one.',
  'How have you been getting through the days? What is the part you find hardest to let go of?',
  'My guess is Daniel sees it differently, and your loved ones missed a made-up excuse.',
  'I hear you. So the a.m. is still unresolved, and it keeps sitting with you.',
  'You said "I just went blank." What happened after that?',
  'That is more than anyone should carry. What would help the most right now?',
];

const CLEAN_ZH = [
  '是啊，当面对这么多的催促时，人真的会觉得透不过气。',
  '你真的已经拼尽全力了，却还是觉得使不上劲，这种无力感完全可以理解。',
  '一方面是房贷的压力，另一方面是孩子的学习状态。',
  '你从小就习惯一个人扛，这次能说出来已经很不容易了。',
  '他为什么要这样对我？换作是谁都会难过。',
  '你慢慢来，一遍遍重复也没关系，可以以后再说。',
  '听你说“我整个人都是空的”，我心里也跟着一沉。',
];

describe('findWordSplice', () => {
  it.each(SPLICED_EN)('finds the seam in a spliced en reply: %s', (text) => {
    expect(findWordSplice(text, 'en')).toBeDefined();
  });
  it.each(SPLICED_ZH)('finds the seam in a spliced zh reply: %s', (text) => {
    expect(findWordSplice(text, 'zh')).toBeDefined();
  });
  it.each(CLEAN_EN)('leaves a clean en reply alone: %s', (text) => {
    expect(findWordSplice(text, 'en')).toBeUndefined();
  });
  it.each(CLEAN_ZH)('leaves a clean zh reply alone: %s', (text) => {
    expect(findWordSplice(text, 'zh')).toBeUndefined();
  });
  it('ignores the words inside the user’s quotes', () => {
    expect(findWordSplice('You said "tell the". What happened after that?', 'en')).toBeUndefined();
  });
});

describe('auditReply with splices', () => {
  it('counts a splice as low fluency and names it', () => {
    const audit = auditReply("I'm listening. Let it all the broken promise is welcome here.", 'en');
    expect(audit.kinds).toContain('low_fluency');
    expect(audit.evidence.low_fluency).toBe('splice: "Let it all the broken promise is"');
  });
  it('names the zh seam', () => {
    const audit = auditReply('你没有做错什么。你对这么反应完全能理解。', 'zh');
    expect(audit.kinds).toEqual(['low_fluency']);
    expect(audit.evidence.low_fluency).toBe('splice: "你对这么反应"');
  });
  it('counts splices by default and leaves them out when the caller opts out (the offline judge charges its own)', () => {
    expect(auditReply('你没有做错什么。你对这么反应完全能理解。', 'zh').degenerate).toBe(true);
    expect(auditReply('你没有做错什么。你对这么反应完全能理解。', 'zh', { splices: false }).degenerate).toBe(false);
  });
  it('counts splices in the summary the monitors and the audit command use', () => {
    const replies = [...SPLICED_EN.slice(0, 2), ...CLEAN_EN.slice(0, 2)].map((text) => ({ text, lang: 'en' as const }));
    expect(summarizeReplyAudits(replies).kindFractions.low_fluency).toBe(0.5);
  });
});

describe('findWordSplices', () => {
  it('finds one seam per spliced sentence and counts the sentences', () => {
    const found = findWordSplices(
      "I'm here. Tell me more about the just listen. Tell me more about the makes sense. That is hard.",
      'en',
    );
    expect(found.seams).toHaveLength(2);
    expect(found.sentences).toBe(4);
  });
  it('keeps a quote holding a full stop in one piece', () => {
    expect(
      findWordSplices('Maybe they had reasons. "Ben. Long distance is hard" hurt, but they may not see it.', 'en'),
    ).toEqual({
      seams: [],
      sentences: 2,
    });
  });
  it('counts zh sentences by their marks', () => {
    expect(findWordSplices('你没有做错什么。你对这么反应完全能理解。', 'zh')).toEqual({
      seams: ['你对这么反应'],
      sentences: 2,
    });
  });
});
