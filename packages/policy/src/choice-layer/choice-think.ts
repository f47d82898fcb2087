/**
 * Think-then-say on the choice-layer route (`--preset embedded-choice --think`,
 * docs/decisions/2026-11-27-choice-think.md). A turn is a plan, then a reply:
 * - the plan is one of a few approaches (what the user seems to need and how to answer), written in the reply's
 *   language and grounded in the user's last message (a fragment of it is quoted);
 * - the reply is one of the phrasebook rule's candidates, scored with features that cross the plan's approach with
 *   the reply's strategy and template, so its distribution changes with the plan;
 * - the output is `<think>\nplan\n</think>\nreply` (the env shows the user the reply only).
 * The layer scores every (plan, reply) pair in one row: logit(p, r) = w·φ_plan(s, p) + w·φ_reply(s, p, r), so
 * π(p | s) = Σ_r π(p, r) and π(r | s, p) = π(p, r) / π(p | s), and the turn's log-prob is their sum (exactly the
 * row's log-prob of the pair). The run's GRPO / PPO step trains w on that row like any other choice row.
 */
import { DEFAULT_FEELING, groundedSlotOptions } from '@rlver/model';
import { type ChatMessage, InvalidConfigError, type Language, type PolicyRequest } from '@rlver/spec';
import type { TfjsDialoguePolicy } from '../tfjs-dialogue-policy';
import {
  type ChoiceCandidate,
  type ChoiceState,
  dialogueLanguage,
  hashFeature,
  replyOwnFeatureNames,
} from './choice-features';
import type { ChoiceLayer } from './choice-layer';
import { type ChoiceList, ChoiceLister } from './choice-layer-policy';

/** The approaches a plan may take; each covers the reply strategies that carry it out. */
export const THINK_APPROACHES = ['empathy', 'praise', 'reflect', 'analyse', 'practical', 'company'] as const;
export type ThinkApproach = (typeof THINK_APPROACHES)[number];

/** Which phrasebook strategies carry out each approach (every strategy of the phrasebook belongs to one). */
export const APPROACH_STRATEGIES: Readonly<Record<ThinkApproach, readonly string[]>> = {
  empathy: ['deep_empathy', 'validation', 'active_listening'],
  praise: ['praise'],
  reflect: ['guided_reflection', 'question'],
  analyse: ['dialectical_analysis', 'perspective_taking'],
  practical: ['advice', 'information'],
  company: ['self_disclosure', 'generic_comfort'],
};

const APPROACH_OF = new Map(
  THINK_APPROACHES.flatMap((approach) => APPROACH_STRATEGIES[approach].map((s) => [s, approach] as const)),
);

/** The approach a reply strategy carries out; undefined for a strategy outside every approach. */
export function approachOf(strategy: string): ThinkApproach | undefined {
  return APPROACH_OF.get(strategy);
}

/**
 * The plan texts, in the project's own words: `{topic}` is a quoted fragment of the user's last message; `plain` is
 * used when the message gives no fragment.
 */
const PLAN_TEXTS: Readonly<Record<Language, Readonly<Record<ThinkApproach, { grounded: string; plain: string }>>>> = {
  en: {
    empathy: {
      grounded:
        'They keep coming back to "{topic}". They seem to need to feel understood, so I will name how it feels before anything else.',
      plain: 'They seem to need to feel understood, so I will name how it feels before anything else.',
    },
    praise: {
      grounded:
        'They are carrying "{topic}" and still trying. They seem to need their effort seen, so I will say what they did well.',
      plain: 'They are still trying. They seem to need their effort seen, so I will say what they did well.',
    },
    reflect: {
      grounded:
        'They are not sure what to make of "{topic}". They seem to need room to think, so I will ask something that helps them look at it.',
      plain: 'They seem to need room to think, so I will ask something that helps them look at it.',
    },
    analyse: {
      grounded:
        'They see only one side of "{topic}". They seem to need a wider view, so I will lay out both sides calmly.',
      plain: 'They seem to need a wider view, so I will lay out both sides calmly.',
    },
    practical: {
      grounded: 'They are facing "{topic}" and may want a way forward, so I will offer one small, concrete step.',
      plain: 'They may want a way forward, so I will offer one small, concrete step.',
    },
    company: {
      grounded:
        'They feel alone with "{topic}". They seem to need company, so I will stay close and tell them others feel this too.',
      plain: 'They seem to need company, so I will stay close and tell them others feel this too.',
    },
  },
  zh: {
    empathy: {
      grounded: '对方一直在说“{topic}”。对方最需要被理解，我先说出这份感受，不急着讲道理。',
      plain: '对方最需要被理解，我先说出这份感受，不急着讲道理。',
    },
    praise: {
      grounded: '对方扛着“{topic}”还在努力。对方需要有人看见这份努力，我来说说对方做得好的地方。',
      plain: '对方还在努力。对方需要有人看见这份努力，我来说说对方做得好的地方。',
    },
    reflect: {
      grounded: '对方对“{topic}”还没想清楚。对方需要一点空间，我用一个问题帮对方慢慢看清。',
      plain: '对方需要一点空间，我用一个问题帮对方慢慢看清。',
    },
    analyse: {
      grounded: '对方只看到了“{topic}”的一面。对方需要更宽的视角，我平静地把两面都摆出来。',
      plain: '对方需要更宽的视角，我平静地把两面都摆出来。',
    },
    practical: {
      grounded: '对方正面对“{topic}”，可能想要个办法，我给一个小而具体的下一步。',
      plain: '对方可能想要个办法，我给一个小而具体的下一步。',
    },
    company: {
      grounded: '对方觉得“{topic}”只能自己扛。对方需要陪伴，我陪着对方，告诉对方不是只有自己这样。',
      plain: '对方需要陪伴，我陪着对方，告诉对方不是只有自己这样。',
    },
  },
};

