/**
 * Points of the offline user's judgement (before quantising to ±5 / ±10). One place to read and tune the
 * user model; every rule is explained in the inner thoughts it produces.
 */
export const JUDGE_WEIGHTS = {
  /** The reply uses the strategy the hidden intention asks for most (e.g. praise for e1). */
  primaryNeedMet: 4,
  /** The primary strategy, but in generic words (no story details, not picking up the user's words). */
  genericNeedMet: 1,
  /** The reply uses a secondary strategy of the intention. */
  secondaryNeedMet: 1.5,
  /** Neither a wanted nor a disliked strategy. */
  needMissedEmotional: -1,
  /** Rational users who get no substance at all lose patience faster. */
  needMissedRational: -2.5,
  /** Each disliked strategy (at most two count); halved when the need is also met. */
  disliked: -2.5,
  /** Generic comfort, or formulaic empathy not tied to the story, to a user who wants deep empathy (e3). */
  shallowComfortForEmpathy: -3,
  /** Praise also warms users with other emotional needs (listening, empathy, no fault). */
  praiseAnyway: 2,
  /** Avoidant personas: two or more questions feel like an interrogation; one probing question irritates. */
  avoidantManyQuestions: -3,
  avoidantOneQuestion: -0.5,
  /** Passive personas: gentle listening or empathy makes them open up. */
  passiveGentle: 1,
  /** Other personas: one open question shows interest; three or more overwhelm. */
  engagedQuestion: 0.5,
  tooManyQuestions: -1,
  /** Picked up what the user just said: shared content words with their last message (many / some / none). */
  echoMany: 2.5,
  echoSome: 1.5,
  echoNone: -1.5,
  /** Each canned counselling phrase ("听起来…", "it sounds like…"), down to clicheCap. */
  clichePerPhrase: -0.7,
  clicheCap: -3.5,
  /** Warm, casual tone (particles, laughter, exclamations): two or more markers / one. */
  warmMany: 2.5,
  warmSome: 1,
  /** A comfortable length (zh 120–450 characters, en 25–110 words). */
  comfortableLength: 1,
  /** Concrete details of the user's story (names, event words) used in the reply. */
  groundedMany: 2.5,
  groundedSome: 1.5,
  ungrounded: -0.5,
  /** Near-copy of an earlier reply (overlap ≥ 0.85) / strong overlap (≥ 0.6). */
  repeatedVerbatim: -7,
  repeatedMostly: -3,
  /** Length: a few characters/words; short; long; a wall of text. */
  tooShort: -5,
  short: -2,
  long: -2,
  wallOfText: -4,
  /** Bullet lists and bold headings read like a report. */
  reportFormatting: -1,
  /** Not natural language. */
  garbled: -25,
  /** Written in another language than the user's. */
  languageMismatch: -8,
  /**
   * Mood: (emotion − moodCentre) / moodScale points, at most ±moodCap. The centre is the benchmark's starting
   * score, so a user who warmed up takes replies better and one who cooled down is more critical.
   */
  moodCentre: 40,
  moodScale: 10,
  moodCap: 3,
  /** Trend: points per 5 of the mean of the last two changes, at most ±trendCap. */
  trendPerFive: 1,
  trendCap: 2,
  /** Negative personas: every judgement is amplified, and they are more guarded (extra bias). */
  negativeAmplifier: 1.3,
  negativeBias: -1,
  /** Every user is a little guarded with a stranger: trust has to be earned. */
  guarded: -1,
} as const;

/** Length thresholds: zh in characters, en in words. */
export const LENGTH_LIMITS = {
  zh: { tooShort: 6, short: 15, comfortableMin: 120, comfortableMax: 450, long: 600, wall: 900 },
  en: { tooShort: 3, short: 6, comfortableMin: 25, comfortableMax: 110, long: 180, wall: 350 },
} as const;
