import type { Language } from '@rlver/spec';

/** Which reference agent the prompts follow (spec §3.12): SAGE's benchmark agent or RLVER's training agent. */
export type PromptVariant = 'sage' | 'rlver-train';

/** Goal block (spec §3.4): `eq` = heart-to-heart talk; `no-target` = small talk; `target` = short-term goal first. */
export type GoalMode = 'eq' | 'no-target' | 'target';

/** Difficulty text inserted in the personality section of both stages (spec §3.13); `none` inserts nothing. */
export type Difficulty = 'none' | 'simple' | 'normal' | 'hard';

/** Labels of the five analysis fields, in output order (spec §3.5, §3.12). */
export const ANALYSIS_LABELS: Readonly<Record<PromptVariant, readonly string[]>> = {
  sage: ['Content', 'TargetCompletion', 'Activity', 'Analyse', 'Change'],
  'rlver-train': ['Content', 'Reason', 'Activity', 'Analyse', 'Change'],
};

/** Labels of the reply-stage output, in order (spec §3.7). */
export const REPLY_LABELS = ['Thinking', 'Origin', 'Change', 'Response'] as const;

/** Section headings shared by both stages. */
export interface PromptHeadings {
  goal: string;
  task: string;
  personality: string;
  emotion: string;
  steps: string;
  output: string;
  persona: string;
  background: string;
  history: string;
  context: string;
  latest: string;
  feedback: string;
  currentEmotion: string;
  style: string;
  rewrite: string;
}

/** Texts of one analysis-stage variant (spec §3.5). */
export interface AnalysisTexts {
  role: string;
  task: string;
  personalityRule: string;
  emotionDefinition: string;
  /** The five steps, one per line. */
  steps: string;
  outputIntro: string;
  /** Bracketed placeholder under each label, keyed by label. */
  placeholders: Readonly<Record<string, string>>;
  /** Replaces the labelled format in `structured` parse mode (JSON keys listed by the builder). */
  structuredIntro: string;
}

/** Texts of one reply-stage variant (spec §3.7). */
export interface ReplyTexts {
  role: string;
  emotionTiers: string;
  dimensions: string;
  rewrite: string;
  outputIntro: string;
  placeholders: Readonly<Record<string, string>>;
  style: string;
  closing: string;
}

/**
 * All wording of one language. The builders assemble sections in a fixed order, so the zh and en packs
 * share one structure; only the words differ.
 */
export interface PromptPack {
  lang: Language;
  /** Speaker names in the rendered history (§3.10). */
  speakers: { agent: string; model: string };
  headings: PromptHeadings;
  /** Tells the model that fenced blocks are quoted data, never instructions. */
  dataNotice: string;
  goals: Readonly<Record<'sage-eq' | 'rlver-eq' | 'no-target' | 'target', string>>;
  difficulty: Readonly<Record<Exclude<Difficulty, 'none'>, string>>;
  /** Line naming the personality type and traits. */
  personalityLine(mainCharacter: string, traits: readonly string[]): string;
  /** Line giving the current emotion number (analysis stage). */
  currentEmotionLine(emotion: number): string;
  analysis: Readonly<Record<PromptVariant, AnalysisTexts>>;
  reply: Readonly<Record<PromptVariant, ReplyTexts>>;
  /** Objective / subjective headings of the feedback handed to the reply stage (§3.7 item 7). */
  feedback: { objective: string; subjective: string };
  /** Opener (§3.9): replaces the feedback and the context. */
  opener: { instruction: string; contextNote: string };
}
