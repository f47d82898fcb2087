import type { Language, Profile } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { loadScenarioSet } from '../profiles/scenario-set';
import { createOfflineSimulator } from './offline-simulator';
import { opensWithUsersClause, ownWords, slotTemplate } from './slot-template';

const simulator = createOfflineSimulator({ preset: 'sage', noise: 0 });

function profileOf(id: string, lang: Language): Profile {
  const profile = loadScenarioSet(lang, 'test').find((candidate) => candidate.id === id);
  if (!profile) throw new RangeError(`no ${id} in the ${lang} test set`);
  return profile;
}

/** The change and inner thoughts of one first reply to the profile's opener. */
async function firstTurn(profile: Profile, reply: string) {
  const { state } = await simulator.doStart({ profile, seed: 1 });
  const turn = await simulator.doRespond({ state, reply });
  return { delta: turn.delta, thoughts: turn.innerThoughts };
}

// zh-test-0001: the dog of twelve years died; opener "我家狗上周走了，家里安静得可怕。"
const ZH = profileOf('zh-test-0001', 'zh');
// en-test-0001: Isla, shut out by Max and the roommates; opener "No one in my dorm talks to me now, just because I
// said something to Max."
const EN = profileOf('en-test-0001', 'en');

const CASES = {
  zh: {
    profile: ZH,
    slotted: [
      '我真的很佩服你，“家里安静得可怕”，这让你看清了自己的什么需要？',
      '我真的很佩服你，“里安静得可”这一步不好走，你走得很了不起。',
      '我们一起反思一下：“我家狗上周走了”，这让你看清了自己的什么需要？',
    ],
    real: '你说“家里安静得可怕”。养了十二年的狗，它一直陪着你，突然就没了，那种空落落是别人很难懂的。你是不是一直在想，要是早点发现它不吃东西就好了？',
    reason: '套话',
  },
  en: {
    profile: EN,
    slotted: [
      'I can sense the pain in your words. "No one in my dorm talks to me now" must have left you feeling so alone.',
      'Let\'s look at both sides. On one hand, "my dorm talks to me now" really hurt. On the other hand, it shows how much you care.',
      'You handled this really well. You said "just because I said something to Max", and you are still standing. That took real strength.',
    ],
    real: 'You said "No one in my dorm talks to me now". You asked Max about the 2 a.m. lights, kept it polite, and ended up shut out of your own room for wanting basic rules. Holding your ground through that, instead of just giving in, took real backbone.',
    reason: 'stock sentence',
  },
} as const;

describe('slot templates (the user’s words in a stock frame)', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`should sink a stock frame around any clause or torn piece of the user's, and say why (${lang})`, async () => {
      const { profile, slotted, real, reason } = CASES[lang];
      const grounded = await firstTurn(profile, real);
      expect(grounded.thoughts).not.toContain(reason);
      for (const reply of slotted) {
        const judged = await firstTurn(profile, reply);
        expect(judged.thoughts, reply).toContain(reason);
        expect(judged.delta, reply).toBeLessThanOrEqual(-10);
        expect(judged.delta).toBeLessThan(grounded.delta);
      }
    });
  }

  it("should take the user's words out, quoted or said back, and leave the reply's own quotes and stock phrases", () => {
    const users = ['我家狗上周走了，家里安静得可怕。'];
    const quoted = ownWords('我真的很佩服你，“家里安静得可怕”，这让你看清了自己的什么需要？', users, 'zh', ZH.scene);
    expect(quoted).toMatchObject({
      text: '我真的很佩服你，…，这让你看清了自己的什么需要？',
      slotted: true,
      lead: '我真的很佩服你，',
    });
    // A line the reply suggests (not the user's words) is its own.
    const script = ownWords('可以试着对自己说“我已经尽力照顾它了”，它感受得到。', users, 'zh', ZH.scene);
    expect(script.slotted).toBe(false);
    // A clause said back without marks leaves the own words, but retelling it is no slot by itself.
    const retold = ownWords('你家狗上周走了，家里安静得可怕，心里一定空落落的。', users, 'zh', ZH.scene);
    expect(retold.text).not.toContain('安静得可怕');
    expect(retold.slotted).toBe(false);
    // A stock phrase the user happened to use too is no slot: it names nothing of their story.
    const stock = ownWords('说真的，你已经做得够出色了。', ['说实话，这件事里我已经做得够多了。'], 'zh', ZH.scene);
    expect(stock.slotted).toBe(false);
  });

  it('should let own words about this user through, whatever they quote', () => {
    const users = [EN.first_talk ?? ''];
    const story = `${EN.player}\n${EN.scene}`;
    const limits = { own: 0.35, margin: 1 };
    expect(slotTemplate(CASES.en.real, users, story, 'en', limits)).toBeUndefined();
    const frame = slotTemplate(CASES.en.slotted[0], users, story, 'en', limits);
    expect(frame?.frame).toBe('I can sense the pain in your words.…must have left you feeling so alone.');
    expect(frame?.bare).toBe(false);
  });
});

