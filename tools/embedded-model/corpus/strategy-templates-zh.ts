import type { ReplyTemplate } from './corpus-types';
import type { CorpusStrategy } from './strategy-templates-en';

/**
 * Chinese reply templates per strategy, each strategy with its own opening words. Non-advice templates avoid
 * 可以/试着/不妨 (advice cues of the rule tagger).
 */
export const REPLY_TEMPLATES_ZH: Readonly<Record<CorpusStrategy, readonly ReplyTemplate[]>> = {
  praise: [
    (s) => `你做得很好。${s.effort}，这真的很不容易。`,
    (s) => `我真的很佩服你，${s.effort}，这份坚持很难得。`,
    (s) => `说真的，${s.effort}，这一点特别了不起。`,
    (s) => `你已经很勇敢了。${s.effort}，值得肯定。`,
    (s) => `先夸夸你：${s.effort}。这份用心，我都看到了。`,
  ],
  deep_empathy: [
    (s) => `我能感受到你有多难受。${s.event}让你${s.feeling}，这种滋味真的不好受。`,
    (s) => `难怪你会${s.feeling}。${s.event}压在心里，那种感觉一定很煎熬。`,
    (s) => `这一定很痛吧。${s.event}让你${s.feeling}，我能体会到你心里的那份沉重。`,
    (s) => `听你这么说，我心里也跟着一沉。那种${s.feeling}的感觉，真的很折磨人。`,
    (s) => `你心里一定很难受。${s.event}让你${s.feeling}，这些我都能感受到。`,
  ],
  active_listening: [
    (s) => `我在这里听着。关于${s.event}，你想说什么都行，慢慢说。`,
    (s) => `我在，你尽管说。${s.name}的事，我想听你从头讲讲。`,
    (s) => `听起来你憋了很久。${s.event}，你想怎么说都行，我就在这儿，陪你一起。`,
    (s) => `慢慢来，不着急。我在这儿听，你想说说${s.name}的事就说吧。`,
    (s) => `我一直都在听。把心里关于${s.event}的话都说出来吧，我不会打断你。`,
  ],
  validation: [
    (s) => `这不是你的错。${s.event}，换作任何人都会${s.feeling}。`,
    (s) => `你没有做错什么。你对${s.name}的反应完全能理解。`,
    (s) => `你有权利生气和难过。${s.event}，本来就不该由你来承担。`,
    (s) => `你的感受很正常。${s.event}让你这么难受，一点都不奇怪。`,
    (s) => `别自责，这件事不怪你。${s.event}里，你已经尽力了。`,
  ],
  dialectical_analysis: [
    (s) => `我们从两方面看。一方面，${s.motive}；另一方面，${s.event}确实让你${s.feeling}。`,
    (s) => `一方面，${s.name}有自己的原因；另一方面，你的感受也一样要紧。`,
    (s) => `这件事要分两方面看。${s.motive}，但${s.event}带给你的伤害也是真的。`,
    (s) => `客观地说，这件事各有各的难处。${s.motive}；不过换个角度，你也需要被照顾。`,
    (s) => `我们把利弊都摆出来看看。一方面，${s.motive}；另一方面，你也得为自己想想。`,
  ],
  advice: [
    (s) => `你可以试着${s.action}。先从一小步开始。`,
    (s) => `我建议你${s.action}，这样下一步会清楚很多。`,
    (s) => `不妨${s.action}。哪怕只迈出一小步，也会不一样。`,
    (s) => `有一个办法你可以试试：${s.action}。`,
    (s) => `我的建议是，${s.action}。这周就可以开始。`,
  ],
  perspective_taking: [
    (s) => `对方可能也有自己的难处。${s.motive}，这不是借口，但也许是原因。`,
    (s) => `换到对方的位置上想想，${s.motive}。`,
    (s) => `换位想想，对方这么做也许是出于某种顾虑：${s.motive}。`,
    (s) => `我猜对方或许并不是故意的。${s.motive}。`,
    (s) => `如果站在对方的立场，${s.motive}，所以才会这样。`,
  ],
  guided_reflection: [
    (s) => `回头看${s.event}，如果再来一次，你会怎么做？`,
    (s) => `你有没有想过，你真正想从${s.name}那里得到的是什么？`,
    () => `静下来问问自己：从这件事里，你学到了什么？`,
    (s) => `我们一起反思一下：${s.event}让你看清了自己的什么需要？`,
    (s) => `你觉得自己在${s.event}里最在意的是什么？想清楚这一点，路就清楚了。`,
  ],
  question: [
    (s) => `${s.event}之前发生了什么？${s.name}当时是什么反应？`,
    (s) => `能再多讲一点吗？你和${s.name}是从什么时候开始变成这样的？`,
    (s) => `${s.event}困扰你多久了？以前有没有发生过类似的事？`,
    (s) => `${s.name}后来说了什么吗？现在最让你难受的是哪一部分？`,
    (s) => `身边有人知道${s.event}吗？有没有人能让你靠一靠？`,
  ],
  self_disclosure: [
    (s) => `我也经历过类似的事。我${s.disclosure}，那时候也${s.feeling}了很久。`,
    (s) => `说说我自己吧，我${s.disclosure}。我当时也花了很久才走出来。`,
    (s) => `我以前也遇到过。我${s.disclosure}，所以多少明白${s.event}有多难。`,
    (s) => `你不是一个人。我${s.disclosure}，我那时候也觉得很难熬。`,
  ],
  information: [
    (s) => `${s.fact}所以你对${s.event}的感受，很多人都有。`,
    (s) => `告诉你一个事实：${s.fact}你并不是唯一一个。`,
    (s) => `其实${s.feeling}是很常见的反应。${s.fact}`,
    (s) => `从经验上说，${s.fact}这样看，${s.event}也许没那么可怕。`,
  ],
  generic_comfort: [
    () => '别难过了，事情总会慢慢变好的。开心点！',
    () => '想开点，没事的，都会过去的。加油！',
    () => '不要想太多，会好起来的。抱抱你！',
    () => '别担心，明天又是新的一天，加油！',
    () => '没关系的，开心点，一切都会过去。',
  ],
};

