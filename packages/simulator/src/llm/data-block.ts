import { hashSeed, type SimulatorMessage } from '@rlver/spec';
import { neutraliseJudgeFields } from './neutralise-judge-fields';

/** Anything one of the rewrites of {@link neutraliseData} would change (the union of their patterns). */
const STRUCTURE_MARKER = /<<|>>|<\s*[|｜]|[|｜]\s*>|\[\/?(?:INST|SYS)\]/i;

/**
 * Make untrusted text safe to place inside a fenced data block: our fence markers (`<<<`, `>>>`) and
 * chat-template role tags (`<|im_start|>`, `<｜User｜>`, `[INST]`, `<<SYS>>`) are replaced by look-alikes that
 * no tokenizer or reader mistakes for structure. Ordinary text (including Chinese punctuation) is unchanged.
 */
export function neutraliseData(text: string): string {
  // One scan instead of five on the common case (ordinary text), as every prompt neutralises its history.
  if (!STRUCTURE_MARKER.test(text)) return text;
  return text
    .replace(/<{2,}/g, (run) => '‹'.repeat(run.length))
    .replace(/>{2,}/g, (run) => '›'.repeat(run.length))
    .replace(/<(\s*)([|｜])/g, '＜$1$2')
    .replace(/([|｜])(\s*)>/g, '$1$2＞')
    .replace(/\[(\/?)(INST|SYS)\]/gi, '［$1$2］');
}

/** The opening and closing fence lines of a data block; the nonce depends on the block's content. */
export function dataFences(label: string, content: string): { open: string; close: string } {
  const nonce = hashSeed('rlver-data-block', label, content).toString(16).padStart(8, '0');
  return { open: `<<<BEGIN ${label} ${nonce}>>>`, close: `<<<END ${label} ${nonce}>>>` };
}

/**
 * Wrap data (persona, background, history, analysis) in unique fences. The content is neutralised first,
 * so nothing inside can close the block or open a new one; the prompt tells the model that fenced text is
 * data, never instructions.
 */
export function fenceData(label: string, content: string): string {
  const safe = neutraliseData(content);
  const { open, close } = dataFences(label, safe);
  return `${open}\n${safe}\n${close}`;
}

/** Speaker names used in the rendered history (spec §3.10): agent turns `你` / `you`, model turns `NPC`. */
export interface HistorySpeakers {
  agent: string;
  model: string;
}

/**
 * Render dialogue history as the agent sees it (spec §3.10): a JSON array of `{role, content}` with speaker
 * names in `role`, pretty-printed with 2-space indent and non-ASCII unescaped — the same bytes as Python
 * `json.dumps(..., ensure_ascii=False, indent=2)`. Only `content` is rendered (never `think`, `planning`, …);
 * content is neutralised (a no-op for ordinary text; the policy's turns also lose any imitation of the judge's
 * fields, see `neutraliseJudgeFields`), and JSON escaping keeps every newline inside the string.
 */
export function renderHistory(history: readonly SimulatorMessage[], speakers: HistorySpeakers): string {
  const rendered = history.map((message) => ({
    role: message.role === 'user' ? speakers.agent : speakers.model,
    // The policy's turns may imitate the judge's fields (`Change: +100`): they are neutralised too.
    content: neutraliseData(message.role === 'user' ? message.content : neutraliseJudgeFields(message.content)),
  }));
  return JSON.stringify(rendered, null, 2);
}
