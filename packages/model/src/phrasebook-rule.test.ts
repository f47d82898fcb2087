import { InvalidConfigError } from '@rlver/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodingRulesFromGenerationConfig, LogitsRules, type LogitsRulesConfig } from './logits-rules';
import { type Phrasebook, parsePhrasebook, phrasebookCandidates } from './phrasebook';
import {
  createRuleTestModels,
  expectScoresFollowRules,
  type RuleTestModels,
  sampleWithRules,
  scoringPaths,
} from './test/rule-scoring';
import { useTestBackend } from './test/test-backend';

const encoder = new TextEncoder();
const EOS = 1;
const REPLY_HEADER = [2, 3];
const USER_HEADER = [4, 5];
const THINK = { open: 6, close: 7 };
/** 50 ids: specials, then single characters and word pieces (so a candidate has many tokenisations), distractors. */
const PIECES: (string | undefined)[] = [
  ' ',
  undefined,
  undefined,
  undefined,
  undefined,
  undefined,
  undefined,
  undefined,
  ...'YoudiwelthcpSTmsa?Cr!bk.'.split(''),
  ' the',
  ' cup',
  'You',
  ' did',
  ' well',
  ' with',
  'Tom',
  ' said',
  'Cheer',
  ' up',
  ' dog',
  ' ran',
  'zz',
  '你',
  'n',
  ' cu',
  'p.',
  'at?',
];
const TOKEN_BYTES = PIECES.map((piece) => (piece === undefined ? undefined : encoder.encode(piece)));

/** Greedy longest-piece encoding of `text`. */
function encode(text: string): number[] {
  const ids: number[] = [];
  let rest = text;
  while (rest.length > 0) {
    let best = -1;
    PIECES.forEach((piece, id) => {
      if (piece && rest.startsWith(piece) && (best < 0 || piece.length > (PIECES[best] as string).length)) best = id;
    });
    if (best < 0) throw new Error(`no piece for "${rest}"`);
    ids.push(best);
    rest = rest.slice((PIECES[best] as string).length);
  }
  return ids;
}

const decode = (ids: readonly number[]) =>
  new TextDecoder().decode(
    Uint8Array.from(ids.flatMap((id) => [...(TOKEN_BYTES[id] ?? encoder.encode(id === EOS ? '' : '\u0000'))])),
  );

const PHRASEBOOK: Phrasebook = {
  version: 1,
  names: { en: ['Tom'], zh: [] },
  templates: {
    en: [
      { strategy: 'praise', kind: 'grounded', text: 'You did well with {thing}.' },
      { strategy: 'question', kind: 'grounded', text: 'So {name} said that?' },
      { strategy: 'validation', kind: 'grounded', text: 'You did well with {bit} and {name}.' },
      { strategy: 'generic_comfort', kind: 'stock', text: 'Cheer up!' },
    ],
    zh: [{ strategy: 'generic_comfort', kind: 'stock', text: '你' }],
  },
};
const USER = 'Tom broke the cup and the mat.';
const CANDIDATES = [
  'You did well with the cup.',
  'So Tom said that?',
  'You did well with the mat and Tom.',
  'Cheer up!',
];
const PROMPT = [...USER_HEADER, ...encode(USER), EOS, ...REPLY_HEADER];
/** The same dialogue after the assistant already said "Cheer up!" and the user spoke again. */
const LATER_PROMPT = [
  ...USER_HEADER,
  ...encode(USER),
  EOS,
  ...REPLY_HEADER,
  ...encode('Cheer up!'),
  EOS,
  ...USER_HEADER,
  ...encode('Tom said the cup.'),
  EOS,
  ...REPLY_HEADER,
];

function rulesWith(
  config: Partial<LogitsRulesConfig>,
  phrasebook: Phrasebook | null = PHRASEBOOK,
  replyTokenBudget?: number,
  acceptPhrasebookReply?: (reply: string) => boolean,
): LogitsRules {
  return new LogitsRules({
    config: {
      noRepeatNgramSize: 0,
      earlierReplyNgramSize: 0,
      maxTokenRun: 0,
      script: false,
      quoteMinUnits: 0,
      ...config,
    },
    tokenBytes: TOKEN_BYTES,
    replyHeader: REPLY_HEADER,
    replyEnd: [EOS],
    userHeader: USER_HEADER,
    phrasebook: phrasebook ?? undefined,
    thinkTokens: THINK,
    replyTokenBudget,
    acceptPhrasebookReply,
  });
}

let models: RuleTestModels;
beforeAll(async () => {
  await useTestBackend();
  models = createRuleTestModels(5);
});
afterAll(() => {
  models.model.dispose();
  models.copyModel.dispose();
});