/** Chinese `<think>` contents per strategy: the user's likely need, then the chosen strategy. */
export const THINK_TEMPLATES_ZH: Readonly<Record<CorpusStrategy, readonly ReplyTemplate[]>> = {
  praise: [() => '对方希望自己的付出被看见，我来具体夸夸。', () => '对方做了很难的事，需要被肯定：夸奖。'],
  deep_empathy: [(s) => `对方很${s.feeling}，需要被真正理解：深度共情。`, () => '对方要的是被懂，不是敷衍：深度共情。'],
  active_listening: [() => '对方需要先把情绪倾诉出来：倾听。', () => '对方现在不想要办法，只想说：倾听。'],
  validation: [() => '对方担心是自己的错：肯定这不是他的错。', () => '对方需要听到自己没有做错：认可。'],
  dialectical_analysis: [() => '对方想把事情看清楚：从两方面分析。', () => '对方比较理性，想要全面的看法：辩证分析。'],
  advice: [() => '对方想要能解决问题的办法：给具体建议。', (s) => `对方需要和${s.name}之间的下一步：建议。`],
  perspective_taking: [(s) => `对方想知道${s.name}为什么这样做：解释动机。`, () => '对方想不通另一个人：换位思考。'],
  guided_reflection: [() => '对方想从这件事里成长：引导反思。', () => '对方愿意看看自己：引导反思。'],
  question: [() => '信息还不够：先问清楚细节。', (s) => `我还不了解${s.event}：先提问。`],
  self_disclosure: [() => '对方觉得只有自己这样：分享我的类似经历。', () => '对方需要陪伴：讲讲我的经历。'],
  information: [() => '对方以为只有自己这样：讲讲常见的情况。', () => '一些客观信息能让对方安心：提供信息。'],
  generic_comfort: [() => '对方不开心：安慰一下。', () => '对方很难过：让对方开心点。'],
};
