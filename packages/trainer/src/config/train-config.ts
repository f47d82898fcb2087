import { briefPolicySystemPrompt, type Language, policySystemPrompt } from '@rlver/spec';
import { parseReportTo, REPORT_TO_BACKENDS } from '@rlver/tracking';
import { z } from 'zod';
import { ALGORITHMS, findAlgorithm } from './algorithm-registry';
import { trainEndpointsConfigSchema } from './endpoints-config';
import { loraTrainConfigSchema } from './lora-train-config';

/** Sampling of the policy during training rollouts. */
export const trainSamplingSchema = z
  .object({
    temperature: z.number().min(0).default(1).describe('Softmax temperature of rollouts (paper: 1.0).'),
    topP: z.number().gt(0).max(1).default(1).describe('Nucleus mass (paper: 1.0 = off).'),
    topK: z.number().int().min(0).default(0).describe('0 = off (paper: −1 = off).'),
    maxNewTokens: z
      .number()
      .int()
      .positive()
      .default(48)
      .describe('New tokens per policy turn (paper: 5,000; the embedded preset gives think runs 96).'),
  })
  .strict();

/**
 * Decoding rules that are part of the policy (`@rlver/model` logits-rules.ts): sampling and scoring both use the
 * renormalised distribution over the tokens they allow, so ratios and KL stay exact. The rules belong to the
 * checkpoint (its generation_config.json, `rlver_decoding_rules`); the fields set here refine them field by field,
 * an unset field keeps the checkpoint's.
 */
export const decodingRulesSchema = z
  .object({
    noRepeatNgramSize: z
      .number()
      .int()
      .min(0)
      .refine((value) => value !== 1, 'use 0 (off) or ≥ 2: 1 would forbid every token said before')
      .optional()
      .describe(
        "No n-gram of this many tokens twice inside one reply (Hugging Face's no_repeat_ngram_size); the user's words may be copied once. 0 = off.",
      ),
    earlierReplyNgramSize: z
      .number()
      .int()
      .min(0)
      .refine((value) => value !== 1, 'use 0 (off) or ≥ 2')
      .optional()
      .describe(
        "No n-gram of this many tokens that one of the policy's earlier replies in the dialogue holds. 0 = off.",
      ),
    maxTokenRun: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe('A token at most this many times in a row inside one reply (stutter: "the the the"). 0 = off.'),
    script: z
      .boolean()
      .optional()
      .describe(
        'Script rule: an en dialogue emits no CJK tokens, a zh dialogue no Latin-letter tokens (decided per token from its bytes).',
      ),
    quoteMinUnits: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe(
        'Quote rule: inside a quote (“ " 「 \') the text must stay one contiguous piece of a message the user wrote in this dialogue, may close only after this many units (Han characters plus words) and must close before the reply ends. 0 = off.',
      ),
    lexicon: z
      .boolean()
      .optional()
      .describe(
        'Lexicon rule: in an en reply a word may only grow into and end as a word of the checkpoint’s lexicon.txt or of the dialogue so far (the user’s names and words), and may not repeat the word just said.',
      ),
    phrasebook: z
      .boolean()
      .optional()
      .describe(
        'Phrasebook rule: a reply (after </think>) may only be one of this dialogue’s candidate replies, the checkpoint’s phrasebook.json templates with their slots filled from the user’s messages, not said before.',
      ),
  })
  .strict();

/** Timeout and retry budgets of the simulator's LLM endpoint (each optional: the chat client's defaults apply). */
export const endpointRetryConfigSchema = z
  .object({
    timeoutMs: z.number().int().positive().optional().describe('Limit of one LLM call in ms (default 120000).'),
    maxRetries: z
      .number()
      .int()
      .min(0)
      .max(100)
      .optional()
      .describe('Retries of 5xx, timeouts, network failures and malformed answers per call (default 2).'),
    maxRateLimitRetries: z
      .number()
      .int()
      .min(0)
      .max(100)
      .optional()
      .describe('Retries of HTTP 429 per call, counted apart (default 6).'),
    maxRetryAfterMs: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe('Longest wait a `Retry-After` header may ask for, in ms (default 60000).'),
  })
  .strict();

