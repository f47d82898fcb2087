import type { Language, Rng } from '@rlver/spec';
import type { ReplyTemplate } from './corpus-types';
import type { CorpusStrategy } from './strategy-templates-en';

/**
 * Reply templates that take up the user's own words: `s.quote` is a clause copied verbatim from the user's last
 * message. A story the policy never saw can only be answered in its own terms by copying, so these templates
 * teach the copy (the corpus's scenario phrases such as "生日被忘这件事" are never said by a held-out user). Each
 * strategy keeps its opening words (see `REPLY_TEMPLATES_EN`); generic comfort has none, by definition.
 */
export const QUOTE_TEMPLATES_EN: Readonly<Partial<Record<CorpusStrategy, readonly ReplyTemplate[]>>> = {
  praise: [
    (s) => `You handled this really well. You said "${s.quote}", and you are still standing. That took real strength.`,
    (s) => `I really admire you. "${s.quote}" is a lot to carry, and you kept going anyway.`,
    (s) => `Honestly, after "${s.quote}", most people would have given up. You should be proud of yourself.`,
  ],
  deep_empathy: [
    (s) => `That sounds so painful. When you say "${s.quote}", I can hear how much it hurt.`,
    (s) => `I can sense the pain in your words. "${s.quote}" must have left you feeling so alone.`,
    (s) => `No wonder you feel this way. "${s.quote}" would weigh on anyone's heart for a long time.`,
  ],
  active_listening: [
    (s) => `I'm here, and I'm listening. You said "${s.quote}"; keep going, I won't interrupt.`,
    (s) => `I hear you. "${s.quote}" sounds like it has been sitting on your chest. Take your time.`,
  ],
  validation: [
    (s) => `It's not your fault. "${s.quote}" would upset anyone in your place.`,
    (s) => `Your feelings are valid. After "${s.quote}", it makes sense that you are hurting.`,
  ],
  dialectical_analysis: [
    (s) =>
      `Let's look at both sides. On one hand, "${s.quote}" really hurt. On the other hand, it shows how much you care.`,
  ],
  advice: [
    (s) =>
      `Here is one thing you could try: write down "${s.quote}" and what you need now, then talk it through with someone you trust.`,
    (s) => `I suggest you take "${s.quote}" one step at a time. Start with the smallest part, maybe today.`,
  ],
  perspective_taking: [
    (s) => `Maybe they had their reasons. "${s.quote}" hurt, but they may not have seen how it landed on you.`,
  ],
  guided_reflection: [
    (s) => `Looking back at "${s.quote}", what mattered most to you in that moment?`,
    (s) => `Let's reflect on this together. What does "${s.quote}" tell you about what you need?`,
  ],
  question: [
    (s) => `You said "${s.quote}". What happened after that?`,
    (s) => `Can you tell me a bit more? How did it feel when "${s.quote}" happened?`,
  ],
  self_disclosure: [(s) => `I've been there too. Hearing "${s.quote}" reminds me how hard those days were for me.`],
  information: [
    (s) => `Something worth knowing: "${s.quote}" is something many people go through. You are far from the only one.`,
  ],
};

/** Chinese counterparts of `QUOTE_TEMPLATES_EN` (non-advice ones avoid 可以/试着/不妨, advice cues). */
export const QUOTE_TEMPLATES_ZH: Readonly<Partial<Record<CorpusStrategy, readonly ReplyTemplate[]>>> = {
  praise: [
    (s) => `你做得很好。你说“${s.quote}”，还能一直撑着，真的很不容易。`,
    (s) => `我真的很佩服你，“${s.quote}”，换成别人早就乱了，你还这么清醒。`,
    (s) => `说真的，“${s.quote}”这一步不好走，你走得很了不起。`,
  ],
  deep_empathy: [
    (s) => `我能感受到你有多难受。“${s.quote}”，这句话里全是委屈。`,
    (s) => `难怪你会这么累。${s.quote}，这种滋味真的不好受。`,
    (s) => `听你说“${s.quote}”，我心里也跟着一沉，那种感觉一定很煎熬。`,
  ],
  active_listening: [
    (s) => `我在这里听着。“${s.quote}”，你想接着说就接着说，我一直在。`,
    (s) => `我一直都在听。${s.quote}，这些话你尽管说出来，我不会打断你。`,
  ],
  validation: [
    (s) => `这不是你的错。${s.quote}，换作任何人都会难受。`,
    (s) => `你的感受很正常。“${s.quote}”，谁遇到都会这样。`,
  ],
  dialectical_analysis: [(s) => `我们从两方面看。一方面，“${s.quote}”确实让人难受；另一方面，这也说明你很在乎。`],
  advice: [
    (s) => `我建议你先把“${s.quote}”这件事写下来，再找信得过的人聊聊。`,
    (s) => `你可以试着一步一步来：“${s.quote}”，先从最小的一件事做起。`,
  ],
  perspective_taking: [(s) => `对方可能也有自己的难处。“${s.quote}”，也许对方当时没想到会伤到你。`],
  guided_reflection: [
    (s) => `回头看“${s.quote}”，那一刻你最在意的是什么？`,
    (s) => `我们一起反思一下：“${s.quote}”，这让你看清了自己的什么需要？`,
  ],
  question: [(s) => `你说“${s.quote}”，那之后发生了什么？`, (s) => `能再多讲一点吗？“${s.quote}”最早是哪天冒出来的？`],
  self_disclosure: [(s) => `我也经历过类似的事。听你说“${s.quote}”，我想起自己那段很难熬的日子。`],
  information: [(s) => `其实“${s.quote}”这种情况很常见，不少人都碰到过，不是只有你这样。`],
};

/** Clause lengths worth quoting: zh in characters, en in words. */
const QUOTE_LENGTH = { zh: { min: 4, max: 18 }, en: { min: 3, max: 12 } } as const;

/**
 * Clauses of a user message that a reply can quote verbatim (without end punctuation): zh clauses of 4–18
 * characters, en clauses of 3–12 words, split at sentence ends, commas and semicolons.
 */
export function quotableClauses(message: string, lang: Language): string[] {
  const { min, max } = QUOTE_LENGTH[lang];
  return message
    .split(lang === 'zh' ? /[。！？!?，,；;…\n]+/u : /[.!?;,\n]+|\s+(?:and|but|so)\s+/u)
    .map((clause) => clause.trim().replace(/^["“”']+|["“”']+$/gu, ''))
    .filter((clause) => {
      const size = lang === 'zh' ? [...clause].length : clause.split(/\s+/).length;
      return size >= min && size <= max && !/["“”]/u.test(clause);
    });
}

/** One clause of `message` to quote, or undefined when it has none worth quoting. */
export function pickQuote(message: string, lang: Language, rng: Rng): string | undefined {
  const clauses = quotableClauses(message, lang);
  return clauses.length > 0 ? rng.pick(clauses) : undefined;
}
