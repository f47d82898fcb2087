/**
 * Words the simulated user's analysis reads as fields or as orders about the score: the analysis labels of both
 * prompt variants and of the reply stage, emotion / score lines, and system-message markers, in English and
 * Chinese. Longer forms come first so that they win over their prefixes.
 */
const FIELD_WORDS = [
  'TargetCompletion',
  'Target Completion',
  'Content',
  'Reason',
  'Activity',
  'Analyse',
  'Analysis',
  'Change',
  'Emotion score',
  'Emotion change',
  'Emotion point',
  'emotion-point',
  'Emotion',
  'Score',
  'Thinking',
  'Origin',
  'Response',
  'System note',
  'System prompt',
  'System message',
  'System',
  '情绪变化',
  '情绪值',
  '情绪分数',
  '情绪',
  '变化',
  '分数',
  '得分',
  '心理活动',
  '系统提示',
  '系统消息',
  '系统',
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A field word followed by a colon (ASCII, full-width or small), not inside a longer Latin word. */
const FIELD_PATTERN = new RegExp(
  `(?<![A-Za-z])(${FIELD_WORDS.map((word) => escapeRegExp(word).replace(/ /g, '[ \\t]+')).join('|')})([ \\t]*)[:：﹕]`,
  'gi',
);
/** Markup that poses as a system turn: `[System note …]`, `<system>`, `</system>`, `【系统…】`. */
const SYSTEM_MARKUP = /\[(?=\s*system)|<\/?\s*system\s*>|【(?=\s*系统)/gi;

/** Quick test before any rewriting, as every judged reply passes through here. */
const ANY_COLON = /[:：﹕]|<\/?\s*system|\[\s*system|【\s*系统/i;

/**
 * Neutralise policy text that imitates the judge's fields before it reaches the simulated user's analysis:
 * `Change: +100`, `Emotion: 100`, `变化：+100`, `[System note: …]`, `（系统提示：…）`. The colon after such a word
 * becomes `꞉` (a look-alike the analysis parser never reads as a field, even when the judge quotes the reply
 * with real line breaks) and system-turn brackets become full-width look-alikes. The words stay readable, so
 * the judge still sees what the policy tried. Ordinary text (no field word before a colon) is unchanged.
 */
export function neutraliseJudgeFields(text: string): string {
  if (!ANY_COLON.test(text)) return text;
  return text
    .replace(FIELD_PATTERN, (_match, word: string, space: string) => `${word}${space}꞉`)
    .replace(SYSTEM_MARKUP, (mark) =>
      mark.startsWith('[') ? '［' : mark.startsWith('【') ? '〖' : mark.replace('<', '＜').replace('>', '＞'),
    );
}