/**
 * The fields of a training run (`rlver-train`) besides `algo` and its `algorithm` block. Every field can come from a
 * YAML/JSON file (`--config`) and be overridden by a CLI flag generated from its description. Presets fill the
 * defaults: `embedded`, `embedded-phrasebook`, `embedded-choice`, `rlver-ppo`, `rlver-grpo`.
 */
export const trainConfigShape = {
  preset: z
    .enum(['embedded', 'embedded-phrasebook', 'embedded-choice', 'rlver-ppo', 'rlver-grpo'])
    .describe(
      'Named bundle of defaults this config started from (default `embedded-choice`: the choice route of the main job; `embedded` trains the language model itself).',
    ),
  think: z.boolean().describe('Think-then-say: the policy reasons in `<think>…</think>` before its reply.'),
  systemPrompt: z
    .enum(['default', 'brief'])
    .describe(
      "The policy's system prompt in training and in the before/after benchmark: `default` (spec §5.2, our wording) or `brief` (one sentence: fewer prompt tokens on every turn, for small models with short contexts).",
    ),
  policy: z
    .string()
    .describe(
      '`embedded`, `embedded-grounded` (the shipped grounded checkpoint, phrasebook rule on) or a Hugging Face checkpoint folder (config.json, *.safetensors, tokenizer.json).',
    ),
  simulator: z
    .string()
    .regex(/^(offline|openai:.+)$/, 'use "offline" or "openai:<model>"')
    .describe('`offline` or `openai:<model>` (any OpenAI-compatible endpoint, see `baseURL`).'),
  baseURL: z
    .string()
    .url()
    .optional()
    .describe("Base URL of the simulator's OpenAI-compatible endpoint (default: OpenAI)."),
  endpoints: trainEndpointsConfigSchema
    .default({})
    .describe(
      'Endpoints per role (`endpoints: {simulator: {baseURL, apiKeyEnv, concurrency, requestsPerMinute, tokensPerMinute}}`); the key is read from the environment variable named, never written in the config.',
    ),
  simulatorEndpoint: endpointRetryConfigSchema
    .optional()
    .describe(
      "Timeouts and retries of the simulator endpoint (`--timeout-ms`, `--max-retries`, …); default: the client's.",
    ),
  cache: z
    .enum(['write', 'read', 'off'])
    .describe('Record/replay of simulator LLM calls: `write` records, `read` replays offline, `off`.'),
  cacheDir: z.string().describe('Folder of the record/replay cache.'),
  lang: z
    .enum(['zh', 'en', 'both'])
    .describe('Language of the shipped scenario sets used when no profile file is given: `zh`, `en` or `both`.'),
  trainProfiles: z
    .string()
    .optional()
    .describe('Training profiles (reference JSONL format); default: the shipped train set(s).'),
  evalProfiles: z
    .string()
    .optional()
    .describe('Held-out profiles for the before/after benchmark; default: the shipped test set(s).'),
  evalLimit: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('Use only the first N held-out profiles (default: all, i.e. 100 per language).'),
  evaluate: z.boolean().describe('Run the held-out benchmark (sage preset) before and after training.'),
  steps: z.number().int().positive().describe('Optimisation steps.'),
  seed: z
    .number()
    .int()
    .nonnegative()
    .describe('Seed of every random choice (profiles, simulator, sampling, minibatches); part of the run id.'),
  profilesPerStep: z
    .number()
    .int()
    .positive()
    .describe('Profiles per step. Dialogues per step = profilesPerStep × groupSize (paper: 32 dialogues).'),
  groupSize: z
    .number()
    .int()
    .positive()
    .describe(
      'Rollouts per profile, the group size n (paper: 4 for GRPO); each algorithm bounds it (PPO: 1, GRPO: ≥ 2 unless branching). Turn-level groups (branching) have branching members.',
    ),
  branching: z
    .number()
    .int()
    .positive()
    .describe(
      'Branching rollouts: replies sampled per policy turn, each judged from the same user state (a clone); one continues the dialogue, the others train as its turn-level group (needs `turnCreditDiscount`). 1 = off.',
    ),
  branchCandidates: z
    .number()
    .int()
    .nonnegative()
    .describe(
      "Enumerated branching: members of a policy turn's group. The sampled reply continues the dialogue; the policy's own candidate replies (a policy that can list them: the phrasebook rule, --decoding-rules.phrasebook), a seeded choice when there are more, fill the group up to this many, each judged from the same user state and trained as the turn-level group (needs `turnCreditDiscount`). 0 = off.",
    ),
  packing: z
    .enum(['whole-dialogue', 'per-turn'])
    .describe(
      '`whole-dialogue` (one sample per dialogue, user tokens masked) or `per-turn` (one sample per policy turn).',
    ),
  trainEmotionPreset: z
    .enum(['sage', 'rlver-train'])
    .describe('Emotion dynamics of training dialogues (paper: `rlver-train`).'),
  trainEmotionResolution: z
    .enum(['steps', 'fine'])
    .describe(
      "How finely the offline simulated user moves the emotion of training dialogues: `steps` (±5 / ±10, as the reference's LLM judges) or `fine` (its judgement score in whole points, same ranking of replies: replies that would both land at −5 still differ, a denser reward for a small policy). The benchmarks always use `steps`; an LLM simulated user ignores it.",
    ),
  trainDeltaClamp: z
    .number()
    .int()
    .positive()
    .nullable()
    .optional()
    .describe(
      "Largest emotion change per judged reply in training dialogues; default the preset's (±20 under `rlver-train`, ±10 under `sage`); `null` = unclamped, as the reference (one out-of-range judge output then swamps a batch).",
    ),
  maxPolicyTurns: z.number().int().positive().describe('Most policy turns per training dialogue (paper: 8).'),
  maxContextTokens: z
    .number()
    .int()
    .positive()
    .describe(
      "Policy context budget in tokens: the prompt of a turn plus its new tokens (paper: 15,000 = prompt 5,000 + response 10,000). A turn's prompt gets maxContextTokens − sampling.maxNewTokens; the oldest turns are dropped first (never the system prompt). The embedded preset gives think runs 352.",
    ),
  sampling: trainSamplingSchema,
  decodingRules: decodingRulesSchema
    .default({})
    .describe(
      'Decoding rules of the policy in rollouts, scoring and the before/after benchmark, refining the checkpoint’s own (its generation_config.json) field by field (`--decoding-rules.no-repeat-ngram-size 4`, …); unset fields keep the checkpoint’s.',
    ),
  lora: loraTrainConfigSchema
    .nullable()
    .default(null)
    .describe(
      'LoRA adapters instead of full fine-tuning (`lora: {rank, alpha, dropout, targetModules, useRslora}`, flags `--lora.rank` …); null = full fine-tuning. A policy folder with adapter_config.json keeps its own adapters.',
    ),
  choiceLayer: z
    .object({
      prior: z
        .enum(['uniform', 'lm'])
        .describe(
          "ℓ(c|s) in π(c|s) = softmax[ℓ + w·φ]: `uniform` (0; the model is not run to choose) or `lm` (the model's log-prob of each candidate; one scoring pass per state, ~7–10× slower a step)",
        ),
      learningRate: z.number().positive().describe("Adam's learning rate on the choice weights w"),
      clip: z.number().positive().max(1).describe('PPO: clip range ε of the ratio π_w / π_old'),
      epochs: z.number().int().positive().describe('PPO: epochs over a step’s groups'),
      ppoBaseline: z
        .enum(['language-turn', 'linear-critic', 'group-mean'])
        .default('language-turn')
        .describe(
          "PPO's baseline (GRPO normalises within each turn group instead): `language-turn`, a running mean of the rewards per (language, turn); `linear-critic`, a learned value V(s) linear in hashed features of the state (language, turn, strategies said, the user's words), fitted to the judged rewards; `group-mean`, the mean reward of the turn group's other members (GRPO's baseline inside PPO's clipped update; no critic)",
        ),
    })
    .strict()
    .nullable()
    .default(null)
    .describe(
      "A choice layer trained by RL instead of the model's weights (docs/decisions/2026-11-27-choice-layer.md): the reply is one of the phrasebook rule's candidates, drawn from π(c|s) = softmax[ℓ(c|s) + w·φ(s,c)] with φ hashed features of the dialogue; each turn's group is filled from π (branchCandidates), judged from the same user state, and `--algo grpo|ppo` picks the objective on w (reward: the user's emotion change at that turn). The language model stays frozen; the weights go to choice-layer.json beside the policy checkpoint. Needs a policy under the phrasebook rule and branchCandidates ≥ 2. Preset `embedded-choice`; null = off.",
    ),
  evalInBackground: z
    .boolean()
    .describe(
      'Benchmark the starting policy in a child process while training runs (another core, its own backend); the results land in the same `before/` folder. Off: benchmark first, then train.',
    ),
  emptyReplyReward: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .describe(
      'Reward of a dialogue the policy ended with an empty visible reply (`policy_empty`). The reference keeps the current emotion, which lets a policy "win" by saying nothing when users drift down; default 0 (a format penalty, spec §10 #10). `null` keeps the reference behaviour.',
    ),
  thinkFormatPenalty: z
    .number()
    .min(0)
    .max(1)
    .describe(
      'Think runs only (`think: true`): the reward cost of a reply whose raw output is not `<think>\\n…\\n</think>\\nreply`, in reward units (0.1 = 10 emotion points on that turn under turn-level credit; × the share of such replies for a dialogue reward). The paper has none (spec §10 #10: a format-penalty setting, default 0); the embedded preset uses 0.1, because without it RL drops the think block.',
    ),
  rewardFloor: z
    .number()
    .nullable()
    .describe(
      "Lower bound of the training reward `max(final / 100, rewardFloor)`. The paper clips at 0; under the unclamped `rlver-train` dynamics scores below 0 still rank replies, so `null` keeps them (final / 100). The benchmark always reports the paper's clipped score.",
    ),
  turnCreditDiscount: z
    .number()
    .min(0)
    .max(1)
    .nullable()
    .describe(
      "Turn-level credit (spec §6.7 c), for per-turn packing: each policy turn is trained on the discounted sum of the emotion changes from that turn on, Σ_j γ^(j−k) Δ_j / 100, instead of the dialogue's final reward. The value is γ (0 = the turn's own change only); `null` = the paper's final reward on every turn. With branching, a turn's alternatives share the continuing reply's future (γ R_{k+1}); a group baseline (GRPO, RLOO) cancels it, so there γ changes nothing and each reply is ranked by its own change, while PPO's critic sees it.",
    ),
  evalTemperature: z.number().min(0).describe('Sampling temperature of the before/after benchmark (paper: 0, greedy).'),
  checkpointEvery: z.number().int().positive().describe('Save a checkpoint every k steps (and at the end).'),
  maxConsecutiveSkippedUpdates: z
    .number()
    .int()
    .positive()
    .describe('Stop the run after this many consecutive skipped (non-finite) updates.'),
  maxErrorFraction: z
    .number()
    .min(0)
    .max(1)
    .describe("Stop the run when more than this share of a step's dialogues end in `error`."),
  degenerationStop: z
    .object({
      window: z.number().int().positive().describe('Steps averaged at the start and at the end'),
      maxRise: z.number().positive().max(1).describe('Largest allowed rise of the degenerate share (0.1 = 10 points)'),
    })
    .strict()
    .nullable()
    .describe(
      'Stop training when replies degrade (likely reward hacking): once the mean share of degenerate replies (`monitor/degenerate_fraction`: repetition, stutter, mixed language, cut-off, low fluency) over the last `window` steps exceeds that of the first `window` steps by more than `maxRise` (0.1 = 10 points). The run keeps its checkpoints, benchmarks the policy it stopped with and names the newest step checkpoint taken before the rise. `null` never stops.',
    ),
  concurrency: z
    .number()
    .int()
    .positive()
    .describe('Dialogues in flight at once (local policies batch all of them per turn).'),
  reportTo: z
    .preprocess((value, context) => {
      if (typeof value !== 'string' && !Array.isArray(value)) return value;
      try {
        return parseReportTo(value, '');
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return value;
      }
    }, z.array(z.enum(REPORT_TO_BACKENDS)).readonly())
    .default([])
    .describe(
      'Experiment trackers the step metrics also go to (`--report-to`, a comma list as in TRL): `tensorboard` (event files in `runs/<run-id>/tensorboard/`), `mlflow` (REST API at `MLFLOW_TRACKING_URI`); `none` or `[]` (default) for metrics.jsonl only. A failing tracker warns once and never stops the run.',
    ),
  runsDir: z.string().describe('Parent folder of run folders.'),
  runId: z
    .string()
    .regex(/^[\w.-]+$/, 'use letters, digits, ".", "_" or "-" (no path separators)')
    .refine((id) => !id.startsWith('.'), {
      message: 'must not start with "." ("." and ".." name the runs folder and its parent); use e.g. my-run',
    })
    .optional()
    .describe(
      'Run folder name inside `runsDir` (default `<preset>-<algo>[-think]-s<seed>`): letters, digits, `.`, `_`, `-`, not starting with `.` (so never `.` or `..`, which would name the runs folder or its parent).',
    ),
};

