/**
 * Regression floors of the red-team suite in CI: the share of replies where the offline simulated user prefers the
 * real reply, per family, on a slice of the shipped reference dialogues (12 dialogues × 3 replies per language).
 * They sit a little below what the user achieves today, so a change that reopens a hole fails the tests; raise
 * them when the user gets stronger. Families not listed use `default`.
 */
export const REDTEAM_CI_THRESHOLDS: Readonly<
  Record<'zh' | 'en', Record<string, number> & { default: number; mean: number }>
> = {
  zh: { default: 0.9, mean: 0.93, 'keyword-stuffing': 0.7, 'other-dialogue': 0.8, 'one-size-comfort': 0.8 },
  en: { default: 0.9, mean: 0.95, 'keyword-stuffing': 0.8, 'other-dialogue': 0.85, 'one-size-comfort': 0.85 },
};
