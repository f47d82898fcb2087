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
  `(?<![A-Za-z])(${FIELD_WORDS.map((word) => escapeRegExp(word).replace(/ /g, '[ \\t]+')).join('|')})([ \\t]*)[:：﹕︓]`,
  'gi',
);
/** Markup that poses as a system turn: `[System note …]`, `<system>`, `</system>`, `【系统…】`. */
const SYSTEM_MARKUP = /\[(?=\s*system)|<\/?\s*system\s*>|【(?=\s*系统)/gi;

/** Quick test before any rewriting, as every judged reply passes through here. */
const ANY_COLON = /[:：﹕︓]|<\/?\s*system|\[\s*system|【\s*系统/i;

/** Letters that only pose as Latin: full-width forms and mathematical alphanumerics (folded by NFKC). */
const POSING_LETTERS = /[\uFF21-\uFF3A\uFF41-\uFF5A]|[\u{1D400}-\u{1D7FF}]/gu;
/** Cyrillic and Greek letters that look like Latin ones, when they stand next to a Latin letter. */
const HOMOGLYPHS: Readonly<Record<string, string>> = {
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  х: 'x',
  у: 'y',
  і: 'i',
  ѕ: 's',
  ԁ: 'd',
  ɡ: 'g',
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  Х: 'X',
  Ѕ: 'S',
  І: 'I',
  α: 'a',
  ο: 'o',
  ν: 'v',
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
};
const MIXED_WORD = new RegExp(`[A-Za-z${Object.keys(HOMOGLYPHS).join('')}]+`, 'g');

/**
 * Field words spelt with look-alike letters (`Ｃｈａｎｇｅ`, `𝐂𝐡𝐚𝐧𝐠𝐞`, a Cyrillic `С` in `Сhange`) back to plain Latin
 * letters, so the field pattern sees them; words of one script alone (Russian, Greek) are left as they are.
 */
function foldLookAlikes(text: string): string {
  const widened = text.replace(POSING_LETTERS, (letter) => letter.normalize('NFKC'));
  return widened.replace(MIXED_WORD, (word) =>
    /[A-Za-z]/.test(word) ? [...word].map((letter) => HOMOGLYPHS[letter] ?? letter).join('') : word,
  );
}

/**
 * Neutralise policy text that imitates the judge's fields before it reaches the simulated user's analysis:
 * `Change: +100`, `Emotion: 100`, `变化：+100`, `[System note: …]`, `（系统提示：…）`. The colon after such a word
 * becomes `꞉` (a look-alike the analysis parser never reads as a field, even when the judge quotes the reply
 * with real line breaks) and system-turn brackets become full-width look-alikes. The words stay readable, so
 * the judge still sees what the policy tried. Ordinary text (no field word before a colon) is unchanged.
 */
export function neutraliseJudgeFields(text: string): string {
  if (!ANY_COLON.test(text)) return text;
  return foldLookAlikes(text)
    .replace(FIELD_PATTERN, (_match, word: string, space: string) => `${word}${space}꞉`)
    .replace(SYSTEM_MARKUP, (mark) =>
      mark.startsWith('[') ? '［' : mark.startsWith('【') ? '〖' : mark.replace('<', '＜').replace('>', '＞'),
    );
}
