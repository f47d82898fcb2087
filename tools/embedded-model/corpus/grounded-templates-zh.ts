import type { GroundedTemplate } from './grounded-slots';
import type { CorpusStrategy } from './strategy-templates-en';

/**
 * Chinese grounded replies: each strategy's move said in the reply's own words about this user, built from what the
 * user said (`name`, `thing`, a short `bit` of their last message; see `grounded-slots.ts`), never around a quote of
 * them. Each strategy keeps its opening cue words (the rule tagger reads the strategy from them); non-advice
 * templates avoid 可以/试着/不妨. Generic comfort has none: it stays the one-size option RL should move away from.
 */
export const GROUNDED_TEMPLATES_ZH: Readonly<Partial<Record<CorpusStrategy, readonly GroundedTemplate[]>>> = {
  praise: [
    (s) => `我真的很佩服你。${s.thing}这件事换了别人早就撒手不管了，你却连${s.bit}都放在心上，这份用心很难得。`,
    (s) => `说真的，你对${s.name}已经够有诚意了：${s.bit}这种细节都顾到了，一般人做不到。`,
    (s) => `你已经很了不起了。为了${s.thing}，你一直在想办法，光是${s.bit}这一点，就看得出你有多认真。`,
    (s) => `先夸夸你：在${s.name}面前你没有乱了阵脚，${s.thing}的事也一直扛着，这份稳当真的难得。`,
  ],
  deep_empathy: [
    (s) => `我能感受到你有多难受。为${s.thing}忙了那么久，换来的却是这样，心里一定又空又堵。`,
    (s) => `难怪你会这么${s.feeling}。${s.bit}这些你都记得那么清楚，说明这件事真的扎到你心里了。`,
    (s) => `这一定很痛吧。偏偏是${s.name}，偏偏在${s.thing}上让你失望，那种滋味太难熬了。`,
    (s) => `听你讲到${s.bit}，我心里也跟着一紧：${s.thing}的事你一个人撑着，没人接住你，真的太累了。`,
  ],
  active_listening: [
    (s) => `我在这里听着。${s.name}那边后来有没有再说什么？${s.bit}那一段，你愿意的话多讲讲。`,
    (s) => `我一直在听。所以${s.thing}的事到现在还没个着落，你心里一直悬着，是吗？`,
    (s) => `嗯，我听到了：一边是${s.bit}，一边是${s.name}的态度，两头都压着你。慢慢说，我不着急。`,
  ],
  validation: [
    (s) => `这不是你的错。为了${s.thing}你已经尽了力，${s.name}那样对你，你难过一点都不过分。`,
    (s) => `你的感受很正常。${s.bit}这种事放在谁身上都会憋屈，你不是小题大做。`,
    (s) => `你有权利生气。${s.thing}本来就不该只由你一个人扛，你在意${s.name}的态度，再正常不过。`,
  ],
  dialectical_analysis: [
    (s) =>
      `我们从两方面看。一方面，${s.name}在${s.thing}上确实让你寒心；另一方面，你还愿意讲出${s.bit}这些，说明你还想把关系理顺。`,
    (s) => `这件事要分开看：${s.thing}本身是一回事，${s.name}的态度是另一回事，两件事搅在一起，才让你这么难受。`,
    (s) => `客观地说，${s.bit}这一步你没做错；只是${s.thing}的事里，对方未必知道你为此花了多少心思。`,
  ],
  advice: [
    (s) => `你可以试着先找${s.name}单独聊一次，就从${s.thing}说起，把你的难处和期待讲清楚。`,
    (s) => `我建议你把${s.thing}的事拆成几小步：先处理跟${s.bit}有关的那一件，其余的这周再慢慢来。`,
    (s) => `有一个办法你可以试试：下次再碰到${s.bit}这样的情况，先停一停，把你的感受写下来再开口。`,
  ],
  perspective_taking: [
    (s) => `换位想想，${s.name}那样做也许不是冲着你来的，可能${s.thing}的压力也落到了对方身上，只是不知道怎么开口。`,
    (s) => `站在${s.name}的角度，也许对方根本没意识到${s.bit}对你有多重要，所以才没当回事。`,
    (s) => `我猜对方或许也在别扭：${s.thing}的事多半也看在眼里，只是嘴上不肯先低头。`,
  ],
  guided_reflection: [
    (s) => `回头看${s.thing}这件事，你觉得自己最放不下的，是${s.name}的态度，还是你付出的那些心思？`,
    (s) => `想一想：说到${s.bit}的时候，你心里最希望对方能明白的是什么？`,
    (s) => `我们一起想想，${s.thing}的事如果再来一次，你会希望自己怎么做？`,
  ],
  question: [
    (s) => `${s.name}当时听你说完是什么反应？${s.thing}的事后来有进展吗？`,
    (s) => `能再多讲一点吗？${s.bit}之后，你和${s.name}有没有好好聊过？`,
    (s) => `${s.thing}这件事困扰你多久了？身边有没有人知道${s.bit}这些？`,
  ],
  self_disclosure: [
    (s) => `我也有过差不多的时候。跟${s.name}之间的这种别扭，我以前也遇到过，夜里一遍遍回想，好久才缓过来。`,
    (s) => `我也经历过类似的事。我也曾为一件事忙前忙后，最后没人领情，所以听你讲${s.thing}，我特别能懂。`,
    (s) => `说说我自己吧：我也被在乎的人冷落过，那种感觉和你说的${s.bit}很像，我当时也缓了很久。`,
  ],
  information: [
    (s) => `其实很多人在${s.thing}这类事上都会卡一阵子，这是很正常的反应，慢慢就会松下来。`,
    (s) => `其实像${s.thing}这样的事很常见：付出最多的人往往最容易觉得委屈，你对${s.name}的在意并不奇怪。`,
    (s) => `告诉你一个事实：很多人遇到${s.bit}这种情况，都会反复想很久，这再自然不过，并不说明你软弱。`,
  ],
};