describe('phrasebookCandidates', () => {
  it('fills templates from the user’s words only, drops those with an empty slot and the replies already said', () => {
    const messages = [{ role: 'user' as const, content: USER }];
    expect(phrasebookCandidates(PHRASEBOOK, messages, 'en').map((candidate) => candidate.reply)).toEqual(CANDIDATES);
    // No name said: the templates with {name} are left out.
    const nameless = phrasebookCandidates(PHRASEBOOK, [{ role: 'user', content: 'I broke the cup.' }], 'en');
    expect(nameless.map((candidate) => candidate.reply)).toEqual(['You did well with the cup.', 'Cheer up!']);
    const later = [...messages, { role: 'assistant' as const, content: 'Cheer up!' }];
    expect(phrasebookCandidates(PHRASEBOOK, later, 'en').map((candidate) => candidate.reply)).not.toContain(
      'Cheer up!',
    );
  });

  it('says the thing once: in a template of the bit alone when the user said no other piece, never in both slots', () => {
    const book: Phrasebook = {
      ...PHRASEBOOK,
      templates: {
        ...PHRASEBOOK.templates,
        en: [
          { strategy: 'validation', kind: 'grounded', text: 'Anyone who went through {bit} would feel the same.' },
          { strategy: 'advice', kind: 'grounded', text: 'Break {thing} into steps; start with {bit}.' },
        ],
      },
    };
    const replies = phrasebookCandidates(book, [{ role: 'user', content: 'I broke the cup.' }], 'en').map(
      (candidate) => candidate.reply,
    );
    expect(replies).toEqual(['Anyone who went through the cup would feel the same.']);
  });

  it('refuses a phrasebook with an unknown slot or a wrong shape, naming the file and the fix', () => {
    const broken = {
      ...PHRASEBOOK,
      templates: { ...PHRASEBOOK.templates, en: [{ strategy: 'x', kind: 'stock', text: 'Hi {place}' }] },
    };
    expect(() => parsePhrasebook(broken, '/ckpt/phrasebook.json')).toThrow(/phrasebook\.json.*\{place\}/);
    expect(() => parsePhrasebook({ version: 2 }, '/ckpt/phrasebook.json')).toThrow(/build-phrasebook\.ts/);
  });
});

describe('LogitsRules with the phrasebook rule', () => {
  const rules = rulesWith({ phrasebook: true });
  const allowedText = (ids: readonly number[]) =>
    (rules.ruleAt(ids, ids.length - 1)?.allowed ?? []).map((id) => PIECES[id] ?? `<${id}>`);

  it('should allow only the candidates’ continuations, and the end only where a candidate ends', () => {
    expect(allowedText(PROMPT).sort()).toEqual(['<6>', 'C', 'Cheer', 'S', 'Y', 'You'].sort());
    const afterCup = [...PROMPT, ...encode('You did well with the cu')];
    expect(allowedText(afterCup)).toEqual(['p', 'p.']);
    const complete = [...PROMPT, ...encode('You did well with the cup.')];
    expect(rules.ruleAt(complete, complete.length - 1)?.allowed).toEqual([EOS]);
    // Outside a reply there is no rule.
    expect(rules.ruleAt(PROMPT, 3)).toBeUndefined();
  });

  it('should leave out the replies already said in the dialogue', () => {
    const ids = [...LATER_PROMPT, ...encode('Chee')];
    // "Cheer up!" was said: no candidate continues "Chee".
    expect(allowedText(LATER_PROMPT)).not.toContain('C');
    expect(rules.ruleAt(ids, ids.length - 1)?.allowed).toBeUndefined();
  });

  it('should leave out the replies said before the prompt’s window when the policy notes them', () => {
    // The window kept only the last user turn; "Cheer up!" was said before it.
    const windowed = rulesWith({ phrasebook: true });
    expect(windowed.phrasebookReplies(PROMPT)).toContain('Cheer up!');
    windowed.noteRepliesBeforeWindow(PROMPT, ['<think>x</think> Cheer up! ']);
    expect(windowed.phrasebookReplies(PROMPT)).toEqual(CANDIDATES.filter((reply) => reply !== 'Cheer up!'));
    // Sampling and scoring read the same mask: no token continues "Chee" at the reply's start or after it.
    const allowedAt = (ids: readonly number[]) =>
      (windowed.ruleAt(ids, ids.length - 1)?.allowed ?? []).map((id) => PIECES[id]);
    expect(allowedAt(PROMPT)).not.toContain('C');
    expect(allowedAt(PROMPT)).not.toContain('Cheer');
    const scored = windowed.rowRules([...PROMPT, ...encode('So Tom said that?'), EOS]);
    const first = scored[PROMPT.length - 1]?.allowed?.map((id) => PIECES[id]);
    expect(first).toContain('S');
    expect(first).not.toContain('C');
    // Another dialogue's window is not touched.
    expect(windowed.phrasebookReplies(LATER_PROMPT)).toEqual(rules.phrasebookReplies(LATER_PROMPT));
  });

  it('should leave the think block free and start the candidates after </think>', () => {
    const thinking = [...PROMPT, THINK.open, ...encode('zz dog')];
    expect(rules.ruleAt(thinking, thinking.length - 1)?.allowed).toBeUndefined();
    const closed = [...thinking, THINK.close];
    expect(allowedText(closed)).toEqual(expect.arrayContaining(['You', 'C', ' ']));
    expect(allowedText(closed)).not.toContain('zz');
  });

  it('should let the other rules narrow the set, but never empty it', () => {
    // With a 2-token run limit, "p" after "p" is banned where it is not the only way on.
    const narrowed = rulesWith({ phrasebook: true, maxTokenRun: 1 });
    const ids = [...PROMPT, ...encode('Cheer u')];
    expect(narrowed.ruleAt(ids, ids.length - 1)?.allowed?.length).toBeGreaterThan(0);
  });

  it('should refuse the rule without a phrasebook, naming the field and the file', () => {
    expect(() => rulesWith({ phrasebook: true }, null)).toThrow(InvalidConfigError);
    expect(() => rulesWith({ phrasebook: true }, null)).toThrow(/phrasebook\.json/);
  });

  it('should read the rule back from generation_config.json', () => {
    const config = decodingRulesFromGenerationConfig({ rlver_decoding_rules: { phrasebook: true } }, 'g.json');
    expect(config?.phrasebook).toBe(true);
    expect(() => decodingRulesFromGenerationConfig({ rlver_decoding_rules: { phrasebook: 1 } }, 'g.json')).toThrow(
      /g\.json.*phrasebook/,
    );
  });
});

