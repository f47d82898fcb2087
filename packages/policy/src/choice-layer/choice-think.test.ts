import { fileURLToPath } from 'node:url';
import { useTestBackend } from '@rlver/model/test';
import { type ChatMessage, splitThinkReply, thinkFormatOk } from '@rlver/spec';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCheckpointPolicy } from '../checkpoint-policy';
import { hashFeature } from './choice-features';
import { ChoiceLayer } from './choice-layer';
import { ChoiceLister } from './choice-layer-policy';
import { attachChoiceLayer, ChoiceStateLog } from './choice-layer-training';
import { grpoStep } from './choice-objectives';
import {
  APPROACH_STRATEGIES,
  approachOf,
  initThinkLayer,
  PLAN_MATCH_FEATURE,
  PLAN_MATCH_PRIOR,
  planLogProbs,
  planTopic,
  replyProbsGivenPlan,
  THINK_APPROACHES,
  ThinkChoiceLister,
  thinkPlans,
  thinkStateDependence,
  thinkTurnLogProb,
} from './choice-think';

// Think turns on the shipped grounded checkpoint (phrasebook rule on in its generation_config).
await useTestBackend();
const directory = fileURLToPath(new URL('../../assets/embedded-grounded/', import.meta.url));
const sampling = { temperature: 0.7, maxNewTokens: 96 };
const base = await loadCheckpointPolicy(directory, { policyId: 'embedded-grounded', maxContextTokens: 352, sampling });

afterAll(() => {
  base.model.dispose();
});

// Later turns, in our own words.
const en: ChatMessage[] = [
  { role: 'system', content: 'You are a warm friend.' },
  { role: 'user', content: 'My coach Martin benched me for the final match after one bad practice.' },
  { role: 'assistant', content: 'That sounds really unfair. How are you holding up?' },
  { role: 'user', content: 'Not great. I trained all season for that match and he did not even explain it.' },
];
const zh: ChatMessage[] = [
  { role: 'system', content: '你是一个温暖的朋友。' },
  { role: 'user', content: '我搬到新城市快半年了，周末总是一个人待在出租屋里。' },
  { role: 'assistant', content: '一个人在陌生的地方，确实不容易。' },
  { role: 'user', content: '同事下班都各回各家，我连一起吃饭的人都找不到。' },
];

