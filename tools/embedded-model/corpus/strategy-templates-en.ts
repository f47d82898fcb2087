import type { StrategyLabel } from '@rlver/spec';
import type { ReplyTemplate } from './corpus-types';

/** Sentence-initial capital. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Lower-case first letter (to continue a sentence with a stored full sentence). */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Strategies the corpus teaches (every label except `other`). */
export type CorpusStrategy = Exclude<StrategyLabel, 'other'>;

/**
 * English reply templates per strategy. Each strategy has its own opening words, so that the strategy of a
 * reply is decided in its first few tokens (easy credit assignment for RL).
 */
export const REPLY_TEMPLATES_EN: Readonly<Record<CorpusStrategy, readonly ReplyTemplate[]>> = {
  praise: [
    (s) => `You handled ${s.event} really well. ${capitalize(s.effort)}, and that took real strength.`,
    (s) => `I really admire how ${s.effort}. Not many people could do that while feeling ${s.feeling}.`,
    (s) => `Honestly, ${s.effort}, and that is impressive. You should be proud of yourself.`,
    (s) => `You were strong through ${s.event}. The fact that ${s.effort} says a lot about you.`,
    (s) => `Let me say this first: ${s.effort}, and that took courage. I respect that a lot.`,
  ],
  deep_empathy: [
    (s) => `That sounds so painful. After ${s.event}, feeling ${s.feeling} makes every day heavier.`,
    (s) => `I can imagine how heavy this is. With ${s.name} involved, ${s.event} cuts even deeper.`,
    (s) => `No wonder you feel ${s.feeling}. ${capitalize(s.event)} touched something that really matters to you.`,
    (s) => `That must be exhausting, carrying ${s.event} and feeling ${s.feeling} with no one to share it.`,
    (s) => `I can sense the pain in your words. ${capitalize(s.event)} left you ${s.feeling}, and that is real.`,
  ],
  active_listening: [
    (s) => `I'm here, and I'm listening. Tell me more about ${s.event}, take all the time you need.`,
    (s) => `I hear you. Say everything you need to say about ${s.name}; I won't interrupt.`,
    (s) => `It sounds like ${s.event} has been sitting on your chest. I'm here, keep going.`,
    (s) => `Take your time. I'm right here, and I want to hear the whole story about ${s.name}.`,
    (s) => `I'm listening. Let it all out; whatever you feel about ${s.event} is welcome here.`,
  ],
  validation: [
    (s) => `It's not your fault. Anyone would feel ${s.feeling} after ${s.event}.`,
    (s) => `You didn't do anything wrong here. Your reaction to ${s.name} is completely understandable.`,
    (s) => `Of course you feel ${s.feeling}. You have every right to be upset about ${s.event}.`,
    (s) => `Your feelings are valid. It makes sense that ${s.event} hit you this hard.`,
    (s) => `You are not to blame for ${s.event}. Anyone in your place would feel the same.`,
  ],
  dialectical_analysis: [
    (s) =>
      `Let's look at both sides. On one hand, ${s.motive}. On the other hand, ${s.event} still left you ${s.feeling}.`,
    (s) => `There are two sides here. ${capitalize(s.motive)}; at the same time, your needs matter just as much.`,
    (s) =>
      `On one hand, ${s.name} played a part in ${s.event}. On the other hand, how you respond now is yours to weigh.`,
    (s) => `If we weigh it honestly, ${s.motive}. That said, it does not erase how ${s.event} affected you.`,
    (s) => `Both sides matter here. ${capitalize(s.motive)}, and that said, ${s.event} still crossed a line for you.`,
  ],
  advice: [
    (s) => `Here is one thing you could try: ${s.action}. Start small, maybe today.`,
    (s) => `I suggest you ${s.action}. It gives you a clear next step.`,
    (s) => `It might help to ${s.action}. Even one small step can change how this feels.`,
    (s) => `One option is to ${s.action}. Then see how things move from there.`,
    (s) => `My advice: ${s.action}. Consider doing it this week, while it is fresh.`,
  ],
  perspective_taking: [
    (s) => `Maybe they had their reasons. ${capitalize(s.motive)}; it does not excuse it, but it may explain it.`,
    (s) => `From their perspective, ${s.motive}. That might be why ${s.name} acted that way.`,
    (s) => `Let's try to see it from their point of view. ${capitalize(s.motive)}.`,
    (s) => `Perhaps they were dealing with something you could not see. ${capitalize(s.motive)}.`,
    (s) => `In their shoes, things may look different: ${s.motive}.`,
  ],
  guided_reflection: [
    (s) => `Looking back at ${s.event}, what would you do differently next time?`,
    (s) => `Ask yourself what ${s.event} is really teaching you about what you need.`,
    (s) => `Let's reflect on this together. What does ${s.event} tell you about what matters most to you?`,
    (s) => `Have you thought about what you want from ${s.name} now? Your answer might show you the way forward.`,
    (s) => `When you reflect on ${s.event}, which part would you change, and which part would you keep?`,
  ],
  question: [
    (s) => `What happened right before ${s.event}? How did ${s.name} react when you spoke up?`,
    (s) => `Can you tell me a bit about how it started? When did things with ${s.name} begin to change?`,
    (s) => `How long has ${s.event} been weighing on you? Has anything like this happened before?`,
    (s) => `What did ${s.name} say afterwards? And what is the hardest part for you right now?`,
    (s) => `Who else knows about ${s.event}? Is there anyone you can lean on?`,
  ],
  self_disclosure: [
    (s) => `I've been there too. I ${s.disclosure}, and I remember feeling ${s.feeling} for a long time.`,
    (s) => `This reminds me of my own story. I've gone through something similar: I ${s.disclosure}.`,
    (s) => `I remember when I ${s.disclosure}. It took me a while, but talking about it helped.`,
    (s) => `I've felt that too. I ${s.disclosure}, and for weeks I could think of nothing else.`,
  ],
  information: [
    (s) => `${s.fact} So what you feel about ${s.event} is something many people share.`,
    (s) => `Something worth knowing: ${lowerFirst(s.fact)} You are far from the only one.`,
    (s) => `It is very common to feel ${s.feeling} after ${s.event}. ${s.fact}`,
    (s) => `For what it is worth, ${lowerFirst(s.fact)} It may put ${s.event} in a wider frame.`,
  ],
  generic_comfort: [
    () => `Don't worry, everything will be fine. Just stay positive!`,
    () => `Cheer up! Tomorrow is another day, and things will get better.`,
    () => `Hang in there. It will be okay, it always works out in the end.`,
    () => `Look on the bright side, it could be worse. Don't think too much about it!`,
    () => `Everything will work out. Don't be sad, just smile and move on!`,
  ],
};

