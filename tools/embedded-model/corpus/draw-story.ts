import { TOPICS, type TopicTemplate } from '@rlver/simulator';
import type { Language, Rng } from '@rlver/spec';
import { randomPersonName } from './copy-curriculum';
import type { ReplySlots, TopicNotes, TroubleScenario, TroubleTopic } from './corpus-types';
import { EXTRA_NAMES, GENERIC_SLOTS } from './generic-slots';
import { PERSON_NAMES } from './person-names';
import { SCENARIOS_EN, TOPIC_NOTES_EN } from './scenarios-en';
import { SCENARIOS_ZH, TOPIC_NOTES_ZH } from './scenarios-zh';

/** What a dialogue is about: the user's opener, later details, and how replies fill their slots. */
export interface Story {
  /** `<source>:<topic>`, e.g. `scenario:work` or `simulator:work-harsh-boss`. */
  topic: string;
  opener: string;
  /** Extra details for later user turns, in telling order. */
  details: string[];
  /** Whether the opener names the other person (replies may then use `{name}`). */
  hasName: boolean;
  /** The other person of the story. */
  person: string;
  /**
   * The concrete thing or event of the story as a noun phrase a reply can name ("年终汇报的方案", "the forgotten
   * birthday"); `thingSaid` tells whether the user says it verbatim (a simulator topic's thing) or the corpus's own
   * wording retells it (a scenario's event), in which case a reply may use it before the user said it.
   */
  thing: string;
  thingSaid: boolean;
  /** Fresh slot values for one reply. */
  drawSlots(rng: Rng): ReplySlots;
}

const SCENARIOS: Readonly<Record<Language, readonly TroubleScenario[]>> = { en: SCENARIOS_EN, zh: SCENARIOS_ZH };
const NOTES: Readonly<Record<Language, Readonly<Record<TroubleTopic, TopicNotes>>>> = {
  en: TOPIC_NOTES_EN,
  zh: TOPIC_NOTES_ZH,
};

/** Replace `{name}` by the person's name. */
export function fillName(text: string, name: string): string {
  return text.replaceAll('{name}', name);
}

/**
 * A story from the corpus's own scenarios (rich, scenario-specific slot values). With probability
 * `genericEventFraction` a reply calls the event "all this" / "这件事" instead of the scenario's phrase
 * (which the user never says verbatim), so the model learns to stay grounded on unseen stories.
 */
export function drawScenarioStory(rng: Rng, lang: Language, genericEventFraction = 0, randomNameFraction = 0): Story {
  const scenario = rng.pick(SCENARIOS[lang]);
  const listed = rng.pick(rng.next() < 0.7 ? PERSON_NAMES[lang] : EXTRA_NAMES[lang]);
  // Draw only when enabled, so corpora without the option stay identical.
  const name = randomNameFraction > 0 && rng.next() < randomNameFraction ? randomPersonName(rng, lang) : listed;
  const notes = NOTES[lang][scenario.topic];
  return {
    topic: `scenario:${scenario.topic}`,
    opener: fillName(rng.pick(scenario.openers), name),
    details: rng.shuffle(scenario.details).map((detail) => fillName(detail, name)),
    hasName: true,
    person: name,
    thing: lang === 'zh' ? fillName(scenario.event, name).replace(/这件事$/u, '') : fillName(scenario.event, name),
    thingSaid: false,
    drawSlots: (slotRng) => ({
      name,
      // Draw only when enabled, so corpora without the option stay identical.
      event:
        genericEventFraction > 0 && slotRng.next() < genericEventFraction
          ? GENERIC_SLOTS[lang].event
          : fillName(scenario.event, name),
      feeling: scenario.feeling,
      effort: fillName(scenario.effort, name),
      motive: fillName(scenario.motive, name),
      action: fillName(scenario.action, name),
      disclosure: slotRng.pick(notes.disclosures),
      fact: slotRng.pick(notes.facts),
      quote: '',
    }),
  };
}

function renderStory(text: string, lang: Language, slots: { other: string; thing: string; role: string }): string {
  const filled = text
    .replaceAll('{other}', slots.other)
    .replaceAll('{thing}', slots.thing)
    .replaceAll('{role}', slots.role);
  if (lang === 'zh') return filled.replaceAll('{me}', '我');
  // English stage sentences start with {me} in the past tense: retell them in the first person.
  const retold = filled
    .replace(/\{me\}[’']s/g, 'my')
    .replace(/^\{me\}/, 'I')
    .replaceAll('{me}', 'me');
  return retold.charAt(0).toUpperCase() + retold.slice(1);
}

function storyDetails(topic: TopicTemplate, lang: Language): string[] {
  // Only the past-tense stages retell well in English; Chinese has no verb agreement to break.
  return lang === 'zh'
    ? [...topic.stages.map((stage) => stage.zh), topic.problem.zh, topic.state.zh]
    : topic.stages.map((stage) => stage.en);
}

/**
 * A story from a topic of `@rlver/simulator`'s scenario generator — the openers the RL job's simulated
 * users start with — with generic slot values (the topic gives no feeling, effort, motive or action).
 */
export function drawSimulatorStory(rng: Rng, lang: Language, randomNameFraction = 0): Story {
  const topic = rng.pick(TOPICS);
  const listed = rng.pick(rng.next() < 0.5 ? EXTRA_NAMES[lang] : PERSON_NAMES[lang]);
  const other = randomNameFraction > 0 && rng.next() < randomNameFraction ? randomPersonName(rng, lang) : listed;
  const slots = { other, thing: rng.pick(topic.things)[lang], role: topic.counterpart.role[lang] };
  const openerTemplate = rng.pick(topic.openers)[lang];
  const hasName = openerTemplate.includes('{other}');
  const generic = GENERIC_SLOTS[lang];
  const event = openerTemplate.includes('{thing}') ? slots.thing : generic.event;
  const details = storyDetails(topic, lang);
  const firstDetails = details.slice(0, 2);
  return {
    topic: `simulator:${topic.key}`,
    opener: renderStory(openerTemplate, lang, slots),
    details: [...firstDetails, ...rng.shuffle(details.slice(2))].map((detail) => renderStory(detail, lang, slots)),
    hasName,
    person: other,
    thing: slots.thing,
    thingSaid: true,
    drawSlots: (slotRng) => ({
      name: other,
      event,
      feeling: slotRng.pick(generic.feelings),
      effort: slotRng.pick(generic.efforts),
      motive: fillName(slotRng.pick(hasName ? generic.motives.withName : generic.motives.withoutName), other),
      action: fillName(slotRng.pick(hasName ? generic.actions.withName : generic.actions.withoutName), other),
      disclosure: slotRng.pick(generic.disclosures),
      fact: slotRng.pick(generic.facts),
      quote: '',
    }),
  };
}
