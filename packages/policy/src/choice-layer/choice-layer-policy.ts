/**
 * A dialogue policy whose reply is one of the phrasebook rule's candidates, chosen by the choice layer:
 * π(c | s) = softmax[ℓ(c | s) + w · φ(s, c)] (choice-layer.ts). ℓ is the base policy's own log-probability of the
 * candidate (`doCandidates`: its tokens scored through the decoding rules at the sampling temperature); the base
 * model is not changed. Each candidate's strategy and template come from the checkpoint's phrasebook.
 */
import { phrasebookCandidates } from '@rlver/model';
import {
  type ChatMessage,
  createRng,
  type DialoguePolicyV1,
  hashSeed,
  InvalidConfigError,
  type PolicyOutput,
  type PolicyRequest,
  type SamplingOptions,
} from '@rlver/spec';
import type { TfjsDialoguePolicy } from '../tfjs-dialogue-policy';
import {
  type ChoiceCandidate,
  type ChoiceState,
  choiceFeatures,
  choiceState,
  dialogueLanguage,
} from './choice-features';
import type { ChoiceLayer, ChoiceRow } from './choice-layer';

/** A state's candidates with the language model's log-probs and their features. */
export interface ChoiceList {
  messages: readonly ChatMessage[];
  /** What the features read of the dialogue so far (language, turn, strategies said, the user's words). */
  state: ChoiceState;
  candidates: ChoiceCandidate[];
  row: ChoiceRow;
  /** The base policy's output for each candidate (tokens and log-probs). */
  outputs: PolicyOutput[];
}

/** Lists a state's candidates through the base policy's `doCandidates`, with strategies from its phrasebook. */
export class ChoiceLister {
  private readonly strategies = new Map<string, { strategy: string; template: string }>();
  private readonly cache = new Map<string, { outputs: PolicyOutput[] }>();
  /** Where the time went: milliseconds scoring candidates with the language model, and states scored. */
  readonly timing = { scoreMs: 0, states: 0, candidates: 0 };

  constructor(
    private readonly base: TfjsDialoguePolicy,
    private readonly sampling: SamplingOptions,
    /**
     * `lm`: ℓ is the model's log-prob of each candidate (one scoring pass per state). `uniform`: ℓ = 0, the model
     * is not run and the layer alone chooses among the rule's candidates (those that fit `maxNewTokens` tokens).
     */
    private readonly prior: 'lm' | 'uniform' = 'lm',
    private readonly cacheSize = 4096,
  ) {
    if (!base.doCandidates || !base.model.logitsRules?.phrasebook)
      throw new InvalidConfigError({
        field: 'policy',
        message: `the choice layer needs a policy under the phrasebook rule (${base.policyId} has none): load a checkpoint whose generation_config turns on "phrasebook", or pass --decoding-rules.phrasebook; to train the language model itself (a checkpoint of your own) use --preset embedded, rlver-ppo or rlver-grpo`,
      });
  }

  /** The phrasebook strategy and template of a reply this lister has listed (undefined when not known). */
  strategyOf(reply: string): { strategy: string; template: string } | undefined {
    return this.strategies.get(reply.trim());
  }

  /** The rule's candidates as outputs without log-probs (prior `uniform`). */
  private unscored(messages: readonly ChatMessage[], said: readonly string[]): PolicyOutput[] {
    const rules = this.base.model.logitsRules;
    const maxNewTokens = this.sampling.maxNewTokens ?? Number.MAX_SAFE_INTEGER;
    const promptIds = this.base.encodeChat([...messages], this.sampling.maxNewTokens);
    const excluded = new Set(said.map((text) => text.trim()));
    return (rules?.phrasebookReplies(promptIds) ?? [])
      .filter((reply) => !excluded.has(reply.trim()))
      .map((reply) => ({ reply, length: this.base.tokenizer.encode(reply).length + 1 }))
      .filter((row) => row.length <= maxNewTokens)
      .map((row) => ({
        text: row.reply,
        finishReason: 'stop' as const,
        promptTokenCount: promptIds.length,
        outputTokenCount: row.length,
        latencyMs: 0,
      }));
  }

