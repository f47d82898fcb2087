import { type CommandSpec, packageVersion } from '@rlver/cli-kit';

/** Flags of `rlver-train`; each maps to a config field (`--steps` → `steps`). */
export const TRAIN_COMMAND: CommandSpec = {
  usage: 'rlver-train [options]',
  version: packageVersion(import.meta.url),
  summary:
    'Train a dialogue policy with reinforcement learning from verifiable emotion rewards (RLVER): the policy talks to\n' +
    'simulated users, the final emotion / 100 is the reward, PPO or GRPO updates the weights. With no options it runs\n' +
    'the embedded default (small embedded policy + offline simulated user + shipped scenarios) on the CPU.',
  flags: {
    config: { type: 'string', description: 'YAML or JSON config file; flags override it' },
    preset: { type: 'string', description: 'Defaults bundle', choices: ['embedded', 'rlver-ppo', 'rlver-grpo'] },
    algo: { type: 'string', description: 'RL algorithm', choices: ['ppo', 'grpo'] },
    think: { type: 'boolean', description: 'Think-then-say: the policy reasons in <think>…</think> before replying' },
    policy: {
      type: 'string',
      description: '"embedded" or a Hugging Face checkpoint folder (config.json, *.safetensors, tokenizer.json)',
    },
    simulator: { type: 'string', description: '"offline" or "openai:<model>" (any OpenAI-compatible endpoint)' },
    'base-url': {
      type: 'string',
      description: 'Base URL of the simulator endpoint, e.g. http://127.0.0.1:8000/v1 (default $OPENAI_BASE_URL)',
    },
    cache: { type: 'string', description: 'Record/replay of simulator LLM calls', choices: ['write', 'read', 'off'] },
    'cache-dir': { type: 'string', description: 'Folder of the record/replay cache' },
    lang: { type: 'string', description: 'Shipped scenario language(s)', choices: ['zh', 'en', 'both'] },
    'train-profiles': { type: 'string', description: 'Training profiles (reference JSONL format)' },
    'eval-profiles': { type: 'string', description: 'Held-out profiles for the before/after benchmark' },
    'eval-limit': { type: 'string', description: 'Use only the first N held-out profiles per language' },
    'no-eval': { type: 'boolean', description: 'Skip the before/after benchmark' },
    steps: { type: 'string', description: 'Optimisation steps' },
    seed: { type: 'string', description: 'Seed of every random choice (part of the run id)' },
    packing: { type: 'string', description: 'Training samples', choices: ['whole-dialogue', 'per-turn'] },
    'profiles-per-step': { type: 'string', description: 'Profiles per step (dialogues = profiles × group size)' },
    'group-size': { type: 'string', description: 'GRPO rollouts per profile (n)' },
    'run-id': { type: 'string', description: 'Run folder name (default <preset>-<algo>[-think]-s<seed>)' },
    'runs-dir': { type: 'string', description: 'Parent folder of run folders' },
    resume: { type: 'boolean', description: 'Continue the run folder from its last checkpoint' },
    'dry-run': {
      type: 'boolean',
      description:
        'Preflight only: print the resolved config, load model + tokenizer, render the chat template, check budgets, memory and endpoints, then exit',
    },
    'lora-rank': { type: 'string', description: 'Train LoRA adapters of this rank instead of every weight' },
    'lora-alpha': { type: 'string', description: 'LoRA scale numerator: update = alpha / rank · B·A (default 16)' },
    'lora-dropout': { type: 'string', description: 'LoRA dropout (0 only: adapters are folded into the weights)' },
    'lora-target-modules': {
      type: 'string',
      description:
        'Comma list of projections with adapters (default q_proj,v_proj; also k_proj,o_proj,gate_proj,up_proj,down_proj)',
    },
    'lora-rslora': { type: 'boolean', description: 'Rank-stabilised LoRA: scale alpha / √rank' },
    'print-config': {
      type: 'boolean',
      description: 'Print the resolved config (valid YAML) with where each value came from, then exit',
    },
    'report-to': {
      type: 'string',
      description:
        'Experiment trackers, a comma list: tensorboard (runs/<run-id>/tensorboard), mlflow (MLFLOW_TRACKING_URI), none, all',
    },
    'timeout-ms': { type: 'string', description: 'Limit of one simulator LLM call in ms (default 120000)' },
    'max-retries': {
      type: 'string',
      description: 'Retries of 5xx, timeouts and malformed answers per simulator LLM call (default 2)',
    },
    'max-rate-limit-retries': { type: 'string', description: 'Retries of HTTP 429 per simulator LLM call (default 6)' },
    'max-retry-after-ms': { type: 'string', description: 'Longest Retry-After wait honoured, in ms (default 60000)' },
    'simulator-timeout-ms': {
      type: 'string',
      description: 'Same as --timeout-ms (the simulator is the only endpoint)',
    },
    'simulator-max-retries': { type: 'string', description: 'Same as --max-retries' },
  },
  details: [
    'Outputs: runs/<run-id>/ holds config.json, metrics.jsonl (one line per step; metric names in apps/train/README.md),',
    'rollouts.jsonl, checkpoints/ (latest + every checkpointEvery steps), before/ and after/ benchmark folders,',
    'summary.json ({"before": {score, success, failure, monitors}, "after": {…}, "training", "warnings"}) and report.html.',
    'With --report-to tensorboard,mlflow the step metrics (same names) also go to TensorBoard event files in',
    'runs/<run-id>/tensorboard/ and to the MLflow server at MLFLOW_TRACKING_URI; a failing tracker warns once.',
    '',
    'Reward hacking: every step logs the degenerate-reply monitors (monitor/*); the progress line shows the degenerate',
    'share next to the reward, and the run ends with a warning when that share rose by more than 5 points',
    '(after vs before benchmark, last vs first steps). Training stops early when the share of the last 5 steps is',
    '10 points above that of the first 5 (config degenerationStop; null never stops). Sample flagged replies:',
    'rlver-eval audit runs/<run-id>.',
    '',
    'Resume: rerun the same command with --resume; the run continues from checkpoints/latest and, for a given seed,',
    'ends where an uninterrupted run would. Without --resume an existing run folder is an error (nothing is overwritten).',
    'A resume repairs what a kill leaves: an interrupted checkpoint promotion, a torn last line of metrics.jsonl or',
    'rollouts.jsonl, and the records of a step that runs again (each step is logged once). The config is validated',
    '(algorithm blocks included, with file and line) before anything is written.',
    '',
    'Preflight: every run first checks memory (from config.json shapes, against the backend), the model and tokenizer,',
    'the chat template on a real profile (think on and off) against the token budget, and each LLM endpoint;',
    '--dry-run stops there and prints a hardware table (0.5B / 1.5B / 7B, full and LoRA).',
    'LoRA: --lora-rank 16 (or a lora: block) trains adapters only; checkpoints hold them in PEFT format.',
    'Export: rlver-train export --merge runs/<run-id> --out DIR writes a full checkpoint with the adapters merged.',
    '',
    'Examples:',
    '  rlver-train                                   # embedded default, GRPO',
    '  rlver-train --algo ppo                        # the same with PPO',
    '  rlver-train --algo grpo --think --seed 1',
    '  rlver-train --preset rlver-ppo --policy ./Qwen2.5-7B-Instruct --simulator openai:deepseek-chat \\',
    '      --base-url http://127.0.0.1:8000/v1 --cache write',
  ].join('\n'),
};

