import {
  type ChatMessage,
  createRng,
  type DialoguePolicyV1,
  detectLanguage,
  hashSeed,
  InvalidConfigError,
  type Language,
  type PolicyOutput,
  type StrategyLabel,
  strategyLabelSchema,
} from '@rlver/spec';
import { estimateTokenCount } from '../estimate-token-count';
import { extractGrounding, type Grounding } from './extract-grounding';
import { REPLY_TEMPLATES, type ReplyTemplate } from './reply-templates';

export interface TemplatePolicyOptions {
  /** The one strategy every reply uses. */
  label: StrategyLabel;
  /** Reply language; default: detected from the user's last message. */
  lang?: Language;
  /** Seed of the template choice (the choice also depends on the turn and the user's message). */
  seed: number;
}

function render(template: ReplyTemplate, grounding: Grounding): string | undefined {
  if (template.needs && grounding[template.needs] === undefined) return undefined;
  return template.text.replace('{quote}', grounding.quote ?? '').replace('{person}', grounding.person ?? '');
}

/** A template echoing an explicit quote or a named person. */
function isGrounded(template: ReplyTemplate, grounding: Grounding): boolean {
  return (
    (template.needs === 'quote' && grounding.quoted) || (template.needs === 'person' && grounding.person !== undefined)
  );
}

function replyTo(messages: readonly ChatMessage[], options: TemplatePolicyOptions): string {
  const lastUser = [...messages].reverse().find((message) => message.role === 'user')?.content ?? '';
  const earlier = new Set(messages.filter((message) => message.role === 'assistant').map((message) => message.content));
  const lang = options.lang ?? detectLanguage(lastUser);
  const grounding = extractGrounding(lastUser, lang);
  const rng = createRng(hashSeed(options.seed, options.label, earlier.size, lastUser));
  const rendered = rng.shuffle(REPLY_TEMPLATES[lang][options.label]).flatMap((template) => {
    const text = render(template, grounding);
    return text === undefined ? [] : [{ text, grounded: isGrounded(template, grounding) }];
  });
  // Replies grounded in something the user said explicitly come first; repeats only when nothing else is left.
  const ordered = [...rendered.filter((reply) => reply.grounded), ...rendered.filter((reply) => !reply.grounded)];
  const fresh = ordered.find((reply) => !earlier.has(reply.text));
  return (fresh ?? ordered[0])?.text ?? '';
}

/**
 * A baseline policy that answers every turn with templated replies of one strategy (zh or en), grounded in the
 * user's last message where a template allows (an echoed phrase, a named person), and avoiding verbatim repeats.
 * Gives reference floors and ceilings: e.g. `generic_comfort` vs `deep_empathy`. policyId `template:<label>`.
 */
export function createTemplatePolicy(options: TemplatePolicyOptions): DialoguePolicyV1 {
  if (!strategyLabelSchema.safeParse(options.label).success) {
    throw new InvalidConfigError({
      field: 'label',
      message: `unknown strategy label "${String(options.label)}"; use one of: ${strategyLabelSchema.options.join(', ')}`,
    });
  }
  return {
    specificationVersion: 'v1',
    policyId: `template:${options.label}`,
    async doAct({ requests }) {
      return requests.map((request): PolicyOutput => {
        const text = replyTo(request.messages, options);
        return {
          text,
          finishReason: 'stop',
          promptTokenCount: estimateTokenCount(request.messages),
          outputTokenCount: estimateTokenCount([{ role: 'assistant', content: text }]),
          latencyMs: 0,
        };
      });
    },
  };
}