  async list(request: PolicyRequest): Promise<ChoiceList> {
    const messages = request.messages;
    const lang = dialogueLanguage(messages);
    const phrasebook = this.base.model.logitsRules?.phrasebook;
    if (phrasebook)
      for (const c of phrasebookCandidates(phrasebook, messages, lang, { excludeSaid: false }))
        if (!this.strategies.has(c.reply.trim()))
          this.strategies.set(c.reply.trim(), { strategy: c.strategy, template: `${c.kind}:${c.template}` });
    const key = messages.map((m) => `${m.role}\u0000${m.content}`).join('\u0001');
    let entry = this.cache.get(key);
    if (!entry) {
      const said = messages.filter((m) => m.role === 'assistant').map((m) => m.content);
      const t0 = performance.now();
      const outputs =
        this.prior === 'uniform'
          ? this.unscored(messages, said)
          : await (this.base.doCandidates as NonNullable<DialoguePolicyV1['doCandidates']>)({
              request: { messages: [...messages], seed: 0 },
              limit: Number.MAX_SAFE_INTEGER,
              exclude: said,
              sampling: this.sampling,
            });
      this.timing.scoreMs += performance.now() - t0;
      this.timing.states += 1;
      this.timing.candidates += outputs.length;
      entry = { outputs };
      if (this.cache.size >= this.cacheSize) this.cache.clear();
      this.cache.set(key, entry);
    }
    const state = choiceState(
      messages,
      (reply) => this.strategyOf(reply)?.strategy,
      (reply) => this.strategyOf(reply)?.template,
    );
    const candidates = entry.outputs.map((output) => ({
      reply: output.text,
      ...(this.strategyOf(output.text) ?? { strategy: 'unknown', template: 'unknown' }),
    }));
    return {
      messages,
      state,
      candidates,
      outputs: entry.outputs,
      row: {
        lmLogProbs: entry.outputs.map((o) => (o.tokens?.logProbs ?? []).reduce((sum, x) => sum + x, 0)),
        features: candidates.map((c) => choiceFeatures(state, c)),
      },
    };
  }
}

/**
 * Draws an index from `weights` with `u` uniform in [0, Σ weights) (probabilities and u in [0, 1), or unnormalised
 * weights and u scaled by their sum). Never an index of weight 0: where rounding leaves u past the last sum, the last
 * index with a positive weight.
 */
export function drawIndex(weights: readonly number[], u: number): number {
  let acc = 0;
  let lastPositive = weights.length - 1;
  for (let i = 0; i < weights.length; i += 1) {
    const w = weights[i] as number;
    if (w <= 0) continue;
    acc += w;
    lastPositive = i;
    if (u < acc) return i;
  }
  return lastPositive;
}

export interface ChoiceLayerPolicyOptions {
  base: TfjsDialoguePolicy;
  layer: ChoiceLayer;
  /** A `ChoiceLister`, or any lister of a state's choice row (think turns: `ThinkChoiceLister`). */
  lister: Pick<ChoiceLister, 'list'>;
  /** `sample` draws from π (seeded by the request); `greedy` takes the most probable candidate. */
  mode: 'sample' | 'greedy';
  seed?: number;
  /**
   * Called at every state with its list and π; returns the index to say (training: its first judged sample), or
   * undefined to let `mode` choose.
   */
  onState?: (list: ChoiceList, probs: number[], request: PolicyRequest) => Promise<number | undefined>;
}

export function createChoiceLayerPolicy(options: ChoiceLayerPolicyOptions): DialoguePolicyV1 {
  const { base, layer, lister } = options;
  return {
    specificationVersion: 'v1',
    policyId: `${base.policyId}+choice-layer`,
    async doAct({ requests, sampling, signal }) {
      const outputs: PolicyOutput[] = [];
      for (const request of requests) {
        const list = await lister.list(request);
        if (list.candidates.length === 0) {
          // No candidate fits: the base policy's own (masked) sample.
          const [own] = await base.doAct({ requests: [request], sampling, signal });
          outputs.push(own as PolicyOutput);
          continue;
        }
        const probs = layer.probs(list.row);
        let index = await options.onState?.(list, probs, request);
        if (index === undefined) {
          if (options.mode === 'greedy') index = probs.indexOf(Math.max(...probs));
          else index = drawIndex(probs, createRng(hashSeed(options.seed ?? 0, request.seed ?? 0)).next());
        }
        outputs.push({ ...(list.outputs[index] as PolicyOutput), latencyMs: 0 });
      }
      return outputs;
    },
  };
}
