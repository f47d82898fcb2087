import type { GroundedTemplate } from './grounded-slots';
import type { CorpusStrategy } from './strategy-templates-en';

/**
 * English grounded replies: each strategy's move said in the reply's own words about this user, built from what
 * the user said (`name`, `thing`, a short noun phrase `bit` of their last message; see `grounded-slots.ts`), never
 * around a quote of them. Each strategy keeps its opening cue words. Generic comfort has none: it stays the
 * one-size option RL should move away from.
 */
export const GROUNDED_TEMPLATES_EN: Readonly<Partial<Record<CorpusStrategy, readonly GroundedTemplate[]>>> = {
  praise: [
    (s) =>
      `I really admire how you kept going with ${s.thing}; you even thought about ${s.bit}, when most people would have given up by now.`,
    (s) =>
      `You handled this better than you think. With ${s.name} acting like that, you still took care of ${s.bit}. That takes real strength.`,
    (s) => `Honestly, the way you stuck with ${s.thing} says a lot about your strength. Be proud of that.`,
  ],
  deep_empathy: [
    (s) => `That sounds so painful. You put so much into ${s.thing}, and it still ended like this; no wonder it hurts.`,
    (s) =>
      `I can hear how much this weighs on you. Coming from ${s.name}, someone you care about, it cuts even deeper.`,
    (s) => `No wonder you feel ${s.feeling}. Even ${s.bit} stays with you, and that shows how much it mattered.`,
  ],
  active_listening: [
    (s) => `I'm here, and I'm listening. What did ${s.name} say after that? Tell me more about ${s.bit} if you want.`,
    (s) => `I hear you. So ${s.thing} is still unresolved, and it keeps sitting with you. Take your time.`,
    (s) => `I'm listening. It sounds like ${s.bit} has been on your mind all day. What part of it stings the most?`,
  ],
  validation: [
    (s) =>
      `It's not your fault. You did your part with ${s.thing}, and being upset with ${s.name} makes complete sense.`,
    (s) => `Your feelings are valid. Anyone who went through ${s.bit} would feel the same way.`,
    (s) => `It makes sense that you are upset. You cared about ${s.thing}, and ${s.name} did not meet you halfway.`,
  ],
  dialectical_analysis: [
    (s) =>
      `Let's look at both sides. On one hand, ${s.name} let you down over ${s.thing}; on the other hand, you still care enough to talk about it.`,
    (s) =>
      `Maybe there are two things here: ${s.thing} itself, and how ${s.name} handled it. They hurt in different ways.`,
  ],
  advice: [
    (s) =>
      `Here is one thing you could try: ask ${s.name} for ten quiet minutes, start with ${s.thing}, then say what you need next time.`,
    (s) => `I suggest you break ${s.thing} into small steps. Start with the part about ${s.bit}, maybe this week.`,
  ],
  perspective_taking: [
    (s) =>
      `Maybe ${s.name} had their own reasons. The pressure around ${s.thing} may have landed on them too, and they did not know how to say it.`,
    (s) => `From ${s.name}'s side, maybe they never realised how much ${s.bit} meant to you.`,
  ],
  guided_reflection: [
    (s) =>
      `Looking back at ${s.thing}, what hurt the most: what ${s.name} did, or feeling that your effort went unseen?`,
    (s) => `Let's reflect on this together. When you think about ${s.bit}, what do you wish they understood?`,
  ],
  question: [
    (s) => `How did ${s.name} react when you brought it up? Has anything changed with ${s.thing} since then?`,
    (s) => `Can you tell me a bit more? After ${s.bit}, did you ever talk it through with anyone?`,
  ],
  self_disclosure: [
    (s) =>
      `I went through something like this once. When ${s.name} pulled away, it took me weeks to stop replaying it.`,
    (s) =>
      `Let me share something: I also carried ${s.bit} on my own for a while, and it wore me down more than I admitted.`,
    (s) =>
      `I've been there too. I once put weeks into something nobody thanked me for, so hearing about ${s.thing} really hits home.`,
  ],
  information: [
    (s) =>
      `It is common for things with ${s.name} to feel heavier than they look from outside; that is how close ties work.`,
    (s) =>
      `Something worth knowing: situations like ${s.thing} are very common, and the person who cares most often feels it most.`,
  ],
};