/** One plan a turn may think. */
export interface ThinkPlan {
  approach: ThinkApproach;
  text: string;
}

/** Whether a fragment can stand as a topic: three Han characters (zh) or two words (en); one short word rarely is one. */
function substantial(fragment: string, lang: Language): boolean {
  return lang === 'zh'
    ? fragment.replace(/[^\p{Script=Han}]/gu, '').length >= 3
    : fragment.trim().split(/\s+/u).length >= 2;
}

/**
 * The fragment a plan quotes ('' when there is none): the slot filling's fragment of the user's last message, or the
 * story's thing from their opening when the last message gave no fragment that can stand as a topic (then the thing
 * even when it is short: the opening's topic reads better than a stray word of a later message).
 */
export function planTopic(
  messages: readonly Pick<ChatMessage, 'role' | 'content'>[],
  lang: Language,
  knownNames: readonly string[],
): string {
  const slots = groundedSlotOptions(messages, lang, knownNames, 1)[0];
  const usable = (x: string | undefined) => (x && x !== DEFAULT_FEELING[lang] ? x : '');
  const bit = usable(slots?.bit);
  const thing = usable(slots?.thing);
  return [bit, thing].find((x) => x !== '' && substantial(x, lang)) ?? (thing || bit);
}

/** The plans of one state, one per approach, grounded in `topic` when there is one. */
export function thinkPlans(lang: Language, topic: string): ThinkPlan[] {
  return THINK_APPROACHES.map((approach) => {
    const texts = PLAN_TEXTS[lang][approach];
    return { approach, text: topic === '' ? texts.plain : texts.grounded.replace('{topic}', topic) };
  });
}

/** The emitted text of a think turn (the project's think format, spec §5.2). */
export function thinkOutputText(plan: string, reply: string): string {
  return `<think>\n${plan}\n</think>\n${reply}`;
}

/** The feature that says the reply carries out the plan's approach; its weight starts at `PLAN_MATCH_PRIOR`. */
export const PLAN_MATCH_FEATURE = 'think:match:true';
/**
 * The starting weight of `PLAN_MATCH_FEATURE`: with ~20 % of a state's replies in the plan's approach, e^3 puts
 * ~80 % of the reply's probability there before any training. Training moves it like any weight.
 */
export const PLAN_MATCH_PRIOR = 3;

/** A fresh layer for think runs: the plan-following weight at its prior, every other weight 0. */
export function initThinkLayer(layer: ChoiceLayer, prior = PLAN_MATCH_PRIOR): ChoiceLayer {
  layer.weights[hashFeature(PLAN_MATCH_FEATURE, layer.dim)] = prior;
  return layer;
}

/** φ_plan(s, p): the plan's approach crossed with the turn, what was said before, and the user's words. */
export function planFeatureNames(state: ChoiceState, approach: ThinkApproach): string[] {
  const said = state.saidStrategies.map((s) => approachOf(s) ?? 'unknown');
  const used = said.filter((a) => a === approach).length;
  return [
    `p:${approach}`,
    `p:${approach}|${state.lang}`,
    `p:${approach}|turn:${state.turn}|${state.lang}`,
    `p:${approach}|used:${Math.min(used, 3)}`,
    `p:${approach}|prev:${said.at(-1) ?? 'none'}`,
    ...state.lastWords.map((w) => `p:${approach}|w:${w}`),
    ...state.openingWords.map((w) => `p:${approach}|open:${w}`),
  ];
}

