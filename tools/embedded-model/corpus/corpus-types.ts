import type { ChatMessage, IntentionKey, Language, StrategyLabel } from '@rlver/spec';

/** Life areas the simulated users talk about. */
export type TroubleTopic = 'relationship' | 'work' | 'family' | 'school' | 'friends' | 'health' | 'money';

/**
 * One life trouble, in one language. Every text may use the slot `{name}` (the other person in the story);
 * reply templates combine the fields, so each field must read well in the sentence frames described below.
 */
export interface TroubleScenario {
  topic: TroubleTopic;
  /** First user messages (the opener), e.g. "My boyfriend {name} forgot my birthday again." */
  openers: readonly string[];
  /** Extra details the user adds in later turns. */
  details: readonly string[];
  /** Short noun phrase naming the event, e.g. "the forgotten birthday" / "生日被忘这件事". */
  event: string;
  /** How the user likely feels, an adjective phrase: "hurt and invisible" / "委屈又失落". */
  feeling: string;
  /** Something the user did well, a clause: "you still gave {name} a chance to explain". */
  effort: string;
  /** A plausible reason behind the other person's behaviour, a full clause mentioning {name}. */
  motive: string;
  /** One concrete next step, an imperative verb phrase: "tell {name} calmly what the day meant to you". */
  action: string;
}

/** Topic-level material shared by the scenarios of a topic. */
export interface TopicNotes {
  /** The assistant's own similar experience, a clause after "I …" / "我…". */
  disclosures: readonly string[];
  /** General facts, a full sentence each. */
  facts: readonly string[];
}

/** The slot values a reply template is filled with. */
export interface ReplySlots {
  name: string;
  event: string;
  feeling: string;
  effort: string;
  motive: string;
  action: string;
  disclosure: string;
  fact: string;
  /** A clause of the user's last message, verbatim ('' when none is worth quoting; see `quote-templates.ts`). */
  quote: string;
}

/** A reply template of one strategy: a function of the slots (so that capitalisation and grammar stay right). */
export type ReplyTemplate = (slots: ReplySlots) => string;

/** One generated training dialogue. */
export interface CorpusDialogue {
  id: string;
  lang: Language;
  /** `<source>:<topic>`, e.g. `scenario:work` or `simulator:work-harsh-boss`. */
  topic: string;
  /** The simulated user's hidden need (drives their reactions). */
  intention: IntentionKey;
  /** Whether the system prompt asks for `<think>…</think>` before the reply. */
  thinking: boolean;
  /** `[system?, user, assistant, user, assistant, …]`, ending with an assistant message. */
  messages: ChatMessage[];
  /** Strategy of each assistant message, in order. */
  strategies: StrategyLabel[];
  /** Which kind of template wrote each assistant message, in order (see {@link ReplyKind}). */
  replyKinds: ReplyKind[];
  /** The story behind the dialogue: the other person and every sentence the user may tell (opener first). */
  story: { person: string; hasName: boolean; sentences: string[] };
}

/**
 * Which template family wrote a reply: `story` (the strategy templates, filled with scenario phrases or generic
 * slots), `quote` (a frame around a clause the user said, `quote-templates.ts`) or `grounded` (the reply's own
 * sentences built from the specifics the user told, `grounded-templates-*.ts`).
 */
export type ReplyKind = 'story' | 'quote' | 'grounded';
