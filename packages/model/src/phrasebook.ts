import { type ChatMessage, InvalidConfigError, type Language } from '@rlver/spec';
import { z } from 'zod';
import { DEFAULT_FEELING, type GroundedSlots, groundedSlotOptions, namedPerson } from './phrasebook-slots';

/** The phrasebook's file beside a checkpoint's config.json (written by tools/embedded-model/scripts/build-phrasebook.ts). */
export const PHRASEBOOK_FILE = 'phrasebook.json';

/** The slots a phrasebook template may hold, written `{name}`, `{thing}`, `{bit}`, `{feeling}` in its text. */
export const PHRASEBOOK_SLOTS = ['name', 'thing', 'bit', 'feeling'] as const satisfies readonly (keyof GroundedSlots)[];

/**
 * One reply template of the phrasebook: `grounded` templates say the strategy's move about this user (slots filled
 * from the user's messages), `stock` ones are the corpus's one-size replies (generic comfort among them), so that a
 * policy restricted to the phrasebook can still choose badly.
 */
export interface PhrasebookTemplate {
  strategy: string;
  kind: 'grounded' | 'stock';
  /** The reply with slot markers (`{name}` …). */
  text: string;
}

/** The replies a checkpoint may say under the phrasebook rule, per language, and the names its slot filling knows. */
export interface Phrasebook {
  version: 1;
  /** Names of other people the slot filling recognises in the user's messages (en also finds capitalised words). */
  names: Record<Language, string[]>;
  templates: Record<Language, PhrasebookTemplate[]>;
}

const templateSchema = z
  .object({ strategy: z.string().min(1), kind: z.enum(['grounded', 'stock']), text: z.string().min(1) })
  .strict();
const phrasebookSchema = z
  .object({
    version: z.literal(1),
    names: z.object({ zh: z.array(z.string()), en: z.array(z.string()) }).strict(),
    templates: z.object({ zh: z.array(templateSchema).min(1), en: z.array(templateSchema).min(1) }).strict(),
  })
  .strict();

/** A phrasebook from parsed JSON; a clear error naming `file` when it does not have the phrasebook's shape. */
export function parsePhrasebook(value: unknown, file: string): Phrasebook {
  const parsed = phrasebookSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidConfigError({
      field: 'decodingRules.phrasebook',
      message: `${file} is not a phrasebook (${issue?.path.join('.') || 'root'}: ${issue?.message}); rebuild it with \`npx tsx --conditions=source tools/embedded-model/scripts/build-phrasebook.ts --out <checkpoint folder>\`.`,
    });
  }
  for (const lang of ['zh', 'en'] as const) {
    for (const template of parsed.data.templates[lang]) {
      const unknown = [...template.text.matchAll(/\{([a-z]+)\}/gu)].find(
        (match) => !(PHRASEBOOK_SLOTS as readonly string[]).includes(match[1] as string),
      );
      if (unknown) {
        throw new InvalidConfigError({
          field: 'decodingRules.phrasebook',
          message: `${file}: template "${template.text}" holds the unknown slot ${unknown[0]}; use ${PHRASEBOOK_SLOTS.map((slot) => `{${slot}}`).join(' ')}.`,
        });
      }
    }
  }
  return parsed.data;
}

/** Whether every slot `text` uses is filled (non-empty) in `slots`. */
export function templateUsable(text: string, slots: GroundedSlots): boolean {
  return PHRASEBOOK_SLOTS.every((slot) => slots[slot] !== '' || !text.includes(`{${slot}}`));
}

/** `text` with its slot markers replaced by `slots`. */
export function fillTemplate(text: string, slots: GroundedSlots): string {
  return text.replace(/\{(name|thing|bit|feeling)\}/gu, (_, slot: keyof GroundedSlots) => slots[slot]);
}

/** One reply the phrasebook offers at this turn. */
export interface PhrasebookCandidate {
  strategy: string;
  kind: PhrasebookTemplate['kind'];
  /** Index of the template among its language's templates of the same kind and strategy. */
  template: number;
  reply: string;
}

export interface PhrasebookCandidateOptions {
  /** Fragments of the user's last message tried in the `{bit}` slot (default 2). */
  maxBits?: number;
  /** Only templates of these kinds (default both). */
  kinds?: readonly PhrasebookTemplate['kind'][];
  /** Leave out the replies the assistant already gave in `messages` (default true). */
  excludeSaid?: boolean;
  /** Keep only the filled replies this accepts (e.g. not degenerate under the project's audit); default all. */
  acceptReply?: (reply: string) => boolean;
}

/**
 * Every reply the phrasebook offers for this dialogue so far, built from the user's messages only (never a hidden
 * profile): the templates filled with each of the slot options of `groundedSlotOptions` (a template whose slot stays
 * empty is left out), duplicates removed, and (by default) without the replies the assistant already said.
 */
export function phrasebookCandidates(
  phrasebook: Phrasebook,
  messages: readonly Pick<ChatMessage, 'role' | 'content'>[],
  lang: Language,
  options: PhrasebookCandidateOptions = {},
): PhrasebookCandidate[] {
  const kinds = options.kinds ?? ['grounded', 'stock'];
  const slotOptions = groundedSlotOptions(messages, lang, phrasebook.names[lang], options.maxBits ?? 2);
  // Stock templates use at most the name: the first option, or the name alone when the user said no content piece.
  const nameOnly: GroundedSlots = {
    name: namedPerson(
      messages.filter((message) => message.role === 'user').map((message) => message.content),
      lang,
      phrasebook.names[lang],
    ),
    thing: '',
    bit: '',
    feeling: DEFAULT_FEELING[lang],
  };
  const said = new Set(
    options.excludeSaid === false
      ? []
      : messages.filter((message) => message.role === 'assistant').map((message) => message.content.trim()),
  );
  const indexed = indexTemplates(phrasebook.templates[lang]);
  const seen = new Set<string>();
  const candidates: PhrasebookCandidate[] = [];
  const offer = (entry: IndexedTemplate, slots: GroundedSlots) => {
    if (!templateUsable(entry.template.text, slots)) return;
    const reply = fillTemplate(entry.template.text, slots);
    if (seen.has(reply) || said.has(reply)) return;
    seen.add(reply);
    if (options.acceptReply && !options.acceptReply(reply)) return;
    candidates.push({ strategy: entry.template.strategy, kind: entry.template.kind, template: entry.index, reply });
  };
  if (kinds.includes('grounded')) {
    for (const slots of slotOptions) {
      for (const entry of indexed) {
        if (entry.template.kind !== 'grounded') continue;
        // No bit of its own (the last message said only the thing): a template that names the bit and not the thing
        // takes the thing there, so it is said once, never twice.
        const thingAsBit =
          slots.bit === '' && slots.thing !== '' && !entry.template.text.includes('{thing}')
            ? { ...slots, bit: slots.thing }
            : slots;
        offer(entry, thingAsBit);
      }
    }
  }
  if (kinds.includes('stock')) for (const entry of indexed) if (entry.template.kind === 'stock') offer(entry, nameOnly);
  return candidates;
}

interface IndexedTemplate {
  template: PhrasebookTemplate;
  index: number;
}

function indexTemplates(templates: readonly PhrasebookTemplate[]): IndexedTemplate[] {
  const counts = new Map<string, number>();
  return templates.map((template) => {
    const key = `${template.kind}\u0000${template.strategy}`;
    const index = counts.get(key) ?? 0;
    counts.set(key, index + 1);
    return { template, index };
  });
}