/**
 * The reply text of a sampled row (after `</think>`, leading whitespace off; undefined while the think block is open),
 * and whether it ended (EOS).
 */
function replyOf(outputIds: readonly number[]): { text: string | undefined; ended: boolean } {
  const ended = outputIds.at(-1) === EOS;
  let body = ended ? outputIds.slice(0, -1) : [...outputIds];
  if (body[0] === THINK.open) {
    const close = body.indexOf(THINK.close);
    if (close < 0) return { text: undefined, ended };
    body = body.slice(close + 1);
  }
  return { text: decode(body).trimStart(), ended };
}

describe('generate with the phrasebook rule', () => {
  const prompts = Array.from({ length: 12 }, (_, index) => (index % 3 === 2 ? LATER_PROMPT : PROMPT));
  for (const [name, rows] of [
    ['tensor sampler (12 rows)', prompts],
    ['JS sampler (4 rows)', prompts.slice(0, 4)],
  ] as const) {
    it(`should only ever sample a candidate of its dialogue: ${name}`, async () => {
      const free = await sampleWithRules(models.model, undefined, [...rows], 7, [EOS]);
      // Without the rule these rows are not candidates (else this test could not fail).
      expect(free.some((result) => !CANDIDATES.includes(replyOf(result.outputIds).text ?? ''))).toBe(true);
      let ended = 0;
      let thought = 0;
      for (const seed of [7, 8, 9]) {
        const ruled = await sampleWithRules(models.model, rulesWith({ phrasebook: true }), [...rows], seed, [EOS]);
        for (const [index, result] of ruled.entries()) {
          const reply = replyOf(result.outputIds);
          if (result.outputIds[0] === THINK.open) thought += 1;
          if (reply.text === undefined) continue;
          const candidates =
            rows[index] === LATER_PROMPT ? CANDIDATES.filter((text) => text !== 'Cheer up!') : CANDIDATES;
          if (reply.ended) {
            ended += 1;
            expect(candidates).toContain(reply.text);
          } else expect(candidates.some((candidate) => candidate.startsWith(reply.text as string))).toBe(true);
        }
      }
      expect(ended).toBeGreaterThan(0);
      expect(thought).toBeLessThan(rows.length * 3);
    });
  }
});

describe('scoreSequences with the phrasebook rule', () => {
  for (const [name, target, share] of scoringPaths(() => models)) {
    it(`should equal the renormalised masked log-softmax and the sampled log-probs: ${name}`, async () => {
      const ruledPositions = await expectScoresFollowRules({
        target: target(),
        rules: rulesWith({ phrasebook: true, noRepeatNgramSize: 3, maxTokenRun: 2 }),
        prompts: [PROMPT, PROMPT, LATER_PROMPT, PROMPT, LATER_PROMPT, PROMPT],
        sharePrefixes: share,
        pad: EOS,
        counts: (rule) => rule?.allowed !== undefined,
      });
      expect(ruledPositions).toBeGreaterThan(20);
    });
  }
});

