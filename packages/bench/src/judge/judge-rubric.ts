/** The five capability dimensions named by RLVER (spec §7.4); the rubric is the project's own (spec §10 #1). */
export const CAPABILITIES = [
  'empathic_depth',
  'core_insight',
  'solution_crafting',
  'style_adaptability',
  'dialogue_guidance',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** Definition and score anchors of one capability. Mirrored in packages/bench/docs/judge-rubric.md. */
export interface CapabilityRubric {
  title: string;
  definition: string;
  /** What a 1–3, 4–6, 7–8 and 9–10 look like. */
  anchors: readonly [string, string, string, string];
}

export const CAPABILITY_RUBRIC: Readonly<Record<Capability, CapabilityRubric>> = {
  empathic_depth: {
    title: 'Empathic depth',
    definition:
      'How precisely the assistant recognises and reflects the specific feelings behind what the user says, beyond generic sympathy.',
    anchors: [
      'Ignores or misreads the feelings, or answers with stock phrases ("that must be hard").',
      'Names a plausible feeling but stays general; little connection to the details the user gave.',
      "Reflects specific feelings tied to the user's own details; the user would feel understood.",
      'Captures layered or unspoken feelings accurately and warmly, and keeps doing so as the dialogue develops.',
    ],
  },
  core_insight: {
    title: 'Core insight',
    definition:
      'Whether the assistant grasps what the user really needs or is really troubled by (the underlying issue, often unstated), not just the surface topic.',
    anchors: [
      'Responds only to the literal surface of each message; misses the point.',
      'Touches on the underlying issue now and then, without following it up.',
      'Identifies the underlying need and addresses it for most of the dialogue.',
      'Pinpoints the core need early, articulates it tactfully, and keeps the dialogue centred on it.',
    ],
  },
  solution_crafting: {
    title: 'Solution crafting',
    definition:
      'Quality and fit of concrete help: suggestions, reframes or next steps that are specific, feasible and offered when the user is ready for them.',
    anchors: [
      'No help, or advice that is generic, premature, preachy or unrealistic for this person.',
      'Some sensible suggestions, but generic or pushed before the user was ready.',
      'Specific, feasible suggestions adapted to the situation and timed reasonably.',
      'Well-timed, tailored and actionable help the user can accept, co-developed rather than imposed.',
    ],
  },
  style_adaptability: {
    title: 'Style adaptability',
    definition:
      'How well tone, length and register fit this user and their current mood (casual vs. formal, brief vs. detailed, playful vs. serious), and adjust when the mood shifts.',
    anchors: [
      'One rigid style regardless of the user: lecture-like, overly long, or mismatched in tone.',
      "Mostly appropriate tone but little adjustment to the user's mood or way of talking.",
      'Tone and length fit the user and shift sensibly with their mood.',
      'Feels like a natural conversation partner for this specific person throughout.',
    ],
  },
  dialogue_guidance: {
    title: 'Dialogue guidance',
    definition:
      'How well the assistant steers the conversation: inviting the user to open up, asking purposeful questions, keeping momentum, and moving toward relief or resolution without being pushy.',
    anchors: [
      'Passive or chaotic: no direction, repetitive questions, or abrupt topic changes.',
      'Some useful questions, but the conversation drifts or stalls.',
      'Purposeful questions and transitions that keep the user engaged and moving forward.',
      'Skilfully paced guidance that deepens the talk and leads it to a satisfying point.',
    ],
  },
};

/** The rubric as prompt text (English; the judge is told the dialogue may be in Chinese). */
export function renderRubric(): string {
  return CAPABILITIES.map((capability) => {
    const rubric = CAPABILITY_RUBRIC[capability];
    const [low, middle, good, excellent] = rubric.anchors;
    return [
      `### ${capability} (${rubric.title})`,
      rubric.definition,
      `- 1–3: ${low}`,
      `- 4–6: ${middle}`,
      `- 7–8: ${good}`,
      `- 9–10: ${excellent}`,
    ].join('\n');
  }).join('\n\n');
}
