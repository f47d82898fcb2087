import { briefPolicySystemPrompt, type Language, policySystemPrompt } from '@rlver/spec';
import { parseReportTo, REPORT_TO_BACKENDS } from '@rlver/tracking';
import { z } from 'zod';
import { trainEndpointsConfigSchema } from './endpoints-config';
import { loraTrainConfigSchema } from './lora-train-config';

/** Sampling of the policy during training rollouts. */
export const trainSamplingSchema = z
  .object({
    /** Softmax temperature of rollouts (paper: 1.0). */
    temperature: z.number().min(0).default(1),
    /** Nucleus mass (paper: 1.0 = off). */
    topP: z.number().gt(0).max(1).default(1),
    /** 0 = off (paper: −1 = off). */
    topK: z.number().int().min(0).default(0),
    /** New tokens per policy turn (paper: 5,000). */
    maxNewTokens: z.number().int().positive().default(48),
  })
  .strict();

/** Timeout and retry budgets of the simulator's LLM endpoint (each optional: the chat client's defaults apply). */
export const endpointRetryConfigSchema = z
  .object({
    /** Limit of one LLM call in ms (default 120000). */
    timeoutMs: z.number().int().positive().optional(),
    /** Retries of 5xx, timeouts, network failures and malformed answers per call (default 2). */
    maxRetries: z.number().int().min(0).max(100).optional(),
    /** Retries of HTTP 429 per call, counted apart (default 6). */
    maxRateLimitRetries: z.number().int().min(0).max(100).optional(),
    /** Longest wait a `Retry-After` header may ask for, in ms (default 60000). */
    maxRetryAfterMs: z.number().int().min(0).optional(),
  })
  .strict();

/**
 * Configuration of one training run (`rlver-train`). Every field can come from a YAML/JSON file
 * (`--config`) and be overridden by a CLI flag. Presets fill the defaults: `embedded`, `rlver-ppo`, `rlver-grpo`.
 */