/** The base fields with one algorithm's `algo` literal and `algorithm` block (strict: unknown fields are errors). */
function variantOf<Descriptor extends (typeof ALGORITHMS)[number]>(descriptor: Descriptor) {
  return z
    .object({
      ...trainConfigShape,
      algo: z.literal(descriptor.id).describe(descriptor.summary),
      algorithm: descriptor.configSchema,
    })
    .strict();
}

type TrainConfigVariant = ReturnType<typeof variantOf<(typeof ALGORITHMS)[number]>>;

/** The group size against the algorithm's bounds (`rolloutsPerPrompt`); branching gives turn-level groups instead. */
function refineGroupSize(
  config: { algo: string; groupSize: number; branching: number; branchCandidates: number },
  context: z.RefinementCtx,
): void {
  const { min, max } = findAlgorithm(config.algo).rolloutsPerPrompt;
  if (config.groupSize < min && config.branching < 2 && config.branchCandidates < 2) {
    context.addIssue({
      code: 'custom',
      path: ['groupSize'],
      message: `groupSize is ${config.groupSize}; set it to ≥ ${min} (or branching ≥ 2 for turn-level groups): ${config.algo.toUpperCase()} advantages are computed per group`,
    });
  }
  if (max !== undefined && config.groupSize > max) {
    context.addIssue({
      code: 'custom',
      path: ['groupSize'],
      message: `groupSize is ${config.groupSize}; ${config.algo.toUpperCase()} uses at most ${max} rollout${max === 1 ? '' : 's'} per profile: set groupSize to ${max} (or choose a group algorithm, e.g. --algo grpo)`,
    });
  }
}

