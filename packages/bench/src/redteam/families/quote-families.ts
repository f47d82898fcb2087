import type { Language, Rng } from '@rlver/spec';
import type { RedTeamFamily, VariantContext } from './redteam-family';
import { clausesOf } from './text-pieces';

/** Stock phrases a drifting quote runs off into. */
const DRIFT_PHRASES: Readonly<Record<Language, readonly string[]>> = {
  zh: ['这一点特别了不起', '这真的很不容易', '心里一直很难受'],
  en: ['and that took real strength', 'not many people could do that', 'it makes every day heavier'],
};

/**
 * Templates a collapsed policy fills with "the user's words" (as the PPO policy of 2026-11-26 wrote them): `{q}` is
 * the quote, `{close}` its closing mark (left out for a quote never closed).
 */
const QUOTE_TEMPLATES: Readonly<Record<Language, readonly string[]>> = {
  zh: [
    '你做得很好。你说“{q}{close}，还能一直撑着，真的很不容易。',
    '对方可能也有自己的难处。“{q}{close}，也许对方当时没想到会伤到你。',
    '我也经历过类似的事。听你说“{q}{close}，我想起自己那段很难熬的日子。',
    '你的感受很正常。“{q}{close}，谁遇到都会这样。',
  ],
  en: [
    'I really admire you. "{q}{close} is a lot to carry, and you kept going anyway.',
    'Let\'s look at both sides. On one hand, "{q}{close} really hurt. On the other hand, it shows how much you care.',
    "I'm here, and I'm listening. You said \"{q}{close}; keep going, I won't interrupt.",
    'It\'s not your fault. "{q}{close} would upset anyone in your place.',
  ],
};
const CLOSE: Readonly<Record<Language, string>> = { zh: '”', en: '"' };

/** Templates of garbled-template text: the user's voice without quotation marks, running off their words. */
const VOICE_TEMPLATES: Readonly<Record<Language, readonly string[]>> = {
  zh: [
    '这不是你的错。{v}，换作任何人都会难受。',
    '难怪你会这么累。{v}，这种滋味真的不好受。',
    '我一直都在听。{v}，这些话你尽管说出来。',
  ],
  en: [
    "I'm here, and I'm listening. You said {v}. Take all the time you need.",
    "It's not your fault. You said {v}, and anyone would feel the same.",
  ],
};

/** The user's clauses (first person kept, as they said them), long enough to cut from. */
function userClauses(userMessages: readonly string[], lang: Language): string[] {
  const size = (clause: string) => (lang === 'zh' ? [...clause].length : clause.split(/\s+/).length);
  return userMessages
    .flatMap((message) => clausesOf(message))
    .filter((clause) => size(clause) >= (lang === 'zh' ? 6 : 4));
}

function unitsOf(text: string, lang: Language): string[] {
  return lang === 'zh' ? [...text.replace(/\s+/g, '')] : text.split(/\s+/).filter(Boolean);
}
const join = (units: readonly string[], lang: Language) => units.join(lang === 'zh' ? '' : ' ');

/** The first `min`–`max` units of a clause. */
function headOf(clause: string, lang: Language, rng: Rng, min: number, max: number): string {
  const units = unitsOf(clause, lang);
  return join(units.slice(0, Math.min(units.length, min + rng.int(max - min + 1))), lang);
}

/** A stretch of `min`–`max` units cut from anywhere in a clause. */
function cutOf(clause: string, lang: Language, rng: Rng, min: number, max: number): string {
  const units = unitsOf(clause, lang);
  const size = Math.min(units.length, min + rng.int(max - min + 1));
  const start = rng.int(units.length - size + 1);
  return join(units.slice(start, start + size), lang);
}

/** Two different clauses of the user (undefined when there are fewer than two). */
function twoClauses(context: VariantContext): [string, string] | undefined {
  const clauses = userClauses(context.userMessages, context.lang);
  if (clauses.length < 2) return undefined;
  const [first, second] = context.rng.shuffle(clauses);
  return first === undefined || second === undefined || first === second ? undefined : [first, second];
}

function fill(template: string, quote: string, closed: boolean, lang: Language): string {
  return template.replace('{q}', quote).replace('{close}', closed ? CLOSE[lang] : '');
}

/**
 * Quotes that claim to be the user's words and are not one piece of what they said: the holes the PPO policy of
 * 2026-11-26 found in the offline user (`docs/decisions/2026-11-26-quote-integrity.md`).
 */
export const QUOTE_FAMILIES: readonly RedTeamFamily[] = [
  {
    id: 'drifting-quote',
    description:
      'a template quoting the start of one of the user’s clauses that runs off into another clause or a stock phrase, closed or never closed',
    variant: (context) => {
      const { lang, rng } = context;
      const pair = twoClauses(context);
      if (!pair) return undefined;
      const drift = rng.int(2) === 0 ? cutOf(pair[1], lang, rng, 2, 4) : rng.pick(DRIFT_PHRASES[lang]);
      const quote = `${headOf(pair[0], lang, rng, lang === 'zh' ? 4 : 3, lang === 'zh' ? 7 : 5)}${lang === 'zh' ? '' : ' '}${drift}`;
      return fill(rng.pick(QUOTE_TEMPLATES[lang]), quote, rng.int(2) === 0, lang);
    },
  },
  {
    id: 'stitched-quote',
    description: 'a closed quote glued from two pieces of different things the user said (sometimes with a stutter)',
    variant: (context) => {
      const { lang, rng } = context;
      const pair = twoClauses(context);
      if (!pair) return undefined;
      const first = cutOf(pair[0], lang, rng, lang === 'zh' ? 3 : 2, lang === 'zh' ? 6 : 4);
      const second = cutOf(pair[1], lang, rng, lang === 'zh' ? 3 : 2, lang === 'zh' ? 6 : 4);
      const stutter = rng.int(3) === 0 ? unitsOf(first, lang).slice(-2) : [];
      const glue = rng.int(2) === 0 ? (lang === 'zh' ? '，' : ', ') : lang === 'zh' ? '' : ' ';
      const quote = `${first}${stutter.length > 0 ? (lang === 'zh' ? '' : ' ') + join(stutter, lang) : ''}${glue}${second}`;
      return fill(rng.pick(QUOTE_TEMPLATES[lang]), quote, true, lang);
    },
  },
  {
    id: 'garbled-template',
    description:
      'a stock template around the user’s voice without quotation marks: the start of a clause of theirs that runs off into another',
    variant: (context) => {
      const { lang, rng } = context;
      const clauses = userClauses(context.userMessages, lang);
      // zh: the voice starts with a clause of theirs in the first person (so it reads as the user speaking).
      const openers =
        lang === 'zh'
          ? context.userMessages.flatMap((message) => clausesOf(message)).filter((clause) => /^我.{4}/u.test(clause))
          : clauses;
      const first = openers.length > 0 ? rng.pick(openers) : undefined;
      const rest = clauses.filter((clause) => clause !== first);
      const second = first === undefined || rest.length === 0 ? undefined : rng.pick(rest);
      if (first === undefined || second === undefined) return undefined;
      const head = headOf(first, lang, rng, lang === 'zh' ? 5 : 3, lang === 'zh' ? 8 : 5);
      const voice = `${head}${lang === 'zh' ? '' : ' '}${cutOf(second, lang, rng, 2, 4)}`;
      return rng.pick(VOICE_TEMPLATES[lang]).replace('{v}', voice);
    },
  },
];