/** Config field of each flag that sets one directly. */
export const FLAG_TO_FIELD: Record<string, string> = {
  preset: 'preset',
  algo: 'algo',
  think: 'think',
  policy: 'policy',
  simulator: 'simulator',
  'base-url': 'baseURL',
  cache: 'cache',
  'cache-dir': 'cacheDir',
  lang: 'lang',
  'train-profiles': 'trainProfiles',
  'eval-profiles': 'evalProfiles',
  'eval-limit': 'evalLimit',
  steps: 'steps',
  seed: 'seed',
  packing: 'packing',
  'profiles-per-step': 'profilesPerStep',
  'group-size': 'groupSize',
  'run-id': 'runId',
  'runs-dir': 'runsDir',
  'report-to': 'reportTo',
};

/** Flags that set a field of the `simulatorEndpoint` block (integers). */
export const ENDPOINT_FLAG_TO_FIELD: Record<string, string> = {
  'timeout-ms': 'timeoutMs',
  'simulator-timeout-ms': 'timeoutMs',
  'max-retries': 'maxRetries',
  'simulator-max-retries': 'maxRetries',
  'max-rate-limit-retries': 'maxRateLimitRetries',
  'max-retry-after-ms': 'maxRetryAfterMs',
};

/** Flags whose values are integers. */
export const INTEGER_FLAGS = new Set(['eval-limit', 'steps', 'seed', 'profiles-per-step', 'group-size']);
