import type { Phrasebook, PhrasebookTemplate } from '@rlver/model';
import type { Language } from '@rlver/spec';
import { GENERIC_SLOTS } from './generic-slots';
import type { GroundedSlots, GroundedTemplate } from './grounded-slots';
import { GROUNDED_TEMPLATES_EN } from './grounded-templates-en';
import { GROUNDED_TEMPLATES_ZH } from './grounded-templates-zh';
import { PERSON_NAMES } from './person-names';
import { type CorpusStrategy, REPLY_TEMPLATES_EN } from './strategy-templates-en';
import { REPLY_TEMPLATES_ZH } from './strategy-templates-zh';

/** The slot markers a phrasebook template holds (`@rlver/model` phrasebook.ts fills them from the user's messages). */
const MARKERS: GroundedSlots = { name: '{name}', thing: '{thing}', bit: '{bit}', feeling: '{feeling}' };

/** The corpus's grounded templates of `lang` with slot markers, strategy by strategy in the corpus's order. */
export function groundedPhrasebookTemplates(lang: Language): PhrasebookTemplate[] {
  const templates = lang === 'zh' ? GROUNDED_TEMPLATES_ZH : GROUNDED_TEMPLATES_EN;
  return (Object.entries(templates) as [CorpusStrategy, readonly GroundedTemplate[]][]).flatMap(([strategy, list]) =>
    list.map((template) => ({ strategy, kind: 'grounded' as const, text: template(MARKERS) })),
  );
}

/**
 * The corpus's stock templates of `lang` (every strategy, generic comfort included) with the topic-independent slot
 * values of `generic-slots.ts` (the first of each list: what the corpus says when it knows nothing of the story), the
 * name left as a marker and `{feeling}` as one. Two fillings per template, the motive and action with and without a
 * name; duplicates dropped. These are the one-size replies RL can fall back on.
 */
export function stockPhrasebookTemplates(lang: Language): PhrasebookTemplate[] {
  const templates = lang === 'zh' ? REPLY_TEMPLATES_ZH : REPLY_TEMPLATES_EN;
  const generic = GENERIC_SLOTS[lang];
  const fillings = [true, false].map((named) => ({
    name: MARKERS.name,
    event: generic.event,
    feeling: MARKERS.feeling,
    effort: generic.efforts[0] as string,
    motive: (named ? generic.motives.withName : generic.motives.withoutName)[0] as string,
    action: (named ? generic.actions.withName : generic.actions.withoutName)[0] as string,
    disclosure: generic.disclosures[0] as string,
    fact: generic.facts[0] as string,
    quote: '',
  }));
  const seen = new Set<string>();
  const stock: PhrasebookTemplate[] = [];
  for (const [strategy, list] of Object.entries(templates) as [CorpusStrategy, (typeof templates)[CorpusStrategy]][]) {
    for (const template of list) {
      for (const slots of fillings) {
        const text = template(slots);
        if (seen.has(text)) continue;
        seen.add(text);
        stock.push({ strategy, kind: 'stock', text });
      }
    }
  }
  return stock;
}

/** The phrasebook of the corpus's templates (what build-phrasebook.ts writes beside a checkpoint). */
export function corpusPhrasebook(): Phrasebook {
  return {
    version: 1,
    names: { zh: [...PERSON_NAMES.zh], en: [...PERSON_NAMES.en] },
    templates: {
      zh: [...groundedPhrasebookTemplates('zh'), ...stockPhrasebookTemplates('zh')],
      en: [...groundedPhrasebookTemplates('en'), ...stockPhrasebookTemplates('en')],
    },
  };
}
