import { type PolicyTokenizer, scoreContinuations, type TransformerModel } from '@rlver/model';
import { type DialoguePolicyCandidatesOptions, hashSeed, InvalidConfigError, type PolicyOutput } from '@rlver/spec';

export interface CandidateRepliesContext {
  model: TransformerModel;
  tokenizer: PolicyTokenizer;
  /** The policy's chat template over the messages, budgeted as for sampling. */
  encodeChat: (messages: DialoguePolicyCandidatesOptions['request']['messages'], maxNewTokens?: number) => number[];
  /** Ids that end a reply; the first the rules allow closes each candidate. */
  stopTokenIds: readonly number[];
  /** The policy's sampling defaults merged with the call's. */
  temperature: number;
  maxNewTokens: number;
}

/** Up to `limit` of `replies` (texts in `exclude` left out), a seeded choice when there are more. */
export function chooseCandidates(
  replies: readonly string[],
  options: { limit: number; seed: number; exclude?: readonly string[] },
): string[] {
  const excluded = new Set((options.exclude ?? []).map((text) => text.trim()));
  const open = replies.filter((reply) => !excluded.has(reply.trim()));
  if (open.length <= options.limit) return open;
  // Seeded Fisher–Yates on indexes, then back in list order (so the choice, not the order, depends on the seed).
  const order = open.map((_, index) => index);
  for (let index = order.length - 1; index > 0; index -= 1) {
    const other = hashSeed(options.seed, index) % (index + 1);
    [order[index], order[other]] = [order[other] as number, order[index] as number];
  }
  return order
    .slice(0, options.limit)
    .sort((left, right) => left - right)
    .map((index) => open[index] as string);
}

/**
 * The phrasebook rule's candidates for one request as policy outputs: each reply in the tokenizer's own tokenisation
 * plus an end id, scored at the sampling temperature through the model's decoding rules (the mask sampling uses), so
 * its log-probs are what a sample of that path would carry. A candidate that the rules would not let the policy say
 * in this tokenisation (a token masked: log-prob −∞), or that does not fit `maxNewTokens`, is left out.
 */
export async function candidateReplies(
  context: CandidateRepliesContext,
  options: DialoguePolicyCandidatesOptions,
): Promise<PolicyOutput[]> {
  const rules = context.model.logitsRules;
  if (!rules?.phrasebook) {
    throw new InvalidConfigError({
      field: 'branchCandidates',
      message:
        'this policy lists candidate replies only under the phrasebook rule: turn on decodingRules.phrasebook (--decoding-rules.phrasebook) or set branchCandidates to 0',
    });
  }
  if (!Number.isInteger(options.limit) || options.limit < 0) {
    throw new InvalidConfigError({ field: 'limit', message: `limit is ${options.limit}; set an integer ≥ 0` });
  }
  if (options.limit === 0) return [];
  const started = performance.now();
  const promptIds = context.encodeChat(options.request.messages, context.maxNewTokens);
  const chosen = chooseCandidates(rules.phrasebookReplies(promptIds), {
    limit: options.limit,
    seed: options.request.seed ?? 0,
    exclude: options.exclude,
  });
  const end = context.stopTokenIds[0];
  if (end === undefined || chosen.length === 0) return [];
  const rows = chosen
    .map((reply) => ({ reply, outputIds: [...context.tokenizer.encode(reply), end] }))
    .filter((row) => row.outputIds.length <= context.maxNewTokens);
  // The prompt's pass once for every candidate, and only the candidates' own positions scored.
  const scored = await scoreContinuations(context.model, {
    prefix: promptIds,
    continuations: rows.map((row) => row.outputIds),
    temperature: Math.max(context.temperature, 1e-6),
  });
  const latencyMs = performance.now() - started;
  const outputs: PolicyOutput[] = [];
  rows.forEach((row, index) => {
    const logProbs = scored[index] ?? [];
    if (logProbs.length !== row.outputIds.length || !logProbs.every((value) => Number.isFinite(value) && value > -1e8))
      return;
    outputs.push({
      text: row.reply,
      finishReason: 'stop',
      tokens: { promptIds: [...promptIds], outputIds: row.outputIds, logProbs },
      promptTokenCount: promptIds.length,
      outputTokenCount: row.outputIds.length,
      latencyMs,
    });
  });
  return outputs;
}
