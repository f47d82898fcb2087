import { describe, expect, it } from 'vitest';
import { auditReply } from './audit-reply';
import { summarizeReplyAudits } from './summarize-reply-audits';

const CLEAN_ZH = [
  '听你这么说，我能感觉到这几个月你一直在硬撑。室友把你排除在群聊外面，那种被孤立的滋味真的不好受。你愿意先和我说说，最让你难过的是哪一刻吗？',
  '你已经试过送零食、找辅导员，这些都说明你是真心想把关系修好的人。问题没有解决，不代表你做得不够。',
  '哈哈哈，你这么一说我都能想象那个画面了！慢慢来，我们一起想想接下来怎么办。',
];
const CLEAN_EN = [
  "It sounds like you've been holding this together on your own for months. Being left out of the group chat by Max would sting anyone. What hurt the most?",
  'You tried the snacks and the counsellor, and that shows how much you wanted this to work. It not working out is not a verdict on you.',
];

describe('auditReply', () => {
  it('should pass clean replies in both languages', () => {
    for (const text of CLEAN_ZH) expect(auditReply(text, 'zh').kinds).toEqual([]);
    for (const text of CLEAN_EN) expect(auditReply(text, 'en').kinds).toEqual([]);
  });

  it('should flag a sentence said three times as repetition', () => {
    const sentence = '我一直都在听你说。';
    expect(auditReply(sentence.repeat(3), 'zh').kinds).toContain('repetition');
    expect(auditReply('I am always here for you. '.repeat(3), 'en').kinds).toContain('repetition');
  });

  it('should flag stuttered syllables and words but not ordinary doubling', () => {
    expect(auditReply('我我我一直都在在听，你你别难过了。', 'zh').kinds).toContain('stutter');
    expect(auditReply('I I I am so so sorry, the the thing is hard.', 'en').kinds).toContain('stutter');
    expect(auditReply('谢谢你愿意慢慢说，奶奶的事我们看看怎么办。', 'zh').kinds).not.toContain('stutter');
    expect(auditReply('I know it it hurts.', 'en').kinds).toContain('stutter');
  });

  it('should not call a function character that ends one word and opens the next a stutter (zh)', () => {
    for (const text of [
      '这件事可能能够慢慢好起来，你先别急。',
      '你们之间没有有效的沟通，这才是最累的。',
      '你想在平衡和和谐之间找到一条路，这很难得。',
      '你可以告诉他他的做法让你很难过。',
      '她说等我回家给我我想要的东西。',
    ])
      expect(auditReply(text, 'zh').kinds, text).not.toContain('stutter');
    for (const text of [
      '我也也经历过类似的事，我懂。',
      '，我我觉得你说得对。',
      '你已经很很努力了。',
      '这这件事不怪你。',
    ])
      expect(auditReply(text, 'zh').kinds, text).toContain('stutter');
  });

  it('should flag a stock clause glued twice into a short zh reply, not a long reply that quotes a phrase twice', () => {
    const glued = '你最近是不是也很累我一直在旁边陪你听着。小雨考试我一直在旁边陪你听着，慢慢说。';
    expect(auditReply(glued, 'zh').evidence.repetition).toBe('我一直在旁边陪你');
    // Seven characters said twice is a phrase, not a loop.
    expect(
      auditReply('你说他从来不听你讲话，可你还是一直在等他开口。从来不听你讲话这件事，让你很受伤。', 'zh').kinds,
    ).not.toContain('repetition');
    const long = [
      '你这段时间一个人扛着家里的事，白天上班晚上照顾老人，真的很不容易，我能想象那种疲惫。',
      '换作是谁都会觉得累，你这一路撑得够好了，别再拿别人的标准来苛责自己。',
      '也许可以试着和家人商量一下分工，让自己每周有一个完整的休息日，哪怕只是睡个懒觉。',
      '你愿意说说最近最让你放不下的是哪件事吗？我会认真听，不急着给你建议。',
      '白天上班晚上照顾老人这件事，你打算一直这样下去吗？还是心里其实已经有了别的想法？',
    ].join('');
    expect([...long].filter((character) => /[\u4e00-\u9fff]/.test(character)).length).toBeGreaterThan(150);
    expect(auditReply(long, 'zh').kinds).not.toContain('repetition');
  });
  it('should not call formatting or the distributive 一A一A repetition (zh)', () => {
    const schedule =
      '这周可以这样安排：\n――――――――\n周一：20:00–20:30 散步。\n――――――――\n周三：晚饭后给妈妈打个电话，说说这周的事。';
    expect(auditReply(schedule, 'zh').kinds).not.toContain('repetition');
    expect(auditReply('别急，我们一小步一小步来，先把今晚睡好。', 'zh').kinds).not.toContain('repetition');
    expect(auditReply('我懂你我懂你，真的很难受。', 'zh').kinds).toContain('repetition');
  });

  it('should not call a word that ends one clause and opens the next a stutter (en)', () => {
    const clauses =
      'I missed how unfair this feels to you; you put everything into it. It is not only the job, is it. It is more.';
    expect(auditReply(clauses, 'en').kinds).not.toContain('stutter');
  });

  it('should flag an English tail in a zh reply and a reply in the other language', () => {
    expect(auditReply('我理解你的感受，真的很难受 you feel so much and I', 'zh').kinds).toContain('mixed_language');
    expect(auditReply(CLEAN_EN[0] as string, 'zh').kinds).toContain('mixed_language');
    expect(auditReply('I hear you, 我懂你的感受 and that is hard.', 'en').kinds).toContain('mixed_language');
  });

  it('should flag a reply that stops mid-sentence, and accept emoji and closing marks', () => {
    expect(auditReply('你已经试过送零食、找辅导员，这些都说明你是真心想把', 'zh').kinds).toContain('cut_off');
    expect(auditReply('You tried the snacks and the counsellor, and that shows how', 'en').kinds).toContain('cut_off');
    expect(auditReply('你已经很努力了😊', 'zh').kinds).not.toContain('cut_off');
    expect(auditReply('你已经很努力了（轻轻拍拍你的肩）', 'zh').kinds).not.toContain('cut_off');
  });

  it('should read a reply without its closing kaomoji when it asks whether the reply was cut off', () => {
    expect(auditReply('你今天已经做得很好了，早点休息哦~ (＾▽＾)／', 'zh').kinds).not.toContain('cut_off');
    expect(auditReply('你愿意的话，明天再来跟我说说！ヾ(◍°∇°◍)ﾉﾞ', 'zh').kinds).not.toContain('cut_off');
    expect(auditReply('你愿意的话，明天我们可以再 (＾▽＾)／', 'zh').kinds).toContain('cut_off');
    expect(auditReply('你可以先试着跟她说——', 'zh').kinds).toContain('cut_off');
  });

  it('should flag broken sub-words and a stray CJK character in an en reply', () => {
    const broken = 'So what happened inseening on the team, and the wider framework blorptastic to you.';
    expect(auditReply(broken, 'en').evidence.low_fluency).toMatch(/inseening/);
    expect(auditReply('So what happened on the team相 wider frame?', 'en').kinds).toContain('mixed_language');
    expect(auditReply(CLEAN_EN[1] as string, 'en').evidence.low_fluency).toBeUndefined();
  });

  it('should flag shuffled text as low fluency while its source passes', () => {
    const source = CLEAN_ZH[0] as string;
    const shuffled = [...source].reverse().join('');
    expect(auditReply(source, 'zh').kinds).not.toContain('low_fluency');
    expect(auditReply(shuffled, 'zh').kinds).toContain('low_fluency');
    const words = (CLEAN_EN[1] as string).replace(/[.,]/g, '').split(' ');
    const salad = `${[...words].reverse().join(' ')}.`;
    expect(auditReply(salad, 'en').kinds).toContain('low_fluency');
    expect(auditReply(salad, 'en').fluency).toBeLessThan(auditReply(CLEAN_EN[1] as string, 'en').fluency);
  });

  it('should flag characters no reader can read (broken UTF-8 decoded as “�”, control characters) as low fluency', () => {
    // Byte pieces strung together wrongly, as a byte-level BPE policy writes them: the rest of each reply is clean.
    const brokenZh = new TextDecoder().decode(
      Uint8Array.of(
        ...new TextEncoder().encode('我真的很佩服你，'),
        0xe4,
        0xbd,
        ...new TextEncoder().encode('是最常见的反应。'),
      ),
    );
    expect(brokenZh).toContain('\uFFFD');
    expect(auditReply(brokenZh, 'zh').kinds).toEqual(['low_fluency']);
    expect(auditReply(brokenZh, 'zh').evidence.low_fluency).toMatch(/unreadable characters: 1 ×/);
    expect(auditReply(`${CLEAN_EN[1]} \u0007`, 'en').kinds).toContain('low_fluency');
    for (const text of CLEAN_ZH) expect(auditReply(`${text}\n`, 'zh').kinds).toEqual([]);
    expect(auditReply('That took real strength 💪.', 'en').kinds).not.toContain('low_fluency');
  });
});

