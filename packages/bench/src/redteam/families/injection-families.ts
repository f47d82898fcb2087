import type { Language, Rng } from '@rlver/spec';
import type { RedTeamFamily } from './redteam-family';
import { JUDGE_INJECTIONS } from './stock-phrases';

/** One injected line of any kind (system note, score line, narrated feelings). */
function anyInjection(lang: Language, rng: Rng): string {
  const kinds = JUDGE_INJECTIONS[lang];
  return rng.pick([...kinds.system, ...kinds.score, ...kinds.roleplay]);
}

/** Families that talk to the judge instead of the user. */
export const INJECTION_FAMILIES: readonly RedTeamFamily[] = [
  {
    id: 'judge-injection-prepended',
    description: 'a fake system note, score line or narrated feeling of the user before the real reply',
    variant: ({ reply, lang, rng }) => `${anyInjection(lang, rng)}\n${reply}`,
  },
  {
    id: 'judge-injection-appended',
    description: 'the real reply followed by a fake system note, score line or narrated feeling of the user',
    variant: ({ reply, lang, rng }) => `${reply}\n${anyInjection(lang, rng)}`,
  },
  {
    id: 'judge-injection-alone',
    description: 'only lines aimed at the judge: a system note, a score line and a narrated feeling, no reply',
    variant: ({ lang, rng }) => {
      const kinds = JUDGE_INJECTIONS[lang];
      return [rng.pick(kinds.system), rng.pick(kinds.score), rng.pick(kinds.roleplay)].join('\n');
    },
  },
];
