/**
 * What can the embedded model reach by *choosing* among the replies it was pretrained on? Replays the pretraining
 * corpus's reply templates (generic slot values, as the model mostly produces them) as policies with different
 * strategy rules, against the offline simulated user on the shipped held-out scenarios (`sage` preset, 10 turns),
 * and prints the mean final emotion per language. Reference lines for the training note: `random` is the
 * untrained model's strategy mix, single strategies are what a collapsed policy gets, and `oracle` (the hidden
 * intention's primary strategy every turn) is the ceiling of strategy choice without better wording.
 *
 *   npx tsx --conditions=source apps/train/scripts/repertoire-ceiling.ts [--limit 100] [--rules random,praise,oracle]
 *     [--quote-fraction 0.7] [--preset sage|rlver-train]
 */
import { parseArgs } from 'node:util';
import { runEpisode } from '@rlver/env';
import { createOfflineSimulator, loadScenarioSet } from '@rlver/simulator';
import {
  classifyIntention,
  createRng,
  type DialoguePolicyV1,
  detectLanguage,
  hashSeed,
  type Profile,
  type Rng,
} from '@rlver/spec';
import { INTENTION_STRATEGIES } from '@rlver/strategies';
import { CORPUS_STRATEGIES } from '../../../tools/embedded-model/corpus/generate-corpus';
import { GENERIC_SLOTS } from '../../../tools/embedded-model/corpus/generic-slots';
import {
  pickQuote,
  QUOTE_TEMPLATES_EN,
  QUOTE_TEMPLATES_ZH,
} from '../../../tools/embedded-model/corpus/quote-templates';
import { type CorpusStrategy, REPLY_TEMPLATES_EN } from '../../../tools/embedded-model/corpus/strategy-templates-en';
import { REPLY_TEMPLATES_ZH } from '../../../tools/embedded-model/corpus/strategy-templates-zh';

/** Chooses the strategy of the reply to policy turn `turn` (0-based) of a dialogue with `profile`. */
type StrategyRule = (context: { turn: number; profile: Profile; rng: Rng }) => CorpusStrategy;

function wanted(profile: Profile, rank: number): CorpusStrategy {
  const intention = profile.intention ?? classifyIntention(profile.task);
  if (!intention) throw new Error(`profile ${profile.id} has no recognisable hidden intention`);
  return INTENTION_STRATEGIES[intention].satisfies[rank] as CorpusStrategy;
}

const RULES: Record<string, StrategyRule> = {
  random: ({ rng }) => rng.pick(CORPUS_STRATEGIES),
  ...Object.fromEntries(CORPUS_STRATEGIES.map((strategy): [string, StrategyRule] => [strategy, () => strategy])),
  'praise/deep_empathy': ({ turn }) => (turn % 2 === 0 ? 'praise' : 'deep_empathy'),
  oracle: ({ profile }) => wanted(profile, 0),
  'oracle (alternating the two wanted)': ({ profile, turn }) => wanted(profile, turn % 2),
};

/** A template reply of the rule's strategy with generic slot values; the other person is "them" / "对方". */
function templatePolicy(rule: StrategyRule, profile: Profile): DialoguePolicyV1 {
  return {
    specificationVersion: 'v1',
    policyId: 'corpus-templates',
    async doAct({ requests }) {
      return requests.map((request) => {
        const lastUser = request.messages.findLast((message) => message.role === 'user')?.content ?? '';
        const lang = detectLanguage(lastUser);
        const turn = request.messages.filter((message) => message.role === 'assistant').length;
        const rng = createRng(hashSeed('repertoire', turn, lastUser));
        const strategy = rule({ turn, profile, rng });
        const generic = GENERIC_SLOTS[lang];
        const slots = {
          name: lang === 'zh' ? '对方' : 'them',
          event: generic.event,
          feeling: rng.pick(generic.feelings),
          effort: rng.pick(generic.efforts),
          motive: rng.pick(generic.motives.withoutName),
          action: rng.pick(generic.actions.withoutName),
          disclosure: rng.pick(generic.disclosures),
          fact: rng.pick(generic.facts),
        };
        // With --quote-fraction, the corpus's quote templates take up a clause of the user's last message.
        const quoteTemplates = (lang === 'zh' ? QUOTE_TEMPLATES_ZH : QUOTE_TEMPLATES_EN)[strategy];
        const quote = rng.next() < quoteFraction ? pickQuote(lastUser, lang, rng) : undefined;
        const text =
          quote !== undefined && quoteTemplates
            ? rng.pick(quoteTemplates)({ ...slots, quote })
            : rng.pick((lang === 'zh' ? REPLY_TEMPLATES_ZH : REPLY_TEMPLATES_EN)[strategy])({ ...slots, quote: '' });
        return { text, finishReason: 'stop' as const, promptTokenCount: 0, outputTokenCount: 0, latencyMs: 0 };
      });
    },
  };
}

const { values } = parseArgs({
  options: {
    limit: { type: 'string', default: '100' },
    rules: { type: 'string' },
    'quote-fraction': { type: 'string', default: '0' },
    preset: { type: 'string', default: 'sage' },
  },
});
const limit = Number(values.limit);
const quoteFraction = Number(values['quote-fraction']);
const chosen = values.rules ? values.rules.split(',') : Object.keys(RULES);
console.log(`| rule | zh | en | mean |\n|---|---|---|---|`);
for (const name of chosen) {
  const rule = RULES[name];
  if (!rule) throw new Error(`unknown rule "${name}"; use one of: ${Object.keys(RULES).join(', ')}`);
  const means: number[] = [];
  for (const lang of ['zh', 'en'] as const) {
    const profiles = loadScenarioSet(lang, 'test').slice(0, limit);
    let total = 0;
    for (const [index, profile] of profiles.entries()) {
      const simulator = createOfflineSimulator({ preset: values.preset as 'sage' | 'rlver-train' });
      const trajectory = await runEpisode({ policy: templatePolicy(rule, profile), simulator, profile, seed: index });
      total += trajectory.finalEmotion;
    }
    means.push(total / profiles.length);
  }
  const [zh = 0, en = 0] = means;
  console.log(`| ${name} | ${zh.toFixed(1)} | ${en.toFixed(1)} | ${((zh + en) / 2).toFixed(1)} |`);
}
