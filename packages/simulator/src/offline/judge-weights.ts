/**
 * Points of the offline user's judgement (before quantising to ±5 / ±10). One place to read and tune the
 * user model; every rule is explained in the inner thoughts it produces.
 */
export const JUDGE_WEIGHTS = {
  /** The reply uses the strategy the hidden intention asks for most (e.g. praise for e1). */
  primaryNeedMet: 5,
  /** The primary strategy, but in generic words (no story details, not picking up the user's words). */
  genericNeedMet: 3,
  /** The reply uses a secondary strategy of the intention. */
  secondaryNeedMet: 2,
  /** Neither a wanted nor a disliked strategy. */
  needMissedEmotional: -2,
  /** Rational users who get no substance at all lose patience faster. */
  needMissedRational: -2.5,
  /** Each disliked strategy (at most two count); times dislikedWhenMet when the need is also met. */
  disliked: -2.5,
  /** Share of a disliked strategy's points that still counts when the need is met in the same reply. */
  dislikedWhenMet: 0.5,
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
  engagedQuestion: 1,
  tooManyQuestions: -1,
  /** Picked up what the user just said: shared content words with their last message (many / some / none). */
  echoMany: 2,
  echoSome: 1.5,
  echoNone: -1.5,
  /** Per support strategy beyond focusedLabels in one reply (a bit of everything feels scattered), to scatteredCap. */
  focusedLabels: 2,
  scatteredPerLabel: -1,
  scatteredCap: -2.5,
  /** Each canned counselling phrase ("听起来…", "it sounds like…"), down to clicheCap. */
  clichePerPhrase: -1,
  clicheCap: -4,
  /** Warm, casual tone (particles, laughter, exclamations): two or more markers / one. */
  warmMany: 1.5,
  warmSome: 0.75,
  /** A comfortable length (zh 120–450 characters, en 25–110 words). */
  comfortableLength: 1,
  /** Concrete details of the user's story (names, event words) used in the reply. */
  groundedMany: 1.5,
  groundedSome: 1,
  ungrounded: -0.5,
  /**
   * Per earlier near-copy of the reply (overlap ≥ 0.85) / strong overlap (≥ 0.6), down to repetitionCap. The recorded
   * SAGE judge takes a reply much like an earlier one mildly (−2.3 on average against −0.2 overall, 445 turns), so
   * saying much the same again costs little more than the good points it no longer earns.
   */
  repeatedVerbatim: -1,
  repeatedMostly: -0.75,
  repetitionCap: -2,
  /** A near-copy also fades the reply's good points (good mood included) by copies / (copies + repetitionFadeOffset). */
  repetitionFadeOffset: 4,
  /** Length: a few characters/words; short; long; a wall of text. */
  tooShort: -5,
  short: -2,
  long: -1.5,
  wallOfText: -3,
  /** Bullet lists and bold headings read like a report. */
  reportFormatting: -1,
  /** Not natural language. */
  garbled: -25,
  /**
   * A reply with an integrity problem (broken text, cut off, aimed at the judge, parroting, people from another
   * conversation, fragments, the other language): its good points are dropped and this is added (the lowest change).
   */
  brokenReply: -20,
  /**
   * An earlier reply said again word for word: its good points dropped, not sunk like broken text; the mood still
   * colours it (the recorded judge gives such a repeat −2.8 on average, −5 mostly, +5 in a good mood: 224 turns), but
   * it never gains: at most repeatedReplyMax.
   */
  repeatedReply: -6,
  /** Each further earlier copy of the same reply: saying it a third time wears thinner still. */
  repeatedReplyEach: -3,
  repeatedReplyMax: -1,
  /** Per earlier reply that started with the same sentence, down to sameOpeningCap. */
  sameOpening: -1,
  sameOpeningCap: -3,
  /**
   * The policy's earlier reply said again in other slot words (same frame once the user's words are set aside, or
   * the same opening clause; `saidBefore`), to a user who is not cooling: its good points fade by n / (n + fadeOffset)
   * for n earlier such replies, and each costs `each` flat, down to `cap`, so a repeat of a repeat cools further.
   */
  saidBeforeWarm: { each: -2, cap: -6, fadeOffset: 1 },
  /**
   * The same, when the user is already cooling (a negative `mood`): each repeat costs a full step (−5, down to −10)
   * and the good points fade by n / (n + 0.5). A warm user forgives a formula; a cold one hears it as not being
   * listened to. The oracle (warm most of the time) keeps its successes; the red team's cross-turn copies, mostly
   * judged in cold states, lose (`2026-11-27-last-straw.md`).
   */
  saidBeforeCold: { each: -5, cap: -10, fadeOffset: 0.5 },
  /** Lowest score of an intact reply (above the −20 change reserved for garbled and broken replies). */
  intactFloor: -17.5,
  /**
   * One-size-fits-all stock text (about nothing of this user's, fitting other dialogues as well) that misses the
   * need and reads as stock comfort or a disliked strategy: held here, the bottom of an intact reply's range, which
   * is the −20 step (noise included) but −18 under the `fine` resolution (−19 and −20 stay broken text's).
   */
  oneSizeFloor: -19,
  /** Each further integrity problem of the same reply. */
  furtherIssue: -2,
  /** A broken quote in a long reply that is mostly its own words (`ReplyIntegrity.quoteSlip`): a charge, not a sinking. */
  quoteSlip: -5,
  /** Story details used + words of the user's last message picked up that make a reply fully about this user. */
  engagedUnits: { zh: 4, en: 3 },
  /** Reply length (zh characters, en words) per unit of engagement it calls for (at least 1 unit). */
  engagedLength: { zh: 50, en: 15 },
  /** Share of the good points lost by a reply with no engagement at all (in proportion below engagedUnits). */
  disengagedFade: 0.5,
  /** Flat cost of a reply with no engagement at all (in proportion below engagedUnits). */
  disengaged: 1,
  /**
   * Flat cost of one-size stock text that gives the user nothing they want (`stock-strategy`), added to its good points
   * charged back: the reason is −(good + stockStrategy).
   */
  stockStrategy: 3,
  /**
   * Longest reply (zh characters, en words) the `stock-strategy` charge applies to: the trained policy writes 64 tokens
   * at most; strong models' long SAGE replies that the relevance measure calls one-size are left to the engagement fade.
   */
  stockStrategyMaxLength: { zh: 60, en: 40 },
  /**
   * Share of a reply's content units (zh bigrams, en word stems) that are the user's own last message: from
   * `start` on, good points fade and a cost grows, reaching `cost` (all good points gone) at `full`. Strong models'
   * replies stay below 0.15 (zh, SAGE transcripts, 99th percentile) and 0.55 (en reference replies), degenerate echoes
   * (a warm opener and most of the last message) above 0.62 (zh) and 0.5 (en, 95 %); a reply that
   * is mostly the user's words said back is not listening.
   */
  echoShare: { zh: { start: 0.45, full: 0.7 }, en: { start: 0.55, full: 0.85 } },
  /**
   * The same fade by the share of the reply that is the user's words from any of their messages, "I"/"you" folded and
   * quotes left out (`borrowedWords`): retelling one thing the user said inside the reply's own sentence is listening;
   * a reply that is mostly the user's clauses handed back is not.
   */
  borrowedShare: { zh: { start: 0.35, full: 0.8 }, en: { start: 0.4, full: 0.9 } },
  echoShareCost: -10,
  /** Fewest content units a reply needs before its echo share counts. */
  echoShareMinUnits: 3,
  /** Written in another language than the user's. */
  languageMismatch: -8,
  /**
   * Mood: per 10 points of emotion above / below the dialogue's starting score (moodCentre when not given: the
   * benchmark's 40), capped. A user who warmed up takes replies generously; one who cooled down is harder to reach.
   * The recorded SAGE judge's change follows its current emotion closely (per-turn Spearman 0.51 between the emotion a
   * reply is judged in and the recorded change, more than any reply feature), so the cooled side weighs as much as the
   * need. The warm side stays where it was: stronger, it lifted other dialogues' replies to ties at +10 in the red-team
   * suite (docs/decisions/2026-11-27-mood-momentum-fidelity.md).
   */
  moodCentre: 40,
  moodUp: { per: 1, cap: 2 },
  moodDown: { per: 2, cap: 6 },
  /**
   * Trend: per 5 of the weighted mean of the last two changes (the last one `trendLastWeight`, the one before the
   * rest), capped. Emotional momentum: the recorded judge carries its last change forward (Spearman 0.55 between
   * consecutive recorded changes in the published SAGE files, turns 2 on).
   */
  trendUp: { per: 4, cap: 6 },
  trendDown: { per: 6, cap: 10 },
  trendLastWeight: 0.7,
  /**
   * Share of a bad mood (falling trend, emotion below the start) that a reply meeting the need escapes (in
   * proportion to how well it meets it): a matching reply is taken better in any mood, so recovery stays possible,
   * but a cold user is not won back by one good reply either.
   */
  moodReliefWhenMet: 0.5,
  /**
   * Another person's story (`foreignStory`): a reply that takes up at most `maxPickedUp` content units of the user's
   * last message and brings words of situations this dialogue never had costs `points` × a ramp of their number
   * from `start` to `full`. Fit on strong models' zh SAGE replies and other dialogues' replies in the same states
   * (2026-11-26): the red-team other-dialogue family 70.9 → 80 % with per-turn ρ up, not down (see
   * docs/decisions/2026-11-26-borrowed-words-and-made-up-quotes.md).
   */
  foreignStory: { maxPickedUp: 1, start: 5, full: 9, points: -10 },
  /**
   * When `foreignStory` charges a reply, it is written to someone else and sinks to `oneSizeFloor` if, besides, it
   * takes up less than `maxShare` of a last message offering at least `minOffered` (idf² over the scenario pool,
   * `answerCoverage`), its relevance margin to this user's story and messages is `sinkMargin` or lower, and it brings
   * `sinkForeign` or more words of another life. zh only: measured on the zh SAGE transcripts
   * (docs/decisions/2026-11-26-coherence-with-this-dialogue.md); en has no such measurement yet.
   */
  answerMiss: {
    zh: { maxShare: 0.03, minOffered: 400, sinkMargin: 2.5, sinkForeign: 7 },
    en: undefined,
  } as {
    readonly [lang in 'zh' | 'en']:
      | {
          maxShare: number;
          minOffered: number;
          sinkMargin: number;
          sinkForeign: number;
        }
      | undefined;
  },
  /** Negative personas: every judgement is amplified, and they are more guarded (extra bias). */
  negativeAmplifier: 1.3,
  negativeBias: -1,
  /** Every user is a little guarded with a stranger: trust has to be earned. */
  guarded: -0.5,
} as const;

/** Length thresholds: zh in characters, en in words. */
export const LENGTH_LIMITS = {
  zh: { tooShort: 6, short: 15, comfortableMin: 120, comfortableMax: 450, long: 600, wall: 900 },
  en: { tooShort: 3, short: 6, comfortableMin: 25, comfortableMax: 110, long: 180, wall: 350 },
} as const;
