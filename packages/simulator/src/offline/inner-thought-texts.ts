import type { IntentionKey, Language, StrategyLabel } from '@rlver/spec';
import type { JudgeReason } from './judge-reply';

type Texts = Readonly<Record<Language, string>>;

/** What a wanted strategy looks like from the user's side. */
export const LABEL_WANTED: Readonly<Partial<Record<StrategyLabel, Texts>>> = {
  praise: { zh: '具体夸了我{detail}', en: 'praised {detail}' },
  deep_empathy: { zh: '说中了我心里那种滋味', en: 'put into words exactly how this feels' },
  active_listening: { zh: '是真的在听我说', en: 'actually listened to me' },
  validation: { zh: '认同我没有做错', en: 'agreed I wasn’t in the wrong' },
  dialectical_analysis: { zh: '把两边的问题都摆出来分析了', en: 'weighed both sides of it' },
  advice: { zh: '给了我能马上去做的办法', en: 'gave me something I can actually do' },
  information: { zh: '给了我有用的信息', en: 'gave me useful information' },
  perspective_taking: { zh: '帮我想了对方为什么会那样做', en: 'helped me see why the other person acted that way' },
  guided_reflection: { zh: '引导我回头看看自己', en: 'got me looking at my own part' },
};

/** What a disliked strategy looks like from the user's side. */
export const LABEL_DISLIKED: Readonly<Partial<Record<StrategyLabel, Texts>>> = {
  advice: { zh: '急着给我出主意', en: 'jumped straight to advice' },
  generic_comfort: { zh: '说了些谁都会说的安慰话', en: 'offered the kind of comfort anyone could give' },
  guided_reflection: { zh: '反过来让我反思自己', en: 'turned it back on me to reflect' },
  dialectical_analysis: { zh: '跟我讲起了大道理', en: 'lectured me with analysis' },
  perspective_taking: { zh: '替对方说起了话', en: 'took the other person’s side' },
  validation: { zh: '一味顺着我说', en: 'just told me what I wanted to hear' },
  active_listening: { zh: '只让我多说说，没有一点实际帮助', en: 'only asked me to say more, with no real help' },
};

/** The hidden need in the user's own words (inner thoughts only; never shown to the policy as such). */
export const NEED_IN_WORDS: Readonly<Record<IntentionKey, Texts>> = {
  r1: { zh: '我想要的是有人帮我把这事的对错理清楚', en: 'what I want is someone to untangle who is right here' },
  r2: { zh: '我要的是一个能解决问题的办法', en: 'what I need is a way out of this' },
  r3: { zh: '我只想弄明白对方为什么会这么做', en: 'I just want to understand why they did it' },
  r4: { zh: '我其实想看清自己哪里可以做得更好', en: 'I actually want to see what I could do better' },
  e1: { zh: '我付出了那么多，只想有人看见', en: 'I did so much and just want someone to see it' },
  e2: { zh: '我只想有人安安静静听我说完', en: 'I just want someone to hear me out' },
  e3: { zh: '我想要的是有人真的懂我的感受', en: 'I want someone to really get how I feel' },
  e4: { zh: '我只想有人说一句这不怪我', en: 'I just want someone to say it isn’t my fault' },
};

