import { formatSchemaHelp, packageVersion } from '@rlver/cli-kit';
import { TRAIN_FLAG_ALIASES, trainHelpSections } from '@rlver/trainer';

/** Flags of `rlver-train` that are not config fields. */
export const TRAIN_COMMAND_FLAGS = {
  config: 'string',
  resume: 'boolean',
  'print-config': 'boolean',
  'dry-run': 'boolean',
  help: 'boolean',
  version: 'boolean',
} as const;

/** `rlver-train --version`. */
export const TRAIN_VERSION = packageVersion(import.meta.url);

/** `rlver-train --help`: the command flags, then every config flag generated from the schemas. */
export function formatTrainHelp(): string {
  return formatSchemaHelp({
    usage: 'rlver-train [options]',
    summary:
      'Train a dialogue policy with reinforcement learning from verifiable emotion rewards (RLVER): the policy talks to\n' +
      'simulated users, the final emotion / 100 is the reward, PPO or GRPO updates the weights. With no options it runs\n' +
      'the embedded default on the CPU (preset embedded-choice: a choice layer over the shipped grounded checkpoint +\n' +
      'offline simulated user + shipped scenarios); --preset embedded trains the small language model itself, and\n' +
      '--policy <folder> (a checkpoint of your own) does so by default.',
    commandFlags: {
      config: 'YAML or JSON config file; flags override it',
      resume: 'Continue the run folder from its last checkpoint',
      'print-config': 'Print the resolved config (valid YAML) with where each value came from, then exit',
      'dry-run':
        'Preflight: the resolved config, then model + tokenizer, the chat template on a real profile (think on/off), token budgets, one request per endpoint and the memory estimate with hardware guidance; exits non-zero saying what to change',
      help: 'Show this help',
      version: `Print the version (${TRAIN_VERSION}) and exit`,
    },
    sections: trainHelpSections(),
    aliases: TRAIN_FLAG_ALIASES,
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
      'Examples:',
      '  rlver-train                                   # embedded default: the choice layer, GRPO',
      '  rlver-train --algo ppo                        # the same with PPO',
      '  rlver-train --think --seed 1                  # each turn: a plan chosen by the layer, then a reply given it',
      "  rlver-train --algo ppo --choice-layer.prior lm   # the model's log-prob of each candidate as the prior",
      '  rlver-train --preset embedded                 # RL on the small language model itself (GRPO, any --algo)',
      '  rlver-train --preset embedded --algo rloo --think',
      '  rlver-train --preset rlver-ppo --policy ./Qwen2.5-7B-Instruct --simulator openai:deepseek-chat \\',
      '      --base-url http://127.0.0.1:8000/v1 --cache write',
      '',
      'Choice layer (the default preset embedded-choice, config choiceLayer): the grounded checkpoint with the phrasebook rule stays',
      'frozen; each reply is one of its candidate replies drawn from softmax[prior + w·φ(dialogue, candidate)], each turn',
      'is a group of 8 candidates drawn from it and judged from the same user state, and --algo grpo|ppo trains w from',
      "those groups (reward: the user's emotion change; PPO's baseline: a linear critic over the dialogue's features,",
      "--choice-layer.ppo-baseline). Its training dialogues use the benchmark's emotion dynamics (--train-emotion-preset",
      'sage, up to 10 turns, 4 a step). --choice-layer.prior uniform (default; the model is not run to',
      "choose) or lm (the model's log-prob of each candidate, ~7-10x slower a step). The weights go to",
      'checkpoints/*/policy/choice-layer.json; --resume and rlver-eval --policy <that folder> load them. With --think a',
      'turn is <think>plan</think>reply: the layer picks one of six plans (what the user seems to need, how to answer,',
      "quoting the user's words), then a reply scored with plan x strategy features; the user sees the reply only.",
      '',
      'Export: rlver-train export --merge <run folder or checkpoint> --out DIR [--dtype F32|F16|BF16] writes a full',
      'Hugging Face checkpoint with LoRA adapters merged into the weights.',
    ].join('\n'),
  });
}
