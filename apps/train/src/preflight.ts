import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  backendMemoryBytes,
  checkAttentionBudget,
  checkTrainingMemory,
  estimateTrainingMemory,
  formatGiB,
  initTfBackend,
  type LoraShape,
  type LoraTarget,
  modelConfigFromHF,
  readJsonObject,
} from '@rlver/model';
import { type ChatMessage, InvalidConfigError, type Language, type Profile } from '@rlver/spec';
import { systemPromptFor, type TrainConfig } from '@rlver/trainer';
import {
  attentionPasses,
  buildTrainingComponents,
  startingPolicyFolder,
  type TrainingWiring,
  usesKl,
} from './build-training-components';
import { formatHardwareGuidance } from './hardware-guidance';

/** What the preflight found: the run's components (ready to train) and one line per check. */
export interface PreflightOutcome {
  wiring: TrainingWiring;
  /** One line per check passed, for `--dry-run` and the run's log. */
  report: string[];
  /** Endpoint warnings (e.g. a model the server does not list). */
  warnings: string[];
}

/** The LoRA shape a run trains: the config's block, else the adapters the policy folder brings, else none. */
async function loraShapeOf(config: TrainConfig, folder: string): Promise<LoraShape | null> {
  if (config.lora) return { rank: config.lora.rank, targetModules: config.lora.targetModules };
  const adapterConfig = await readJsonObject(join(folder, 'adapter_config.json'), false);
  if (!adapterConfig) return null;
  const rank = Number(adapterConfig.r);
  const targets = adapterConfig.target_modules;
  return Number.isInteger(rank) && Array.isArray(targets) ? { rank, targetModules: targets as LoraTarget[] } : null;
}

/** The first message a policy turn sees on `profile`, and the language it is in. */
function openerOf(profile: Profile): { lang: Language; text: string } {
  return { lang: profile.lang ?? 'zh', text: profile.first_talk ?? profile.task };
}

/**
 * Render the chat template of the first policy turn (system prompt + the user's opener) with think on and off,
 * and check it fits the prompt budget. A template that drops the system prompt or the user's words is refused.
 */
function checkChatTemplate(config: TrainConfig, wiring: TrainingWiring): string {
  const profile = wiring.evalProfiles.find((item) => item.first_talk) ?? wiring.trainProfiles[0];
  if (!profile) return 'chat template: no profile to render (no training or held-out profiles)';
  const { lang, text } = openerOf(profile);
  const budget = config.maxContextTokens - config.sampling.maxNewTokens;
  const { tokenizer } = wiring.policy;
  const counts = [false, true].map((think) => {
    const system = systemPromptFor({ systemPrompt: config.systemPrompt, think })(lang);
    const messages: ChatMessage[] = [
      { role: 'system', content: system },
      { role: 'user', content: text },
    ];
    const rendered = tokenizer.applyChatTemplate(messages, { variables: { enable_thinking: think } });
    for (const [what, content] of [
      ['system prompt', system],
      ["user's opener", text],
    ] as const) {
      if (!rendered.includes(content)) {
        throw new InvalidConfigError({
          field: 'chat_template',
          message: `the policy's chat template drops the ${what} (rendered with think ${think ? 'on' : 'off'} on profile ${profile.id}, the text does not contain it): fix "chat_template" in the policy folder's tokenizer_config.json`,
        });
      }
    }
    return tokenizer.encode(rendered).length;
  });
  const [plain = 0, thinking = 0] = counts;
  const own = config.think ? thinking : plain;
  if (own > budget) {
    throw new InvalidConfigError({
      field: 'maxContextTokens',
      message: `the first policy turn of profile ${profile.id} (system prompt + opener, think ${config.think ? 'on' : 'off'}) is ${own} tokens, but a turn's prompt gets maxContextTokens − sampling.maxNewTokens = ${config.maxContextTokens} − ${config.sampling.maxNewTokens} = ${budget}: every dialogue would fail. Raise maxContextTokens, lower sampling.maxNewTokens${config.systemPrompt === 'default' ? ', or set systemPrompt to "brief"' : ''}`,
    });
  }
  return `chat template: first turn of profile ${profile.id} renders to ${plain} tokens (think off) / ${thinking} (think on); prompt budget maxContextTokens − maxNewTokens = ${budget} ✓`;
}

