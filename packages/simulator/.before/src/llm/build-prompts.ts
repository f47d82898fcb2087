import type { EmotionBand, Profile, SimulatorMessage } from '@rlver/spec';
import { bandLabel } from '../emotion/index';
import { fenceData, neutraliseData, renderHistory } from './data-block';
import {
  ANALYSIS_LABELS,
  type Difficulty,
  type GoalMode,
  type PromptPack,
  type PromptVariant,
  REPLY_LABELS,
} from './prompt-pack';

/** What both stages need to know about the prompt configuration. */
export interface PromptOptions {
  pack: PromptPack;
  variant: PromptVariant;
  goalMode: GoalMode;
  difficulty: Difficulty;
}

/** JSON keys of the structured analysis output, in step order (label `TargetCompletion` → `targetCompletion`). */
export function structuredAnalysisKeys(variant: PromptVariant): string[] {
  return ANALYSIS_LABELS[variant].map((label) => label.charAt(0).toLowerCase() + label.slice(1));
}

function section(heading: string, body: string): string {
  return `## ${heading}\n${body}`;
}

function goalBlock(options: PromptOptions): string {
  if (options.goalMode !== 'eq') return options.pack.goals[options.goalMode];
  return options.pack.goals[options.variant === 'sage' ? 'sage-eq' : 'rlver-eq'];
}

function personalityBody(options: PromptOptions, profile: Profile, rule: string): string {
  const lines = [rule, neutraliseData(options.pack.personalityLine(profile.main_cha, profile.cha_group))];
  if (options.difficulty !== 'none') lines.push(options.pack.difficulty[options.difficulty]);
  return lines.join('\n');
}

function labelledFormat(labels: readonly string[], placeholders: Readonly<Record<string, string>>): string {
  return labels.map((label) => `${label}:\n[${placeholders[label] ?? ''}]`).join('\n');
}

function historySections(options: PromptOptions, history: readonly SimulatorMessage[], split: boolean): string[] {
  const { pack } = options;
  if (!split) return [section(pack.headings.history, fenceData('history', renderHistory(history, pack.speakers)))];
  return [
    section(pack.headings.context, fenceData('context', renderHistory(history.slice(0, -2), pack.speakers))),
    section(pack.headings.latest, fenceData('latest', renderHistory(history.slice(-2), pack.speakers))),
  ];
}

/**
 * The analysis ("planning") prompt (spec §3.5): role, goal, task, personality (+ difficulty), emotion
 * definition, five steps, output format, then the data — persona, background, current score, history
 * (`sage`: one block; `rlver-train`: context + latest exchange). Every data block is fenced and neutralised.
 */
export function buildAnalysisPrompt(
  options: PromptOptions & {
    structured: boolean;
    profile: Profile;
    emotion: number;
    history: readonly SimulatorMessage[];
  },
): string {
  const { pack, variant, profile } = options;
  const texts = pack.analysis[variant];
  const format = options.structured
    ? `${texts.structuredIntro} ${structuredAnalysisKeys(variant).join(', ')}`
    : `${texts.outputIntro}\n${labelledFormat(ANALYSIS_LABELS[variant], texts.placeholders)}`;
  return [
    texts.role,
    pack.dataNotice,
    section(pack.headings.goal, goalBlock(options)),
    section(pack.headings.task, texts.task),
    section(pack.headings.personality, personalityBody(options, profile, texts.personalityRule)),
    section(pack.headings.emotion, texts.emotionDefinition),
    section(pack.headings.steps, texts.steps),
    section(pack.headings.output, format),
    section(pack.headings.persona, fenceData('persona', profile.player)),
    section(pack.headings.background, fenceData('background', profile.scene)),
    pack.currentEmotionLine(options.emotion),
    ...historySections(options, options.history, variant === 'rlver-train'),
  ].join('\n\n');
}

/** The analysis handed to the reply stage (spec §3.7 item 7). */
export interface ReplyFeedback {
  objective: string;
  subjective: string;
}

/**
 * The reply prompt (spec §3.7): role, goal, emotion tiers, personality (+ difficulty), four dimensions,
 * rewrite rules, output format, speaking style, then the data — persona, background, context
 * (`history[:-2]`), latest exchange (`history[-2:]`), the feedback, and the current state LABEL (never the
 * number). `feedback: undefined` builds the opener (spec §3.9): an instruction replaces the feedback and a
 * note replaces the history.
 */
export function buildReplyPrompt(
  options: PromptOptions & {
    profile: Profile;
    band: EmotionBand;
    history: readonly SimulatorMessage[];
    feedback: ReplyFeedback | undefined;
  },
): string {
  const { pack, variant, profile, feedback } = options;
  const texts = pack.reply[variant];
  const dataSections = feedback
    ? [
        ...historySections(options, options.history, true),
        section(
          pack.headings.feedback,
          fenceData(
            'feedback',
            `${pack.feedback.objective}\n${feedback.objective}\n${pack.feedback.subjective}\n${feedback.subjective}`,
          ),
        ),
      ]
    : [
        section(pack.headings.context, pack.opener.contextNote),
        section(pack.headings.feedback, pack.opener.instruction),
      ];
  return [
    texts.role,
    pack.dataNotice,
    section(pack.headings.goal, goalBlock(options)),
    section(pack.headings.emotion, texts.emotionTiers),
    section(pack.headings.personality, personalityBody(options, profile, pack.analysis[variant].personalityRule)),
    section(pack.headings.steps, texts.dimensions),
    section(pack.headings.rewrite, texts.rewrite),
    section(pack.headings.output, `${texts.outputIntro}\n${labelledFormat(REPLY_LABELS, texts.placeholders)}`),
    section(pack.headings.style, texts.style),
    section(pack.headings.persona, fenceData('persona', profile.player)),
    section(pack.headings.background, fenceData('background', profile.scene)),
    ...dataSections,
    section(pack.headings.currentEmotion, bandLabel(options.band)),
    texts.closing,
  ].join('\n\n');
}
