import type { Language, StrategyLabel } from '@rlver/spec';

/** One reply template. `{quote}`: a phrase from the user's last message; `{person}`: someone they named. */
export interface ReplyTemplate {
  text: string;
  needs?: 'quote' | 'person';
}

type TemplateTable = Record<StrategyLabel, ReplyTemplate[]>;

const ZH: TemplateTable = {
  praise: [
    { text: '你说“{quote}”，能在这种时候还这么想，挺了不起的。', needs: 'quote' },
    { text: '换成别人可能早就放弃了，你还一直在想办法，这点我特别佩服你。' },
    { text: '你对{person}已经很用心了，这份在乎本身就很难得。', needs: 'person' },
    { text: '说实话，你处理得比你自己以为的要好很多。' },
  ],
  deep_empathy: [
    { text: '听你说“{quote}”，我能感觉到那种委屈一直压在心里，没地方放。', needs: 'quote' },
    { text: '被{person}这样对待，换谁心里都会很难受，尤其是你那么在意。', needs: 'person' },
    { text: '那种明明很努力、却好像没人看见的感觉，一定很累吧。' },
    { text: '我想你难过的不只是这件事本身，还有一直一个人扛着的那种孤单。' },
  ],
  active_listening: [
    { text: '嗯，我在听，你慢慢说。后来呢？' },
    { text: '“{quote}”……这句话听着就很沉，你愿意多说一点吗？', needs: 'quote' },
    { text: '没事，想到哪儿说到哪儿，我都听着。' },
  ],
  validation: [
    { text: '你会有这种感觉太正常了，一点都不是你想多了。' },
    { text: '这件事里你已经尽力了，不是你的错。' },
    { text: '{person}那样做，你生气是完全可以理解的。', needs: 'person' },
  ],
  dialectical_analysis: [
    { text: '这事可能得分两面看：一方面你的感受是真实的，另一方面{person}也许有自己的难处。', needs: 'person' },
    { text: '从你的角度看确实很不公平；但如果换个角度，也许还有你没看到的部分。' },
    { text: '我觉得问题不全在某一个人身上，更像是几件事凑到了一起。' },
  ],
  advice: [
    { text: '要不要先找个时间，心平气和地跟{person}把你的想法说清楚？', needs: 'person' },
    { text: '或许可以先把最让你烦的那一件事拎出来，一步一步来，不用一下子全解决。' },
    { text: '先照顾好自己吧，今晚早点休息，明天脑子清楚了再决定也不迟。' },
  ],
  perspective_taking: [
    { text: '{person}那么做，会不会是因为他自己也有压力，只是不知道怎么表达？', needs: 'person' },
    { text: '也许对方并不是故意的，只是没意识到这对你影响这么大。' },
    { text: '有时候人嘴上说的和心里想的不一样，对方可能也在别扭。' },
  ],
  guided_reflection: [
    { text: '你觉得这件事里，最让你放不下的到底是什么？' },
    { text: '如果再来一次，你会希望自己怎么做？' },
    { text: '你说“{quote}”，这背后你真正想要的是什么呢？', needs: 'quote' },
  ],
  question: [
    { text: '后来{person}有再说什么吗？', needs: 'person' },
    { text: '这种情况持续多久了？' },
    { text: '你说“{quote}”，具体是发生了什么呀？', needs: 'quote' },
  ],
  self_disclosure: [
    { text: '我以前也遇到过差不多的事，那阵子也是整晚睡不着。' },
    { text: '说真的，我也有过被身边人误解的时候，那种滋味我懂。' },
    { text: '我之前跟家里人也闹过类似的别扭，所以特别能理解你。' },
  ],
  information: [
    { text: '其实很多人在压力大的时候都会这样，这是挺常见的反应。' },
    { text: '听说把想法写下来，能帮人把乱糟糟的情绪理清楚一些。' },
    { text: '如果一直睡不好、情绪很低，也可以考虑找心理咨询师聊聊，这很正常。' },
  ],
  generic_comfort: [
    { text: '别难过了，一切都会好起来的。' },
    { text: '抱抱你，别想太多了。' },
    { text: '没事的，会过去的，加油！' },
  ],
  other: [{ text: '嗯嗯，这样啊。' }, { text: '哈哈，我明白你的意思。' }, { text: '好的，那我们再聊聊别的？' }],
};