/**
 * φ_reply(s, p, r): whether the reply carries out the plan, the plan crossed with the reply's strategy and template,
 * and the reply's own non-lexical features (repeats, reuse of the user's words, length). The user's words reach the
 * reply only through the plan.
 */
export function thinkReplyFeatureNames(state: ChoiceState, approach: ThinkApproach, reply: ChoiceCandidate): string[] {
  return [...crossFeatureNames(state, approach, reply), ...replyOwnFeatureNames(state, reply)];
}

/** The plan × reply part of φ_reply. */
function crossFeatureNames(state: ChoiceState, approach: ThinkApproach, reply: ChoiceCandidate): string[] {
  const s = reply.strategy;
  return [
    `think:match:${approachOf(s) === approach}`,
    `p:${approach}|s:${s}|${state.lang}`,
    `p:${approach}|t:${s}#${reply.template}|${state.lang}`,
  ];
}

/** A state's (plan, reply) pairs as one choice row, with what each pair is made of. */
export interface ThinkChoiceList extends ChoiceList {
  plans: ThinkPlan[];
  /** The reply candidates (visible replies, strategies from the phrasebook). */
  replies: ChoiceCandidate[];
  /** For each pair of the row: its plan's index in `plans` and its reply's index in `replies`. */
  planOf: number[];
  replyOf: number[];
}

/** Whether a list came from `ThinkChoiceLister`. */
export function isThinkChoiceList(list: ChoiceList): list is ThinkChoiceList {
  return 'plans' in list && 'planOf' in list;
}

/**
 * Lists a state's think turns: the plans × the phrasebook rule's reply candidates (listed by `ChoiceLister` with the
 * uniform prior) that fit `maxNewTokens` tokens after the longest plan.
 */
export class ThinkChoiceLister {
  private readonly replies: ChoiceLister;

  constructor(
    private readonly base: TfjsDialoguePolicy,
    private readonly sampling: { temperature?: number; maxNewTokens?: number },
  ) {
    this.replies = new ChoiceLister(base, sampling, 'uniform');
  }

  get timing() {
    return this.replies.timing;
  }

  async list(request: PolicyRequest): Promise<ThinkChoiceList> {
    const inner = await this.replies.list(request);
    const messages = request.messages;
    const lang = dialogueLanguage(messages);
    const names = this.base.model.logitsRules?.phrasebook?.names[lang] ?? [];
    const plans = thinkPlans(lang, planTopic(messages, lang, names));
    const state = inner.state;
    const maxNewTokens = this.sampling.maxNewTokens ?? Number.MAX_SAFE_INTEGER;
    const planNames = plans.map((plan) => planFeatureNames(state, plan.approach));
    const planTokens = plans.map((plan) => this.base.tokenizer.encode(thinkOutputText(plan.text, '')).length);
    const list: ThinkChoiceList = {
      messages,
      state,
      plans,
      replies: inner.candidates,
      planOf: [],
      replyOf: [],
      candidates: [],
      outputs: [],
      row: { lmLogProbs: [], features: [] },
    };
    // Hashed once per plan, per reply and per pair (the row repeats the plan's and the reply's features).
    const planIndexes = planNames.map((names) => names.map((name) => hashFeature(name)));
    const replyIndexes = inner.candidates.map((reply) =>
      replyOwnFeatureNames(state, reply).map((name) => hashFeature(name)),
    );
    const features: number[][] = [];
    // A reply is offered under every plan or under none (it fits after the longest plan), so the plans share one
    // reply set and only the layer's weights can make the reply depend on the plan.
    const longestPlan = Math.max(...planTokens);
    plans.forEach((plan, p) => {
      inner.candidates.forEach((reply, r) => {
        const output = inner.outputs[r];
        if (!output || longestPlan + output.outputTokenCount > maxNewTokens) return;
        const tokens = (planTokens[p] as number) + output.outputTokenCount;
        const text = thinkOutputText(plan.text, reply.reply);
        list.planOf.push(p);
        list.replyOf.push(r);
        list.candidates.push({ reply: text, strategy: reply.strategy, template: reply.template });
        list.outputs.push({ ...output, text, outputTokenCount: tokens });
        features.push([
          ...(planIndexes[p] as number[]),
          ...crossFeatureNames(state, plan.approach, reply).map((name) => hashFeature(name)),
          ...(replyIndexes[r] as number[]),
        ]);
      });
    });
    list.row = { lmLogProbs: features.map(() => 0), features };
    return list;
  }
}