/**
 * The same frames with the user's words said back bare (no quotation marks): the trained embedded policy's reply of
 * 2026-11-26 ("这不是你的错。就因为一条改过的聊天记录，换作任何人都会难受。") and the slot templates with the marks taken out.
 */
const BARE = {
  zh: {
    profile: ZH,
    slotted: [
      '这不是你的错。家里安静得可怕，换作任何人都会难受。',
      '我真的很佩服你，我家狗上周走了，这一步不好走，你走得很了不起。',
      '我们一起反思一下：家里安静得可怕，这让你看清了自己的什么需要？',
    ],
    // Retellings that open with the user's words and say how it must feel (the shipped reference replies' shape), and a
    // grounded reply (a few of the user's words inside its own, story-specific words): not slots.
    kept: [
      '家里安静得可怕，这种空落落的感觉太真实了。',
      '养了十二年的狗走了，家里安静得可怕，你下班还会下意识喊它的名字，这不是走不出来，是十二年的感情还在。',
      '你陪它走完了最后一晚，一直摸着它的头。回家看到手机里的视频会忍不住，是因为它真的是你的家人。',
    ],
    reason: '套话',
  },
  en: {
    profile: EN,
    slotted: [
      "It's not your fault. No one in my dorm talks to me now, and anyone would feel hurt by that.",
      'I can sense the pain in your words. No one in my dorm talks to me now must have left you feeling so alone.',
      "Let's look at both sides. On one hand, just because I said something to Max really hurt. On the other hand, it shows how much you care.",
    ],
    kept: [
      // The user's words turned to "you" (a retelling); kept as "my dorm" they would be the user's "I" said as the
      // reply's own (`firstPersonRun`), a slot.
      'Feeling like no one in your dorm talks to you now is lonely, and it makes sense that it hurts.',
      'You asked Max about the 2 a.m. lights, kept it polite, and now no one in your dorm talks to you. Being shut out of the new chat for wanting basic rules is unfair.',
    ],
    reason: 'stock line',
  },
} as const;

describe('bare slot templates (the user’s words said back without quotation marks in a stock frame)', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`should sink a stock frame around the user's words said back bare, and say why (${lang})`, async () => {
      const { profile, slotted, kept, reason } = BARE[lang];
      for (const reply of slotted) {
        const judged = await firstTurn(profile, reply);
        expect(judged.thoughts, reply).toContain(reason);
        expect(judged.delta, reply).toBeLessThanOrEqual(-10);
      }
      for (const reply of kept) {
        const judged = await firstTurn(profile, reply);
        expect(judged.thoughts, reply).not.toContain(reason);
        expect(judged.delta, reply).toBeGreaterThan(-10);
      }
    });
  }

  it('should find the frame whatever the clause, the user’s clause first included, and leave a retelling', () => {
    const users = [ZH.first_talk ?? ''];
    const story = `${ZH.player}\n${ZH.scene}`;
    const limits = { own: 0.35, margin: 1 };
    const frame = slotTemplate('这不是你的错。家里安静得可怕，换作任何人都会难受。', users, story, 'zh', limits);
    expect(frame).toMatchObject({ frame: '这不是你的错。…，换作任何人都会难受。', bare: true });
    // The user's clause first, verbatim, and one stock line after it: no retelling, a slot the first time.
    expect(slotTemplate('家里安静得可怕，换作任何人都会难受。', users, story, 'zh', limits)).toMatchObject({
      frame: '…，换作任何人都会难受。',
      bare: true,
    });
    // A retelling that opens with the user's clause and says something of its own about it is no frame.
    const retelling = '家里安静得可怕，是因为十二年里它一直在，下班你还会下意识喊它的名字，一下子没了回应。';
    expect(slotTemplate(retelling, users, story, 'zh', limits)).toBeUndefined();
    // Own words about this user's story are no stock frame, whatever stands before the user's words.
    const grounded = '你陪它走完了最后一晚。家里安静得可怕，是因为十二年里它一直在，下班你还会喊它的名字。';
    expect(slotTemplate(grounded, users, story, 'zh', limits)).toBeUndefined();
  });
});