const EN: TemplateTable = {
  praise: [
    { text: 'You said "{quote}" — still thinking that way at a time like this takes real strength.', needs: 'quote' },
    { text: 'A lot of people would have given up by now, and you are still looking for a way through. I admire that.' },
    { text: 'You clearly care a lot about {person}; that kind of effort is rare.', needs: 'person' },
    { text: 'Honestly, you have handled this better than you give yourself credit for.' },
  ],
  deep_empathy: [
    {
      text: 'Hearing you say "{quote}", I can feel how much hurt you have been carrying with nowhere to put it.',
      needs: 'quote',
    },
    {
      text: 'Being treated like that by {person} would hurt anyone, especially when you care so much.',
      needs: 'person',
    },
    { text: 'Trying so hard and feeling like nobody notices — that must be exhausting.' },
    { text: 'I think it is not just this one thing; it is also the loneliness of carrying it all by yourself.' },
  ],
  active_listening: [
    { text: "Mm, I'm listening. Take your time — what happened next?" },
    { text: '"{quote}"... that sounds heavy. Do you want to tell me more?', needs: 'quote' },
    { text: 'No rush. Say whatever comes to mind, I am here.' },
  ],
  validation: [
    { text: 'It makes complete sense that you feel this way. You are not overreacting.' },
    { text: 'You did everything you could here. This is not your fault.' },
    { text: 'After what {person} did, being angry is completely understandable.', needs: 'person' },
  ],
  dialectical_analysis: [
    {
      text: 'Maybe there are two sides: your feelings are real, and {person} may have struggles of their own.',
      needs: 'person',
    },
    { text: 'From where you stand it really is unfair; from another angle there may be parts you have not seen yet.' },
    { text: 'I do not think it is all on one person; it looks more like several things piling up at once.' },
  ],
  advice: [
    { text: 'Could you find a calm moment to tell {person} plainly how you see it?', needs: 'person' },
    {
      text: 'Maybe pick the one thing that bothers you most and take it step by step; no need to fix everything at once.',
    },
    { text: 'Look after yourself first — get some sleep tonight and decide tomorrow with a clearer head.' },
  ],
  perspective_taking: [
    { text: 'Could {person} be under pressure too, and just not know how to say it?', needs: 'person' },
    { text: 'Maybe they did not mean it, and simply did not realise how much it affected you.' },
    { text: 'Sometimes people say one thing and feel another; they might be struggling with it too.' },
  ],
  guided_reflection: [
    { text: 'What is the part of all this that you find hardest to let go of?' },
    { text: 'If you could do it over, how would you want to handle it?' },
    { text: 'When you say "{quote}", what is it you really want underneath?', needs: 'quote' },
  ],
  question: [
    { text: 'Did {person} say anything else after that?', needs: 'person' },
    { text: 'How long has this been going on?' },
    { text: 'You said "{quote}" — what exactly happened?', needs: 'quote' },
  ],
  self_disclosure: [
    { text: 'I went through something similar once, and I could not sleep for weeks either.' },
    { text: 'Honestly, I have been misunderstood by people close to me too. I know that feeling.' },
    { text: 'I had the same kind of friction with my family before, so this really resonates.' },
  ],
  information: [
    { text: 'A lot of people react this way under stress; it is a very common response.' },
    { text: 'Writing your thoughts down can help untangle feelings when everything is a blur.' },
    { text: 'If the low mood and bad sleep go on, talking to a counsellor is a normal, sensible step.' },
  ],
  generic_comfort: [
    { text: "Don't be sad, everything will be fine." },
    { text: 'Sending you a hug, try not to overthink it.' },
    { text: 'It will pass, hang in there!' },
  ],
  other: [
    { text: 'Oh, I see.' },
    { text: 'Haha, I get what you mean.' },
    { text: 'Okay — shall we talk about something else?' },
  ],
};

/** Templates per strategy label and language (our own wording). */
export const REPLY_TEMPLATES: Readonly<Record<Language, TemplateTable>> = { zh: ZH, en: EN };