/**
 * Everything that can be wrong before the first episode, checked in order of cost: the memory a step needs (from
 * config.json's shapes, before any weight loads), the model and tokenizer (vocabulary against the embedding, chat
 * template present), the chat template rendered on a real profile with and without think against the token
 * budget, and one request to each LLM endpoint. Throws `InvalidConfigError` naming what to change; a normal run
 * and `--dry-run` both go through it.
 */
export async function runPreflight(
  config: TrainConfig,
  resumeFrom: string | undefined,
  options: { memoryLimitBytes?: number } = {},
): Promise<PreflightOutcome> {
  const report: string[] = [];
  const backend = await initTfBackend();
  const limit = options.memoryLimitBytes ?? backendMemoryBytes(backend);
  const folder = resumeFrom ?? startingPolicyFolder(config);
  const configPath = join(folder, 'config.json');
  const modelConfig = modelConfigFromHF(await readJsonObject(configPath, true), configPath);
  const lora = await loraShapeOf(config, folder);
  const estimate = estimateTrainingMemory({
    config: modelConfig,
    lora,
    valueHead: config.algo === 'ppo',
    referenceCopy: usesKl(config),
    passes: attentionPasses(config),
  });
  // The attention passes first: their message names the pass, the fields that size it and the length that fits.
  checkAttentionBudget({ config: modelConfig, backend, passes: attentionPasses(config), limitBytes: limit });
  checkTrainingMemory({ estimate, backend, limitBytes: limit, lora: lora !== null });
  report.push(
    `memory: about ${formatGiB(estimate.totalBytes)} of the ${formatGiB(limit)} the ${backend} backend has (weights ${formatGiB(estimate.weightBytes)}, gradients + AdamW ${formatGiB(estimate.gradientBytes + estimate.optimizerBytes)}, largest attention pass ${formatGiB(estimate.attentionBytes)}) ✓`,
  );
  const wiring = await buildTrainingComponents(config, resumeFrom);
  const { model, tokenizer } = wiring.policy;
  const trainable = model.loraState
    ? `LoRA rank ${model.loraState.config.rank} on ${model.loraState.config.targetModules.join(', ')}`
    : 'full fine-tuning';
  report.push(
    `model: ${model.config.modelType} from ${folder}, ${(model.parameterCount() / 1e6).toFixed(model.parameterCount() < 1e6 ? 3 : 1)} M parameters, ${trainable}; tokenizer ids 0…${tokenizer.vocabSize - 1} within the ${model.config.vocabSize} embedding rows ✓`,
  );
  report.push(checkChatTemplate(config, wiring));
  const warnings = await wiring.probe();
  const endpoints = Object.entries(wiring.endpointIdentities());
  report.push(
    endpoints.length === 0
      ? 'endpoints: none (offline simulated user, local policy)'
      : `endpoints: ${endpoints.map(([role, identity]) => `${role} ${identity.model} at ${identity.baseURL}`).join(', ')} answered${config.cache === 'read' ? ' (not probed: cache read replays)' : ''} ✓`,
  );
  return { wiring, report, warnings };
}

/** `--dry-run`: the preflight's lines, the hardware guidance for this run's budgets, and the verdict. */
export function formatDryRun(config: TrainConfig, outcome: PreflightOutcome): string {
  const lines = [
    '# preflight',
    ...outcome.report.map((line) => `  ${line}`),
    ...outcome.warnings.map((line) => `  warning: ${line}`),
    '',
    formatHardwareGuidance(config),
    '',
    'dry run passed: nothing was written; drop --dry-run to train',
  ];
  return `${lines.join('\n')}\n`;
}

/** Whether a run folder has a checkpoint to resume from. */
export function resumableCheckpoint(runDirectory: string): string | undefined {
  const policy = join(runDirectory, 'checkpoints', 'latest', 'policy');
  return existsSync(join(policy, 'config.json')) ? policy : undefined;
}