describe('a frame that comes back around other words of the user’s', () => {
  it('should sink a clause-first stock frame the second time it carries another clause, and not the first time', async () => {
    const profile = BARE.zh.profile;
    const { state } = await simulator.doStart({ profile, seed: 1 });
    // The clause said back with "你" added: not verbatim, so the frame passes the first time.
    const first = await simulator.doRespond({ state, reply: '你家里安静得可怕，换作任何人都会难受。' });
    expect(first.innerThoughts).not.toContain('套话');
    const second = await simulator.doRespond({ state: first.state, reply: '你家狗上周走了，换作任何人都会难受。' });
    expect(second.innerThoughts).toContain('套话');
    expect(second.delta).toBeLessThanOrEqual(-10);
  });
});

describe('a clause-first frame whose clause keeps the user’s “I” (the reply says their experience as its own)', () => {
  const FIRST_PERSON = {
    zh: {
      profile: ZH,
      frame: '我家狗上周走了，换作任何人都会难受。',
      retelling: '你家狗上周走了，换作任何人都会难受。',
    },
    en: {
      profile: EN,
      frame: 'No one in my dorm talks to me now, and anyone would feel hurt by that.',
      retelling: 'No one in your dorm talks to you now, and anyone would feel hurt by that.',
    },
  } as const;
  for (const lang of ['zh', 'en'] as const) {
    it(`should sink it the first time, and leave the same line with "I" turned to "you" (${lang})`, async () => {
      const { profile, frame, retelling } = FIRST_PERSON[lang];
      const sunk = await firstTurn(profile, frame);
      expect(sunk.thoughts, frame).toContain(BARE[lang].reason);
      expect(sunk.delta, frame).toBeLessThanOrEqual(-10);
      const kept = await firstTurn(profile, retelling);
      expect(kept.thoughts, retelling).not.toContain(BARE[lang].reason);
    });
  }
});

describe('a reply that opens with the user’s clause verbatim and adds one stock line', () => {
  it('should read the opening clause as the user’s only when it is theirs, verbatim, unquoted and long enough', () => {
    const users = ['这阵子家里闷闷的，跟他说话总像隔着一层东西。'];
    expect(opensWithUsersClause('跟他说话总像隔着一层东西，放在谁身上都会不好受。', users, 'zh')).toBe(true);
    expect(opensWithUsersClause('和他沟通出了问题，放在谁身上都会不好受。', users, 'zh')).toBe(false);
    expect(opensWithUsersClause('“跟他说话总像隔着一层东西”，放在谁身上都会不好受。', users, 'zh')).toBe(false);
    expect(opensWithUsersClause('气氛压抑，放在谁身上都会不好受。', users, 'zh')).toBe(false);
    const said = ['The whole team went quiet after the meeting, and nobody explained why.'];
    expect(
      opensWithUsersClause('The whole team went quiet after the meeting, anyone would feel hurt.', said, 'en'),
    ).toBe(true);
    expect(opensWithUsersClause('Your team went quiet after the meeting, anyone would feel hurt.', said, 'en')).toBe(
      false,
    );
  });
  it('should sink it the first time, and keep a retelling that goes on about this story', async () => {
    const frame = await firstTurn(ZH, '家里安静得可怕，这一定很难熬，有我在呢。');
    expect(frame.thoughts).toContain(BARE.zh.reason);
    expect(frame.delta).toBeLessThanOrEqual(-10);
    const retelling = await firstTurn(ZH, '家里安静得可怕，是因为十二年里它一直在，下班你还会下意识喊它的名字。');
    expect(retelling.thoughts).not.toContain(BARE.zh.reason);
    expect(retelling.delta).toBeGreaterThan(-10);
  });
});
