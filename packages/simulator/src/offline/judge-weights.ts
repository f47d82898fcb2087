/**
 * Points of the offline user's judgement (before quantising to ±5 / ±10). One place to read and tune the
 * user model; every rule is explained in the inner thoughts it produces.
 */
export const JUDGE_WEIGHTS = {
  /** The reply uses the strategy the hidden intention asks for most (e.g. praise for e1). */
  primaryNeedMet: 6,
  /** The reply uses a secondary strategy of the intention. */
  secondaryNeedMet: 3,
  /** Neither a wanted nor a disliked strategy. */
  needMissed: -2,
  /** Each disliked strategy (at most two count); halved when the need is also met. */
  disliked: -4,
  /** Generic comfort, or formulaic empathy not tied to the story, to a user who wants deep empathy (e3). */
  shallowComfortForEmpathy: -3,
  /** Specific praise feels good to most users (those wanting analysis or self-reflection excepted). */
  praiseAnyway: 2,
  /** Avoidant personas: two or more questions feel like an interrogation; one probing question irritates. */
  avoidantManyQuestions: -4,
  avoidantOneQuestion: -1,
  /** Passive personas: gentle listening or empathy makes them open up. */
  passiveGentle: 2,
  /** Other personas: one open question shows interest; three or more overwhelm. */
  engagedQuestion: 1,
  tooManyQuestions: -1,
  /** Picked up what the user just said: shared content words with their last message (many / some / none). */
  echoMany: 3,
  echoSome: 1.5,
  echoNone: -2,
  /** Each canned counselling phrase ("听起来…", "it sounds like…"), down to clicheCap. */
  clichePerPhrase: -0.7,
  clicheCap: -3.5,
  /** Warm, casual tone (particles, laughter, exclamations): two or more markers / one. */
  warmMany: 2,
  warmSome: 1,
  /** A comfortable length (zh 120–450 characters, en 25–110 words). */
  comfortableLength: 1,
  /** Concrete details of the user's story (names, event words) used in the reply. */
  groundedMany: 3,
  groundedSome: 1.5,
  ungrounded: -1.5,
  /** Near-copy of an earlier reply (overlap ≥ 0.85) / strong overlap (≥ 0.6). */
  repeatedVerbatim: -8,
  repeatedMostly: -4,
  /** Length: a few characters/words; short; long; a wall of text. */
  tooShort: -5,
  short: -2,
  long: -2,
  wallOfText: -4,
  /** Bullet lists and bold headings read like a report. */
  reportFormatting: -2,
  /** Not natural language. */
  garbled: -25,
  /** Written in another language than the user's. */
  languageMismatch: -8,
  /** Mood: (emotion − 50) / moodScale points, at most ±moodCap. */
  moodScale: 12,
  moodCap: 3,
  /** Trend: mean of the last two changes / 5, at most ±trendCap. */
  trendCap: 2,
  /** Negative personas: everything hits harder, and they start from a grumpier baseline. */
  negativeAmplifier: 1.4,
  negativeBias: -1.5,
  /** Passive and avoidant personas are more tolerant listeners. */
  tolerantBias: 0.5,
} as const;

/** Length thresholds: zh in characters, en in words. */
export const LENGTH_LIMITS = {
  zh: { tooShort: 6, short: 15, comfortableMin: 120, comfortableMax: 450, long: 600, wall: 900 },
  en: { tooShort: 4, short: 8, comfortableMin: 25, comfortableMax: 110, long: 180, wall: 350 },
} as const;