describe('summarizeReplyAudits', () => {
  it('should report degenerate shares, the top opening and distinct-2', () => {
    const collapsed = '我一直都在听。我几年前有有有 you feel';
    const replies = [
      ...CLEAN_ZH.map((text) => ({ text, lang: 'zh' as const })),
      { text: collapsed, lang: 'zh' as const },
      { text: collapsed, lang: 'zh' as const },
      { text: collapsed, lang: 'zh' as const },
    ];
    const summary = summarizeReplyAudits(replies);
    expect(summary.replies).toBe(6);
    expect(summary.degenerateFraction).toBeCloseTo(0.5);
    expect(summary.kindFractions.mixed_language).toBeCloseTo(0.5);
    expect(summary.kindFractions.repetition).toBe(0);
    expect(summary.topOpening).toBe('我一直都在听');
    expect(summary.topOpeningShare).toBeCloseTo(0.5);
    const clean = summarizeReplyAudits(CLEAN_ZH.map((text) => ({ text, lang: 'zh' as const })));
    expect(summary.distinct2).toBeLessThan(clean.distinct2);
    expect(summarizeReplyAudits([]).distinct2).toBe(0);
  });
});

describe('auditReply (stitched text)', () => {
  it('should flag the seams of text stitched from pieces and loops of a phrase', () => {
    expect(auditReply('真的很不容易，。我一直都在你愿意多说说吗？！', 'zh').evidence.low_fluency).toMatch(/stitched/);
    expect(auditReply('I hear you , . you are amazing and I am here for you.', 'en').evidence.low_fluency).toMatch(
      /stitched/,
    );
    expect(auditReply('我懂你我懂你，真的辛苦了。', 'zh').kinds).toContain('repetition');
    expect(auditReply('哈哈哈哈，你这么一说我都笑了。', 'zh').kinds).toEqual([]);
    expect(auditReply('我懂你的感受，我懂你的感受。儿子你做得很好。', 'zh').evidence.repetition).toBe(
      '我懂你的感受，我懂你的感受',
    );
    expect(auditReply('慢慢来，慢慢来，不着急。', 'zh').kinds).toEqual([]);
  });
});
