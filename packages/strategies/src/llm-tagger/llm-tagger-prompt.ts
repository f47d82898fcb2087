import { type ChatMessage, type Language, strategyLabelSchema } from '@rlver/spec';
import { z } from 'zod';
import { LABEL_DEFINITIONS } from '../label-definitions';

/** What the LLM must answer: labels, and for each a verbatim quote from the reply as evidence. */
export const llmTaggerOutputSchema = z.object({
  labels: z.array(strategyLabelSchema),
  evidence: z.array(z.object({ label: strategyLabelSchema, quote: z.string() })).nullish(),
});
export type LlmTaggerOutput = z.infer<typeof llmTaggerOutputSchema>;

function systemPrompt(): string {
  const definitions = LABEL_DEFINITIONS.map(
    (entry) => `- ${entry.label}: ${entry.definition} e.g. "${entry.examples.en}" / "${entry.examples.zh}"`,
  ).join('\n');
  return [
    'You label the support strategies used in one reply of an emotional-support conversation.',
    'A reply usually combines several strategies; give every label that applies (multi-label).',
    'Labels:',
    definitions,
    'Answer with JSON only, no prose and no code fence:',
    '{"labels": ["<label>", ...], "evidence": [{"label": "<label>", "quote": "<exact substring of the reply>"}]}',
    'Use only the label names above. Quotes must be copied verbatim from the reply.',
  ].join('\n');
}

/** Build the chat messages that ask the LLM to tag `text`. */
export function buildLlmTaggerMessages(text: string, lang: Language): ChatMessage[] {
  return [
    { role: 'system', content: systemPrompt() },
    { role: 'user', content: `Reply (${lang === 'zh' ? 'Chinese' : 'English'}):\n${text}` },
  ];
}

/** Strip a Markdown code fence the model may wrap its JSON in. */
export function stripCodeFence(text: string): string {
  const fenced = /^\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/i.exec(text);
  return (fenced?.[1] ?? text).trim();
}