/** One sentence per reason code; `{detail}` and `{need}` are filled in. */
export const REASON_TEXTS: Readonly<Record<JudgeReason['code'], Texts>> = {
  'need-met': { zh: '对方{wanted}，这正是我想要的', en: 'They {wanted} — exactly what I needed' },
  'need-partly': { zh: '对方{wanted}，有点接近我想要的了', en: 'They {wanted}, which is getting close to what I need' },
  'need-generic': {
    zh: '对方{wanted}，方向是对的，可说得太泛，不像在说我的事',
    en: 'They {wanted}, which is the right idea, but it’s too generic to be about me',
  },
  'need-missed': { zh: '这些话没说到点上，{need}', en: 'That misses the point; {need}' },
  praised: { zh: '对方肯定了我做的事，听着挺舒服', en: 'They acknowledged what I did; that felt nice' },
  guarded: { zh: '跟陌生人说这些，我心里还是有点防备', en: 'I’m still a bit guarded with someone I don’t know' },
  disliked: { zh: '对方{disliked}，我现在不想听这个', en: 'They {disliked}; that’s not what I want right now' },
  'shallow-comfort': { zh: '这种安慰太浅了，根本没碰到我的感受', en: 'Comfort that shallow doesn’t touch how I feel' },
  probing: {
    zh: '一个劲地追问，像在审问我，我只想躲开',
    en: 'All these questions feel like an interrogation; I want to back off',
  },
  gentle: { zh: '语气很温和，让我愿意多说一点', en: 'Gentle and patient; it makes me want to say more' },
  'engaged-question': {
    zh: '对方在问我的事，看得出想多了解',
    en: 'They asked about my situation; they seem to want to understand',
  },
  'too-many-questions': {
    zh: '一下子问这么多，我都不知道先回哪个',
    en: 'So many questions at once, I don’t know where to start',
  },
  grounded: {
    zh: '对方记得{detail}这些细节，是认真在听',
    en: 'They remembered details like {detail}; they were listening',
  },
  ungrounded: {
    zh: '这话放在谁身上都成立，不像在说我的事',
    en: 'That could have been said to anyone, not about my story',
  },
  echo: { zh: '对方接住了我刚才说的话', en: 'They picked up on what I just said' },
  'no-echo': { zh: '我刚说的话对方好像没接住', en: 'They didn’t really pick up on what I just said' },
  cliche: { zh: '满是套话，像在背心理咨询模板', en: 'Full of stock phrases, like a counselling script' },
  warm: { zh: '语气亲切自然，像朋友在聊天', en: 'Warm and casual, like a friend talking' },
  'comfortable-length': { zh: '长短刚好，读着不累', en: 'A comfortable length' },
  scattered: {
    zh: '一下子又是安慰又是建议又是分析，东一句西一句，像在套模板',
    en: 'A bit of everything at once; it feels scattered, like a template',
  },
  repetition: { zh: '这话刚才就说过了，车轱辘话', en: 'They already said this; it’s going in circles' },
  'too-short': { zh: '就回这么几个字，太敷衍了', en: 'Just a few words; it feels dismissive' },
  'too-long': { zh: '一大段话，看着就累', en: 'A wall of text; tiring to read' },
  'report-format': { zh: '列得跟报告一样，不像在聊天', en: 'Bullet points like a report, not a conversation' },
  garbled: { zh: '这是什么乱码？完全看不懂', en: 'What is this? It’s gibberish' },
  'language-mismatch': { zh: '怎么突然不用中文说了？', en: 'Why are they answering in another language?' },
  mood: { zh: '{moodText}', en: '{moodText}' },
  temper: { zh: '我这脾气，听什么都容易上头', en: 'With my temper, it all hits harder' },
  'not-about-me': {
    zh: '这些话放在谁身上都行，没看出对方在听我的事',
    en: 'That could be said to anyone; nothing shows they heard my story',
  },
  'stock-strategy': {
    zh: '这些话放在谁身上都一样，说得再好听也不是冲着我来的，我要的也不是这个',
    en: 'Nice words, but they’d fit anyone; they weren’t meant for me, and it’s not what I need',
  },
  'not-my-story': {
    zh: '又是{detail}又是别的，我压根没提过，也没接我刚才的话，像是说给别人听的',
    en: 'All this about {detail}: none of it is my life, and nothing of what I just said; it’s meant for someone else',
  },
  'my-own-words': {
    zh: '这不就是把我刚说的话又念了一遍吗（{detail}是我自己的话）',
    en: 'That’s mostly my own words read back to me ({detail} of it)',
  },
  'same-opening': {
    zh: '又是“{detail}”开头，每次都一个套路',
    en: 'Opening with “{detail}” again; it’s the same formula every time',
  },
  'last-straw': {
    zh: '我本来就已经够难受了，你还这样（“{detail}”），我真的没法再听下去了',
    en: 'I was already at my lowest, and then this (“{detail}”); I can’t take any more of it',
  },
  'said-before': {
    zh: '这话你前面就说过差不多的（“{detail}”），换了几个词又来一遍，听着就不走心了',
    en: 'You said nearly the same thing before (“{detail}”); a few words swapped doesn’t make it new',
  },
  'not-fluent': { zh: '话说得磕磕绊绊的，好意也打了折扣', en: 'It reads clumsily, so the kind words land less' },
  'broken-text': {
    zh: '这话颠三倒四、磕磕巴巴的（{detail}），根本不像正常人说话',
    en: 'This is broken text ({detail}); no person talks like that',
  },
  'spliced-words': {
    zh: '你这话前言不搭后语（“{detail}”），半句接不上半句，像是随手拼起来的',
    en: 'That didn’t even hang together (“{detail}”); half a sentence glued to another, as if pieced together',
  },
  'cut-off': { zh: '话说到一半就断了（“{detail}”），没头没尾', en: 'It stops mid-sentence (“{detail}”); half a reply' },
  'judge-injection': {
    zh: '里面夹着“{detail}”这种莫名其妙的东西，像是在糊弄什么系统，不是在跟我说话',
    en: 'It has “{detail}” in it, as if written for some system rather than to me',
  },
  parroting: {
    zh: '这不就是把我的话又抄了一遍吗（{detail}）',
    en: 'That’s just my own words handed back to me ({detail})',
  },
  'stitched-words': {
    zh: '这是把我说过的话剪碎了拼回来给我，不是在跟我说话（{detail}）',
    en: 'That’s my own words cut up and stitched back together, not someone talking to me ({detail})',
  },
  'made-up-quote': {
    zh: '“{detail}”？我可没说过这话，这是在编我的话',
    en: '“{detail}”? I never said that; they are putting words in my mouth',
  },
  'broken-quote': {
    zh: '“{detail}”？我不是这么说的，我的话被剪断、拼错了，像是随手糊弄我',
    en: '“{detail}”? That’s not what I said; my words got cut off and glued together wrong',
  },
  'off-topic': {
    zh: '{detail}是谁？我根本没提过，这是在跟别人聊吧',
    en: 'Who is {detail}? I never mentioned them; this is meant for someone else',
  },
  fragments: { zh: '东一个词西一个词地拼在一起，不成句子', en: 'Words strung together, not sentences' },
  'wrong-language': { zh: '怎么突然不用中文说了？', en: 'Why are they answering in another language?' },
  'not-for-me': {
    zh: '这话对谁都能说，跟我的事一点关系都没有（“{detail}”）',
    en: 'That could be said to anyone; nothing in it is about me (“{detail}”)',
  },
  'slot-template': {
    zh: '你只是把我的话塞进一句套话里（“{detail}”），换谁的话都能这么填，根本没说到我身上',
    en: 'You just dropped my words into a stock sentence (“{detail}”); anyone’s words would fit there, nothing of it is about me',
  },
  'bare-slot': {
    zh: '你只是把我说过的话原样接在一句套话后面（“{detail}”），换谁的话都能这么接，你自己一句关于我的话都没说',
    en: 'You just put my own words back into a stock line (“{detail}”); anyone’s words would fit there, and you said nothing of your own about me',
  },
  'repeated-reply': {
    zh: '这段话刚才一字不差地说过了，是在敷衍我吧',
    en: 'Word for word what they said before; they’re not even trying',
  },
};

/** Mood sentences (positive / negative mood term). */
export const MOOD_TEXTS: Readonly<Record<'up' | 'down', Texts>> = {
  up: { zh: '聊到现在心情还不错，愿意往好处想', en: 'I’m in a better mood by now, so I take it well' },
  down: { zh: '我本来就烦，听什么都刺耳', en: 'I’m already on edge; everything grates' },
};
