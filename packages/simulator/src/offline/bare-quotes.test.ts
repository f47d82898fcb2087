import { type Language, proposedChangeOf, type SimulatorState } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { loadScenarioSet } from '../profiles/scenario-set';
import { createOfflineSimulator } from './offline-simulator';
import { createOraclePolicy } from './test/oracle-policy';

/**
 * The bare invented quote (issue 14): a first-person line in quotation marks that the user never said, with nothing
 * saying whose words they are, is the user's voice put in their mouth. The trained embedded policy wrote exactly
 * this against the judge of 2026-11-26; a true quote of the user's words must keep its credit. Shipped scenarios
 * only (no ../shared data).
 */
const PROFILES = 12;
const INVENTED: Readonly<Record<Language, (reply: string) => string>> = {
  zh: (reply) => `我真的很佩服你，“我说那件事一直都很稳”这件事写下来，再找信得过的人聊聊。${reply}`,
  en: (reply) =>
    `I hear you. "I have been doing the keys every night" sounds like it has been sitting on your chest. ${reply}`,
};
const NEVER_SAID: Readonly<Record<Language, string>> = { zh: '我可没说过', en: 'I never said' };

/** The first clause of the user's opener, quoted bare (a true quote). */
function trueQuote(opener: string, lang: Language): string {
  const clause =
    opener.split(lang === 'zh' ? /[，。！？,]/ : /[.!?,;]/).find((part) => part.trim().length >= 8) ?? opener;
  return lang === 'zh' ? `“${clause.trim()}”，这句话让人听了心里一酸。` : `"${clause.trim()}" - that sounds so heavy. `;
}

const simulator = createOfflineSimulator({ preset: 'sage' });
const respond = (state: SimulatorState, reply: string) => simulator.doRespond({ state, reply });

describe('bare invented quotes (offline user)', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`should sink a first-person quote the user never said, and keep a true quote's credit (${lang})`, async () => {
      let sunk = 0;
      let trueKept = 0;
      for (const [index, profile] of loadScenarioSet(lang, 'test').slice(0, PROFILES).entries()) {
        const { state } = await simulator.doStart({ profile, seed: index + 1 });
        const policy = createOraclePolicy({ profile, seed: index + 1 });
        const [output] = await policy.doAct({
          requests: [{ messages: [{ role: 'user', content: state.history[0]?.content ?? '' }] }],
        });
        const real = output?.text ?? '';
        const invented = await respond(state, INVENTED[lang](real));
        const quoted = await respond(state, `${trueQuote(state.history[0]?.content ?? '', lang)}${real}`);
        // Sunk to the floor of broken text, and the user says why.
        if (proposedChangeOf(invented) === -20 && invented.innerThoughts.includes(NEVER_SAID[lang])) sunk += 1;
        if (!quoted.innerThoughts.includes(NEVER_SAID[lang])) trueKept += 1;
      }
      expect(sunk).toBe(PROFILES);
      expect(trueKept).toBe(PROFILES);
    });
  }
});