export const trainConfigSchema = z
  .object({
    /** Named bundle of defaults this config started from. */
    preset: z.enum(['embedded', 'rlver-ppo', 'rlver-grpo']),
    /** RL algorithm: `ppo` (critic + GAE) or `grpo` (group-normalised advantages). */
    algo: z.enum(['ppo', 'grpo']),
    /** Think-then-say: the policy reasons in `<think>…</think>` before its reply. */
    think: z.boolean(),
    /**
     * The policy's system prompt in training and in the before/after benchmark: `default` (spec §5.2, our
     * wording) or `brief` (one sentence: fewer prompt tokens on every turn, for small models with short contexts).
     */
    systemPrompt: z.enum(['default', 'brief']),
    /** `embedded` or a Hugging Face checkpoint folder (config.json, *.safetensors, tokenizer.json). */
    policy: z.string(),
    /** `offline` or `openai:<model>` (any OpenAI-compatible endpoint, see `baseURL`). */
    simulator: z.string().regex(/^(offline|openai:.+)$/, 'use "offline" or "openai:<model>"'),
    /** Base URL of the simulator's OpenAI-compatible endpoint (default: OpenAI). */
    baseURL: z.string().url().optional(),
    /**
     * Endpoints per role (`endpoints: {simulator: {baseURL, apiKeyEnv, concurrency, requestsPerMinute,
     * tokensPerMinute}}`); the key is read from the environment variable named, never written in the config.
     */
    endpoints: trainEndpointsConfigSchema.default({}),
    /** Timeouts and retries of the simulator endpoint (`--timeout-ms`, `--max-retries`, …); default: the client's. */
    simulatorEndpoint: endpointRetryConfigSchema.optional(),
    /** Record/replay of simulator LLM calls: `write` records, `read` replays offline, `off`. */
    cache: z.enum(['write', 'read', 'off']),
    /** Folder of the record/replay cache. */
    cacheDir: z.string(),
    /** Language of the shipped scenario sets used when no profile file is given: `zh`, `en` or `both`. */
    lang: z.enum(['zh', 'en', 'both']),
    /** Training profiles (reference JSONL format); default: the shipped train set(s). */
    trainProfiles: z.string().optional(),
    /** Held-out profiles for the before/after benchmark; default: the shipped test set(s). */
    evalProfiles: z.string().optional(),
    /** Use only the first N held-out profiles (default: all, i.e. 100 per language). */
    evalLimit: z.number().int().positive().optional(),
    /** Run the held-out benchmark (sage preset) before and after training. */
    evaluate: z.boolean(),
    /** Optimisation steps. */
    steps: z.number().int().positive(),
    /** Seed of every random choice (profiles, simulator, sampling, minibatches); part of the run id. */
    seed: z.number().int().nonnegative(),
    /** Profiles per step. Dialogues per step = profilesPerStep × groupSize (paper: 32 dialogues). */
    profilesPerStep: z.number().int().positive(),
    /** Rollouts per profile: 1 for PPO, n for GRPO (paper: 4). */
    groupSize: z.number().int().positive(),
    /**
     * Branching rollouts: replies sampled per policy turn, each judged from the same user state (a clone); one
     * continues the dialogue, the others train as its turn-level group (needs `turnCreditDiscount`). 1 = off.
     */
    branching: z.number().int().positive(),
    /** `whole-dialogue` (one sample per dialogue, user tokens masked) or `per-turn` (one sample per policy turn). */
    packing: z.enum(['whole-dialogue', 'per-turn']),
    /** Emotion dynamics of training dialogues (paper: `rlver-train`). */
    trainEmotionPreset: z.enum(['sage', 'rlver-train']),
    /**
     * How finely the offline simulated user moves the emotion of training dialogues: `steps` (±5 / ±10, as the
     * reference's LLM judges) or `fine` (its judgement score in whole points, same ranking of replies: replies that
     * would both land at −5 still differ, a denser reward for a small policy). The benchmarks always use `steps`;
     * an LLM simulated user ignores it.
     */
    trainEmotionResolution: z.enum(['steps', 'fine']),
    /**
     * Largest emotion change per judged reply in training dialogues; default the preset's (±20 under `rlver-train`,
     * ±10 under `sage`); `null` = unclamped, as the reference (one out-of-range judge output then swamps a batch).
     */
    trainDeltaClamp: z.number().int().positive().nullable().optional(),
    /** Most policy turns per training dialogue (paper: 8). */
    maxPolicyTurns: z.number().int().positive(),
    /**
     * Policy context budget in tokens: the prompt of a turn plus its new tokens (paper: 15,000 = prompt 5,000 +
     * response 10,000). A turn's prompt gets maxContextTokens − sampling.maxNewTokens; the oldest turns are
     * dropped first (never the system prompt).
     */
    maxContextTokens: z.number().int().positive(),
    sampling: trainSamplingSchema,
    /**
     * LoRA adapters instead of full fine-tuning (`lora: {rank, alpha, dropout, targetModules, useRslora}`, flags
     * `--lora-rank` …); `null` = full fine-tuning. A policy folder with adapter_config.json keeps its own adapters.
     */
    lora: loraTrainConfigSchema.nullable().default(null),
    /**
     * Benchmark the starting policy in a child process while training runs (another core, its own backend);
     * the results land in the same `before/` folder. Off: benchmark first, then train.
     */
    evalInBackground: z.boolean(),
    /** Overrides of the PPO config (`@rlver/ppo` ppoConfigSchema). */
    ppo: z.record(z.string(), z.unknown()),
    /** Overrides of the GRPO config (`@rlver/grpo` grpoConfigSchema). */
    grpo: z.record(z.string(), z.unknown()),
    /**
     * Reward of a dialogue the policy ended with an empty visible reply (`policy_empty`). The reference keeps the
     * current emotion, which lets a policy "win" by saying nothing when users drift down; default 0 (a format
     * penalty, spec §10 #10). `null` keeps the reference behaviour.
     */
    emptyReplyReward: z.number().min(0).max(1).nullable(),
    /**
     * Lower bound of the training reward `max(final / 100, rewardFloor)`. The paper clips at 0; under the
     * unclamped `rlver-train` dynamics scores below 0 still rank replies, so `null` keeps them (final / 100).
     * The benchmark always reports the paper's clipped score.
     */
    rewardFloor: z.number().nullable(),
    /**
     * Turn-level credit (spec §6.7 c), for per-turn packing: each policy turn is trained on the discounted sum of
     * the emotion changes from that turn on, Σ_j γ^(j−k) Δ_j / 100, instead of the dialogue's final reward.
     * The value is γ (0 = the turn's own change only); `null` = the paper's final reward on every turn.
     */
    turnCreditDiscount: z.number().min(0).max(1).nullable(),
    /** Sampling temperature of the before/after benchmark (paper: 0, greedy). */
    evalTemperature: z.number().min(0),
    /** Save a checkpoint every k steps (and at the end). */
    checkpointEvery: z.number().int().positive(),
    /** Stop the run after this many consecutive skipped (non-finite) updates. */
    maxConsecutiveSkippedUpdates: z.number().int().positive(),
    /** Stop the run when more than this share of a step's dialogues end in `error`. */
    maxErrorFraction: z.number().min(0).max(1),
    /**
     * Stop training when replies degrade (likely reward hacking): once the mean share of degenerate replies
     * (`monitor/degenerate_fraction`: repetition, stutter, mixed language, cut-off, low fluency) over the last `window`
     * steps exceeds that of the first `window` steps by more than `maxRise` (0.1 = 10 points). The run keeps its
     * checkpoints, benchmarks the policy it stopped with and names the newest step checkpoint taken before the rise.
     * `null` never stops.
     */
    degenerationStop: z
      .object({ window: z.number().int().positive(), maxRise: z.number().positive().max(1) })
      .strict()
      .nullable(),
    /** Dialogues in flight at once (local policies batch all of them per turn). */
    concurrency: z.number().int().positive(),
    /**
     * Experiment trackers the step metrics also go to (`--report-to`, a comma list as in TRL): `tensorboard`
     * (event files in `runs/<run-id>/tensorboard/`), `mlflow` (REST API at `MLFLOW_TRACKING_URI`); `none` or `[]`
     * (default) for metrics.jsonl only. A failing tracker warns once and never stops the run.
     */
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
      .default([]),
    /** Parent folder of run folders. */
    runsDir: z.string(),
    /**
     * Run folder name inside `runsDir` (default `<preset>-<algo>[-think]-s<seed>`): letters, digits, `.`, `_`, `-`,
     * not starting with `.` (so never `.` or `..`, which would name the runs folder or its parent).
     */
    runId: z
      .string()
      .regex(/^[\w.-]+$/, 'use letters, digits, ".", "_" or "-" (no path separators)')
      .refine((id) => !id.startsWith('.'), {
        message: 'must not start with "." ("." and ".." name the runs folder and its parent); use e.g. my-run',
      })
      .optional(),
  })
  .strict()
  .superRefine((config, context) => {
    const maxNewTokens = config.sampling.maxNewTokens;
    if (maxNewTokens >= config.maxContextTokens) {
      context.addIssue({
        code: 'custom',
        path: ['sampling', 'maxNewTokens'],
        message: `sampling.maxNewTokens is ${maxNewTokens} and maxContextTokens is ${config.maxContextTokens}: a turn's prompt gets maxContextTokens − maxNewTokens = ${config.maxContextTokens - maxNewTokens} tokens, so every dialogue would fail. Set maxContextTokens above maxNewTokens by at least the longest prompt (paper: maxContextTokens 15000 with maxNewTokens 5000), or lower sampling.maxNewTokens`,
      });
    }
    if (config.algo === 'grpo' && config.groupSize < 2 && config.branching < 2) {
      context.addIssue({
        code: 'custom',
        path: ['groupSize'],
        message: `groupSize is ${config.groupSize}; set it to ≥ 2 (or branching ≥ 2 for turn-level groups): GRPO advantages are computed per group`,
      });
    }
    if (config.branching > 1 && config.turnCreditDiscount === null) {
      context.addIssue({
        code: 'custom',
        path: ['branching'],
        message: `branching is ${config.branching}; alternatives train through turn-level credit: set turnCreditDiscount (e.g. 0) or branching to 1`,
      });
    }
    if (config.algo === 'ppo' && config.groupSize !== 1) {
      context.addIssue({
        code: 'custom',
        path: ['groupSize'],
        message: `groupSize is ${config.groupSize}; PPO uses one rollout per profile: set groupSize to 1 (or --algo grpo)`,
      });
    }
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