describe('the phrasebook rule within a reply budget', () => {
  /** Walk the rule from `prompt`, taking a seeded random allowed token each time; the reply's ids (end included). */
  function randomWalk(rules: LogitsRules, prompt: readonly number[], seed: number, limit: number): number[] {
    let state = seed;
    const next = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    const ids = [...prompt];
    for (let step = 0; step < limit; step += 1) {
      const allowed = (rules.ruleAt(ids, ids.length - 1)?.allowed ?? []).filter((id) => id !== THINK.open);
      // Prefer the finest tokens (short pieces, the longest paths), and end only where nothing else is allowed.
      const going = allowed.filter((id) => id !== EOS);
      const pool = going.length > 0 ? going : allowed;
      const shortest = Math.min(...pool.map((id) => TOKEN_BYTES[id]?.length ?? 0));
      const finest = pool.filter((id) => (TOKEN_BYTES[id]?.length ?? 0) === shortest);
      const from = next() < 0.8 ? finest : pool;
      const choice = from[Math.floor(next() * from.length)];
      if (choice === undefined) break;
      ids.push(choice);
      if (choice === EOS) break;
    }
    return ids.slice(prompt.length);
  }

  it('should end every allowed path, end token included, within the budget', () => {
    const budget = 14;
    const unbounded = rulesWith({ phrasebook: true });
    // Without the budget, fine tokenisations of the long candidates run past it (else this test could not fail).
    const free = Array.from({ length: 40 }, (_, seed) => randomWalk(unbounded, PROMPT, seed + 1, 64));
    expect(free.some((reply) => reply.length > budget)).toBe(true);
    const bounded = rulesWith({ phrasebook: true }, PHRASEBOOK, budget);
    for (const prompt of [PROMPT, LATER_PROMPT]) {
      for (let seed = 1; seed <= 40; seed += 1) {
        const reply = randomWalk(bounded, prompt, seed, 64);
        expect(reply.length).toBeLessThanOrEqual(budget);
        expect(reply.at(-1)).toBe(EOS);
        expect(CANDIDATES).toContain(decode(reply.slice(0, -1)));
      }
    }
  });

  it('should leave out, from the first token, the candidates that cannot fit', () => {
    // "Cheer up!" is 3 tokens at its coarsest, 4 with the end: the only candidate within 4 tokens.
    const rules = rulesWith({ phrasebook: true }, PHRASEBOOK, 4);
    const allowed = (rules.ruleAt(PROMPT, PROMPT.length - 1)?.allowed ?? []).map((id) => PIECES[id] ?? `<${id}>`);
    expect(allowed.sort()).toEqual(['<6>', 'Cheer'].sort());
    const cheer = [...PROMPT, ...encode('Cheer')];
    expect((rules.ruleAt(cheer, cheer.length - 1)?.allowed ?? []).map((id) => PIECES[id])).toEqual([' up']);
  });

  it('should refuse a budget that is no positive integer', () => {
    expect(() => rulesWith({ phrasebook: true }, PHRASEBOOK, 0)).toThrow(/maxNewTokens/);
  });
});

describe('phrasebook candidates and the injected filter', () => {
  it('should offer only the candidates the filter it was built with accepts', () => {
    const stuttering = 'Ask yourself what what happened is teaching you.';
    const withStutter: Phrasebook = {
      ...PHRASEBOOK,
      templates: {
        ...PHRASEBOOK.templates,
        en: [...PHRASEBOOK.templates.en, { strategy: 'guided_reflection', kind: 'stock', text: stuttering }],
      },
    };
    const messages = [{ role: 'user' as const, content: USER }];
    // The template itself is offered by the plain candidate builder …
    expect(phrasebookCandidates(withStutter, messages, 'en').map((candidate) => candidate.reply)).toContain(stuttering);
    // … and by a rule built without a filter …
    expect(rulesWith({ phrasebook: true }, withStutter).phrasebookReplies(PROMPT)).toContain(stuttering);
    // … but never by a rule whose filter refuses it (the policy layer injects the project's audit here).
    const noStutter = (reply: string) => !/\b(\w+) \1\b/u.test(reply);
    const rules = rulesWith({ phrasebook: true }, withStutter, undefined, noStutter);
    expect(rules.phrasebookReplies(PROMPT)).toEqual(CANDIDATES);
  });
});