/** log π(p | s) per plan of the list: the row's probability summed over each plan's pairs (−∞ for a plan with none). */
export function planLogProbs(layer: ChoiceLayer, list: ThinkChoiceList): number[] {
  const logProbs = layer.logProbs(list.row);
  const mass = list.plans.map(() => 0);
  logProbs.forEach((lp, i) => {
    const p = list.planOf[i] as number;
    mass[p] = (mass[p] as number) + Math.exp(lp);
  });
  return mass.map(Math.log);
}

/** π(r | s, p) over `list.replies` for plan index `plan` (0 for replies the plan's pairs leave out). */
export function replyProbsGivenPlan(layer: ChoiceLayer, list: ThinkChoiceList, plan: number): number[] {
  const logProbs = layer.logProbs(list.row);
  const probs = list.replies.map(() => 0);
  let total = 0;
  logProbs.forEach((lp, i) => {
    if (list.planOf[i] !== plan) return;
    const p = Math.exp(lp);
    probs[list.replyOf[i] as number] = p;
    total += p;
  });
  if (total <= 0)
    throw new InvalidConfigError({ field: 'plan', message: `plan ${plan} has no reply that fits the token budget` });
  return probs.map((p) => p / total);
}

/** log π(p | s) + log π(r | s, p) for the row's pair `index`: the turn's log-prob, split into its two parts. */
export function thinkTurnLogProb(
  layer: ChoiceLayer,
  list: ThinkChoiceList,
  index: number,
): { plan: number; reply: number; total: number } {
  const p = list.planOf[index] as number;
  const plan = planLogProbs(layer, list)[p] as number;
  const reply = Math.log(replyProbsGivenPlan(layer, list, p)[list.replyOf[index] as number] as number);
  return { plan, reply, total: plan + reply };
}

/** How much the reply depends on the plan at one state, each plan forced in turn. */
export interface ThinkStateDependence {
  /** Mean over pairs of plans of the total-variation distance between their reply distributions. */
  meanTv: number;
  /** Probability that the reply carries out the plan's approach, the plan drawn from π(p | s). */
  match: number;
  /** The same probability with the reply drawn from its marginal (plan ignored): the chance level. */
  matchChance: number;
  /** For every ordered pair (own plan, donor plan): P(reply in the donor's approach | donor forced). */
  followsForced: number;
  /** P(reply in the donor's approach | own plan): the control of `followsForced`. */
  followsOwn: number;
  /** P(reply in the own plan's approach | donor forced), and the same under the own plan. */
  keepsOwnForced: number;
  keepsOwnControl: number;
}

/** The dependence of one state's reply on its plan under `layer`. */
export function thinkStateDependence(layer: ChoiceLayer, list: ThinkChoiceList): ThinkStateDependence {
  const planProbs = planLogProbs(layer, list).map(Math.exp);
  const usable = list.plans.flatMap((_, p) => (list.planOf.includes(p) ? [p] : []));
  const given = new Map(usable.map((p) => [p, replyProbsGivenPlan(layer, list, p)]));
  const inApproach = (p: number) => list.replies.map((reply) => approachOf(reply.strategy) === list.plans[p]?.approach);
  const massIn = (probs: readonly number[], p: number) =>
    inApproach(p).reduce((sum, yes, r) => sum + (yes ? (probs[r] as number) : 0), 0);
  const marginal = list.replies.map((_, r) =>
    usable.reduce((s, p) => s + (planProbs[p] as number) * (given.get(p)?.[r] as number), 0),
  );
  let tv = 0;
  let tvPairs = 0;
  let forced = 0;
  let own = 0;
  let keepsForced = 0;
  let keepsOwn = 0;
  for (const a of usable)
    for (const b of usable) {
      if (a === b) continue;
      const qa = given.get(a) as number[];
      const qb = given.get(b) as number[];
      if (a < b) {
        tv += 0.5 * qa.reduce((s, x, r) => s + Math.abs(x - (qb[r] as number)), 0);
        tvPairs += 1;
      }
      forced += massIn(qb, b);
      own += massIn(qa, b);
      keepsForced += massIn(qb, a);
      keepsOwn += massIn(qa, a);
    }
  const ordered = Math.max(1, usable.length * (usable.length - 1));
  return {
    meanTv: tvPairs > 0 ? tv / tvPairs : 0,
    match: usable.reduce((s, p) => s + (planProbs[p] as number) * massIn(given.get(p) as number[], p), 0),
    matchChance: usable.reduce((s, p) => s + (planProbs[p] as number) * massIn(marginal, p), 0),
    followsForced: forced / ordered,
    followsOwn: own / ordered,
    keepsOwnForced: keepsForced / ordered,
    keepsOwnControl: keepsOwn / ordered,
  };
}