describe('think turns on the choice layer', () => {
  it('should emit well-formed <think>plan</think>reply turns whose plan is in the reply language and quotes the user', async () => {
    const lister = new ThinkChoiceLister(base, sampling);
    for (const [messages, lang] of [
      [en, 'en'],
      [zh, 'zh'],
    ] as const) {
      const list = await lister.list({ messages, seed: 0 });
      // The visible reply is what the env keeps of an output (it also cuts what precedes a final `你：`).
      const visible = (text: string) => splitThinkReply(text).reply;
      const plain = await new ChoiceLister(base, sampling, 'uniform').list({ messages, seed: 0 });
      const replies = new Set(plain.candidates.map((c) => visible(c.reply)));
      expect(list.plans.map((p) => p.approach)).toEqual([...THINK_APPROACHES]);
      expect(list.candidates.length).toBeGreaterThan(5 * THINK_APPROACHES.length);
      const said = messages.filter((m) => m.role === 'user').map((m) => m.content);
      for (const [i, candidate] of list.candidates.entries()) {
        expect(thinkFormatOk(candidate.reply)).toBe(true);
        const split = splitThinkReply(candidate.reply);
        expect(split.think).toBe(list.plans[list.planOf[i] as number]?.text);
        expect(replies.has(split.reply)).toBe(true);
        expect(split.reply).toBe(visible(list.replies[list.replyOf[i] as number]?.reply ?? ''));
        expect(list.outputs[i]?.text).toBe(candidate.reply);
        expect(list.outputs[i]?.outputTokenCount ?? Infinity).toBeLessThanOrEqual(96);
      }
      for (const plan of list.plans) {
        if (lang === 'en') expect(plan.text).not.toMatch(/\p{Script=Han}/u);
        else expect(plan.text).not.toMatch(/[A-Za-z]/u);
        // Grounded: the plan quotes a fragment of what the user said.
        const quoted = plan.text.match(/["“]([^"”]+)["”]/u)?.[1];
        expect(quoted).toBeDefined();
        expect(said.some((text) => text.includes(quoted as string))).toBe(true);
      }
    }
  });

  it("should quote a fragment of the user's last message, or the opening's topic when the last message has none that stands alone", () => {
    const dialogue = (said: string[]): ChatMessage[] =>
      said.flatMap((content, i) => [
        { role: 'user' as const, content },
        ...(i < said.length - 1 ? [{ role: 'assistant' as const, content: '嗯，我在听。' }] : []),
      ]);
    // The last message's fragment is a topic: it is quoted.
    expect(planTopic(dialogue([zh[1]?.content ?? '', zh[3]?.content ?? '']), 'zh', [])).toBe('同事下班');
    // The last message only says "you did not understand": the opening's topic is quoted instead of a stray word.
    const stray = dialogue(['我家里最近特别安静，爸妈总是不说话。', '你根本没明白我在说什么。']);
    expect(planTopic(stray, 'zh', [])).toBe('安静');
    expect(thinkPlans('zh', '安静')[0]?.text).toContain('“安静”');
    expect(thinkPlans('en', '')[0]?.text).not.toMatch(/["“]/u);
  });

  it("should give a turn the log-prob log π(plan|s) + log π(reply|s,plan), the layer's row log-prob of the pair", async () => {
    const list = await new ThinkChoiceLister(base, sampling).list({ messages: en, seed: 0 });
    const layer = initThinkLayer(new ChoiceLayer());
    // Arbitrary weights on some of the row's features.
    list.row.features.forEach((features, i) => {
      const index = features[i % features.length] as number;
      if (i % 7 === 0) layer.weights[index] = (layer.weights[index] as number) + ((i % 5) - 2) * 0.3;
    });
    const row = layer.logProbs(list.row);
    const plans = planLogProbs(layer, list);
    expect(plans.reduce((s, lp) => s + Math.exp(lp), 0)).toBeCloseTo(1, 9);
    for (let p = 0; p < list.plans.length; p += 1)
      expect(replyProbsGivenPlan(layer, list, p).reduce((s, x) => s + x, 0)).toBeCloseTo(1, 9);
    for (let i = 0; i < list.candidates.length; i += 5) {
      const turn = thinkTurnLogProb(layer, list, i);
      expect(turn.total).toBeCloseTo(row[i] as number, 9);
      expect(turn.plan).toBeCloseTo(plans[list.planOf[i] as number] as number, 12);
      expect(turn.reply).toBeLessThan(0);
    }
    // A weight on a plan-only feature moves π(plan|s) but not π(reply|s,plan).
    const praise = THINK_APPROACHES.indexOf('praise');
    const replyBefore = replyProbsGivenPlan(layer, list, praise);
    const planBefore = Math.exp(planLogProbs(layer, list)[praise] as number);
    layer.weights[hashFeature('p:praise')] = (layer.weights[hashFeature('p:praise')] as number) + 2;
    const replyAfter = replyProbsGivenPlan(layer, list, praise);
    replyAfter.forEach((q, r) => {
      expect(q).toBeCloseTo(replyBefore[r] as number, 12);
    });
    expect(Math.exp(planLogProbs(layer, list)[praise] as number)).toBeGreaterThan(planBefore + 0.1);
  });

  it('should make the reply depend on the plan: with the prior each forced plan pulls the reply to its approach, with w = 0 not at all', async () => {
    const list = await new ThinkChoiceLister(base, sampling).list({ messages: zh, seed: 0 });
    const flat = thinkStateDependence(new ChoiceLayer(), list);
    expect(flat.meanTv).toBeCloseTo(0, 12);
    expect(flat.match).toBeCloseTo(flat.matchChance, 12);
    const prior = initThinkLayer(new ChoiceLayer());
    expect(prior.weights[hashFeature(PLAN_MATCH_FEATURE)]).toBe(PLAN_MATCH_PRIOR);
    const dependent = thinkStateDependence(prior, list);
    expect(dependent.meanTv).toBeGreaterThan(0.5);
    expect(dependent.match).toBeGreaterThan(dependent.matchChance + 0.4);
    expect(dependent.followsForced).toBeGreaterThan(dependent.followsOwn + 0.4);
    // Every phrasebook strategy belongs to one approach.
    for (const reply of list.replies) expect(approachOf(reply.strategy)).toBeDefined();
    expect(new Set(Object.values(APPROACH_STRATEGIES).flat()).size).toBe(
      Object.values(APPROACH_STRATEGIES).flat().length,
    );
  });

  it("should gather a group's gradient as Σ scale · (φ(chosen) − Σ π φ), the row's expectation shared by its samples", async () => {
    const list = await new ThinkChoiceLister(base, sampling).list({ messages: zh, seed: 0 });
    const layer = initThinkLayer(new ChoiceLayer());
    layer.weights[hashFeature('p:company')] = 1.5;
    const probs = layer.probs(list.row);
    const samples: [number, number][] = [
      [0, 0.7],
      [17, -1.2],
      [17, 0.4],
      [list.candidates.length - 1, 2],
    ];
    const naive = new Map<number, number>();
    const add = (index: number, value: number) => naive.set(index, (naive.get(index) ?? 0) + value);
    for (const [chosen, scale] of samples) {
      for (const index of list.row.features[chosen] as number[]) add(index, scale);
      probs.forEach((p, i) => {
        for (const index of list.row.features[i] as number[]) add(index, -scale * p);
      });
    }
    const gathered = new Map<number, number>();
    for (const [chosen, scale] of samples) layer.accumulateLogProbGradient(list.row, chosen, scale, gathered);
    expect(new Set(gathered.keys())).toEqual(new Set(naive.keys()));
    for (const [index, value] of naive) expect(gathered.get(index)).toBeCloseTo(value, 9);
  });

  it('should train the plan choice with the run objective: rewarded praise turns raise π(praise plan)', async () => {
    const list = await new ThinkChoiceLister(base, sampling).list({ messages: en, seed: 0 });
    const layer = initThinkLayer(new ChoiceLayer());
    const praise = THINK_APPROACHES.indexOf('praise');
    const before = Math.exp(planLogProbs(layer, list)[praise] as number);
    const chosen = [0, 1, 2, 3, 4, 5].map((k) =>
      list.planOf.findIndex(
        (p, i) =>
          p === k && approachOf(list.replies[list.replyOf[i] as number]?.strategy ?? '') === THINK_APPROACHES[k],
      ),
    );
    expect(chosen.every((i) => i >= 0)).toBe(true);
    for (let step = 0; step < 10; step += 1)
      grpoStep(layer, [{ row: list.row, chosen, rewards: chosen.map((_, k) => (k === praise ? 10 : 0)) }], 0.05);
    expect(Math.exp(planLogProbs(layer, list)[praise] as number)).toBeGreaterThan(before + 0.2);
  });

  it('should act and list a turn group of distinct think turns through attachChoiceLayer, and refuse the lm prior', async () => {
    const log = new ChoiceStateLog();
    const policy = attachChoiceLayer(base, {
      layer: initThinkLayer(new ChoiceLayer()),
      prior: 'uniform',
      sampling,
      seed: 3,
      log,
      think: true,
    });
    const [output] = await policy.doAct({ requests: [{ messages: zh, seed: 1 }], sampling });
    expect(thinkFormatOk(output?.text ?? '')).toBe(true);
    const group = await policy.doCandidates?.({
      request: { messages: zh, seed: 2 },
      limit: 7,
      exclude: [output?.text ?? ''],
      sampling,
    });
    expect(group).toHaveLength(7);
    const texts = new Set([output?.text, ...(group ?? []).map((o) => o.text)]);
    expect(texts.size).toBe(8);
    expect(log.size).toBe(1);
    expect(() =>
      attachChoiceLayer(base, { layer: new ChoiceLayer(), prior: 'lm', sampling, seed: 0, think: true }),
    ).toThrow(/prior uniform/);
  });
});