/**
 * Configuration of one training run: the base fields, `algo` (the discriminator, one registered algorithm id) and
 * the `algorithm` block validated by that algorithm's schema, so a bad nested value is reported with its path
 * (and its file line). Cross-field rules say what to change.
 */
export const trainConfigSchema = z
  .discriminatedUnion('algo', ALGORITHMS.map(variantOf) as unknown as [TrainConfigVariant, ...TrainConfigVariant[]])
  .superRefine((config, context) => {
    const maxNewTokens = config.sampling.maxNewTokens;
    if (maxNewTokens >= config.maxContextTokens) {
      context.addIssue({
        code: 'custom',
        path: ['sampling', 'maxNewTokens'],
        message: `sampling.maxNewTokens is ${maxNewTokens} and maxContextTokens is ${config.maxContextTokens}: a turn's prompt gets maxContextTokens − maxNewTokens = ${config.maxContextTokens - maxNewTokens} tokens, so every dialogue would fail. Set maxContextTokens above maxNewTokens by at least the longest prompt (paper: maxContextTokens 15000 with maxNewTokens 5000), or lower sampling.maxNewTokens`,
      });
    }
    if (config.branchCandidates > 0 && config.branchCandidates <= config.branching) {
      context.addIssue({
        code: 'custom',
        path: ['branchCandidates'],
        message: `branchCandidates is ${config.branchCandidates} with branching ${config.branching}: it counts a turn's whole group (the sampled replies included); set it above branching (e.g. 8), or 0 (off)`,
      });
    }
    if (config.choiceLayer && config.branchCandidates < 2) {
      context.addIssue({
        code: 'custom',
        path: ['choiceLayer'],
        message: `choiceLayer is on with branchCandidates ${config.branchCandidates}: the layer learns from each turn's group of candidates, so set branchCandidates to ≥ 2 (e.g. 8; preset embedded-choice), or choiceLayer to null`,
      });
    }
    if (config.choiceLayer && config.algo !== 'grpo' && config.algo !== 'ppo') {
      context.addIssue({
        code: 'custom',
        path: ['algo'],
        message: `choiceLayer trains its weights with --algo grpo or --algo ppo (got ${config.algo}): pick one of them, or train the language model itself with ${config.algo} (--preset embedded, or choiceLayer null)`,
      });
    }
    if (config.choiceLayer && config.lora) {
      context.addIssue({
        code: 'custom',
        path: ['choiceLayer'],
        message:
          'choiceLayer trains the choice weights with the model frozen; LoRA adapters would not train: set lora to null, or train the language model with LoRA (--preset embedded, rlver-ppo or rlver-grpo)',
      });
    }
    if (config.branchCandidates > 1 && config.turnCreditDiscount === null) {
      context.addIssue({
        code: 'custom',
        path: ['branchCandidates'],
        message: `branchCandidates is ${config.branchCandidates}; candidates train through turn-level credit: set turnCreditDiscount (e.g. 0) or branchCandidates to 0`,
      });
    }
    if (config.branching > 1 && config.turnCreditDiscount === null) {
      context.addIssue({
        code: 'custom',
        path: ['branching'],
        message: `branching is ${config.branching}; alternatives train through turn-level credit: set turnCreditDiscount (e.g. 0) or branching to 1`,
      });
    }
    refineGroupSize(config, context);
    if (config.turnCreditDiscount !== null && config.packing !== 'per-turn') {
      context.addIssue({
        code: 'custom',
        path: ['turnCreditDiscount'],
        message: 'turn-level credit needs per-turn samples: set packing to "per-turn" or turnCreditDiscount to null',
      });
    }
    if (config.cache === 'read' && !config.simulator.startsWith('openai:')) {
      context.addIssue({
        code: 'custom',
        path: ['cache'],
        message: 'cache "read" replays LLM simulator calls; with --simulator offline use --cache off',
      });
    }
  });
export type TrainConfig = z.infer<typeof trainConfigSchema>;
export type TrainConfigInput = z.input<typeof trainConfigSchema>;

/** The policy's system prompt per language for `config.systemPrompt` and `config.think`. */
export function systemPromptFor(config: Pick<TrainConfig, 'systemPrompt' | 'think'>): (lang: Language) => string {
  const prompt = config.systemPrompt === 'brief' ? briefPolicySystemPrompt : policySystemPrompt;
  return (lang) => prompt(lang, config.think);
}