/** English `<think>` contents per strategy: the user's likely need, then the chosen strategy. */
export const THINK_TEMPLATES_EN: Readonly<Record<CorpusStrategy, readonly ReplyTemplate[]>> = {
  praise: [
    () => 'They want their effort to be noticed: praise.',
    () => 'They did something hard and need to hear it: praise.',
  ],
  deep_empathy: [
    (s) => `They feel ${s.feeling} and want to be truly understood: deep empathy.`,
    () => 'They need their pain felt, not brushed off: deep empathy.',
  ],
  active_listening: [() => 'They need to vent first: listen.', () => 'They are not ready for solutions: just listen.'],
  validation: [
    () => 'They fear it is their fault: validate them.',
    () => 'They need to hear they did nothing wrong: validation.',
  ],
  dialectical_analysis: [
    () => 'They want the situation weighed from both sides: analysis.',
    () => 'They think rationally and want a balanced view: analysis.',
  ],
  advice: [() => 'They want a concrete way out: advice.', (s) => `They need a next step with ${s.name}: advice.`],
  perspective_taking: [
    (s) => `They want to know why ${s.name} acted that way: explain the motives.`,
    () => 'They are puzzled by the other person: offer their perspective.',
  ],
  guided_reflection: [
    () => 'They want to grow from this: guide reflection.',
    () => 'They are ready to look at themselves: reflection.',
  ],
  question: [() => 'I need more details first: ask.', (s) => `I do not know enough about ${s.event} yet: ask.`],
  self_disclosure: [
    () => 'They feel alone in this: share my own experience.',
    () => 'They need company: a similar story of mine.',
  ],
  information: [() => 'They think they are the only one: give facts.', () => 'Some facts may calm them: information.'],
  generic_comfort: [() => 'They are upset: comfort them.', () => 'They are sad: cheer them up.'],
};
