import type { Language } from '@rlver/spec';
import {
  auditReply,
  contentTokens,
  fluencyFactor,
  isSentenceOpener,
  scoreFluency,
  splitSentences,
  unknownUnits,
} from '@rlver/text-quality';
import { borrowedWords, madeUpQuotes, withoutQuotes } from './borrowed-words';
import { type DialogueRelevance, dialogueRelevance } from './dialogue-relevance';
import { brokenQuotes } from './quote-integrity';
import { slotTemplate } from './slot-template';

/**
 * Ways a reply fails before its content can even count: text that is not a person talking to this user. Each
 * one sinks the judgement (the user is confused, put off or feels handled), whatever strategy words it contains.
 */
export type IntegrityCode =
  | 'broken-text'
  | 'cut-off'
  | 'judge-injection'
  | 'parroting'
  | 'stitched-words'
  | 'made-up-quote'
  | 'broken-quote'
  | 'off-topic'
  | 'fragments'
  | 'wrong-language'
  | 'repeated-reply'
  | 'not-for-me'
  | 'slot-template'
  | 'bare-slot'
  | 'spliced-words';

export interface IntegrityIssue {
  code: IntegrityCode;
  /** The evidence, shown in the inner thoughts (the repeated phrase, the foreign name, the fake note …). */
  detail: string;
}

export interface ReplyIntegrity {
  issues: IntegrityIssue[];
  /** How fluent the reply reads in [0, 1] (see `fluencyFactor`); the judge fades a reply's good points by it. */
  fluency: number;
  /** Share of the reply (outside quotes, "I"/"you" folded) that is the user's own words (see `borrowedWords`). */
  borrowed: number;
  /**
   * Set when the reply is one-size-fits-all: about nothing of this user's story or messages and fitting other
   * dialogues as well (needs `userSide`). The judge sinks it unless it gives the user what they most want.
   */
  oneSize?: IntegrityIssue;
  /**
   * Set when the reply is a slot template (`slotTemplate`): it carries the user's words, quoted (`slot-template`: a whole
   * clause or a torn fragment) or said back bare after a stock opening (`bare-slot`), and its own words around them are
   * one-size by `SLOT_FRAME` (needs `userSide`). The detail is the stock frame, the user's words shown as "…". The judge
   * sinks it like one-size text.
   */
  slotTemplate?: IntegrityIssue;
  /**
   * Set when a long reply, mostly its own words, holds a broken quote that is a small part of it (`QUOTE_SLIP`): the
   * judge charges it (`quoteSlip`) instead of sinking the reply. A short reply with a broken quote sinks.
   */
  quoteSlip?: IntegrityIssue;
  /** The reply's relevance to the user's side of the dialogue (`dialogueRelevance`; absent without `userSide`). */
  relevance?: DialogueRelevance;
}

export interface IntegrityInput {
  reply: string;
  lang: Language;
  /** The user's own messages so far, oldest first (the last one is what the reply answers). */
  userMessages: readonly string[];
  /** Everything this dialogue is about: the user's persona and story and every message so far. */
  dialogueText: string;
  /** Overlap of the reply with each of the assistant's earlier replies (|A∩B| / min(|A|, |B|)). */
  earlierOverlaps?: readonly number[];
  /** The assistant's earlier replies in this dialogue (a stock frame that comes back around other words of the user's). */
  earlierReplies?: readonly string[];
  /**
   * The user's side of the dialogue (persona and story, then each of the user's messages; not the assistant's): when
   * given, a reply that is about none of it, and fits other dialogues as well, is one-size-fits-all (`not-for-me`).
   */
  userSide?: readonly string[];
}

/**
 * Text aimed at the judge rather than the user: fake system notes, score or emotion fields, instructions, chat
 * special tokens, and stage directions that narrate the user's feelings ("（用户听完很感动）", "*you feel better*").
 */
const JUDGE_INJECTION: readonly RegExp[] = [
  /(?:change|emotion|emo[_ ]?point|score|reward|rating|mood|情绪值?|情绪分|情绪变化|心情值|分数|评分|打分|得分|好感度?|满意度)\s*[:：=]\s*[+＋-]?\s*\d+/i,
  /(?:情绪|心情|好感|分数|emotion|mood|score)[^。.!！\n]{0,12}[+＋]\s*\d+/i,
  /(?:^|[\s[【(（<「])(?:system|assistant|judge|grader|evaluator|moderator|系统|裁判|评委|评估员|评分员|模拟器|旁白)\s*(?:[:：\]】>」]|note|message|prompt|提示|通知|消息|说明|指令)/i,
  /(?:ignore|disregard) (?:all |any )?(?:previous|prior|above|earlier) (?:instructions|messages|rules)|忽略(?:之前|以上|前面|上述)(?:的|所有)?(?:指令|提示|规则|要求)/i,
  /<\|[a-z_]+\|>|<\/?(?:system|assistant|user|think|judge)>|\[\/?(?:INST|SYS)\]/i,
  /(?:用户|the user)\s*(?:现在|此时|听完|听到|读完|终于|已经|的情绪|的心情|露出|脸上|松了|now|feels?|felt|is now|smiles?)/i,
  // Stage directions in asterisks or brackets, wherever they stand: the user or a reaction narrated for the judge.
  /(?:(?<!\*)\*(?!\*)|[【[])[^*【】[\]\n]{0,40}(?:用户|the user)[^*【】[\]\n]{0,40}(?:(?<!\*)\*(?!\*)|[】\]])/i,
  /(?:(?<!\*)\*(?!\*)|[【[])[^*【】[\]\n]{0,30}(?:露出(?:了)?笑容|破涕为笑|感动得|释怀地|松了(?:一)?口气|smiles? (?:warmly|softly|at last)|feels? (?:truly |finally )?(?:understood|heard|seen))[^*【】[\]\n]{0,30}(?:(?<!\*)\*(?!\*)|[】\]])/i,
  /[（(][^）)\n]{0,40}(?:你|您|用户|她|他|you|the user|she|he)[^）)\n]{0,30}(?:感动|被治愈|释怀|好多了|好起来|开心起来|笑了|露出(?:了)?笑容|破涕为笑|情绪|心情|feels? (?:much |so )?better|smiles?|relieved|understood|moved)[^）)\n]{0,40}[）)]/i,
  /(?:^|\s)\*[^*:：\n]{0,40}(?:你|您|用户|她|他|you|the user|she|he)[^*\n]{0,30}(?:感动|被治愈|释怀|好多了|好起来|开心|笑|情绪|心情|feels?|better|smiles?|relieved|understood|moved)[^*\n]{0,40}\*/i,
];

function findJudgeInjection(reply: string): string | undefined {
  for (const pattern of JUDGE_INJECTION) {
    const match = pattern.exec(reply);
    if (match) return match[0].trim().slice(0, 40);
  }
  return undefined;
}

function grams(text: string, lang: Language): string[] {
  const tokens = contentTokens(text, lang);
  const size = lang === 'zh' ? 4 : 3;
  const result: string[] = [];
  for (let index = 0; index + size <= tokens.length; index += 1) {
    result.push(tokens.slice(index, index + size).join(' '));
  }
  return result;
}

/** Share of the reply's 4-character (zh) / 3-word (en) stretches copied verbatim from the given texts. */
export function copiedShare(reply: string, userMessages: readonly string[], lang: Language): number {
  const replyGrams = grams(reply, lang);
  if (replyGrams.length < 3) return 0;
  const said = new Set(userMessages.flatMap((message) => grams(message, lang)));
  return replyGrams.filter((gram) => said.has(gram)).length / replyGrams.length;
}

/** Common surnames that rarely start an ordinary word (何, 高, 周, 林 … are left out for that reason). */
const ZH_SURNAMES =
  '王李张刘陈杨赵吴徐孙胡朱郭罗郑梁谢宋唐韩冯邓曹彭肖董潘袁蔡蒋杜魏苏吕卢姚沈钟姜崔谭汪廖贾邹熊秦邱侯薛闫郝顾龚邵戴赖';
/** A person's name the way replies use it: a surname plus one or two characters, or 小/老/阿 plus one. */
const ZH_PERSON = new RegExp(
  `(?<![\\u4e00-\\u9fff])(?:[${ZH_SURNAMES}][\\u4e00-\\u9fff]{1,2}|[小老阿][\\u4e00-\\u9fff])(?=[，。！？、：；,.!?\\s]|$|[说的是也和跟在会要就都还])|(?<=[和跟与对让给被把向找问像等])(?:[${ZH_SURNAMES}][\\u4e00-\\u9fff]{1,2})(?=[，。！？、：；,.!?\\s]|$|[说的是也和跟在会要就都还])`,
  'g',
);
/** Ordinary words that start like a name. */
const ZH_NOT_PERSON =
  /^(?:小时|小事|小的|小小|小心|小孩|小组|小说|小点|小步|小目标|老师|老板|老家|老是|老公|老婆|老人|老实|阿姨|谢谢|谢绝|陈列|陈述|陈旧|刘海|孙子|徐徐|郑重|宋体|唐突|韩剧|董事|苏醒|苏打|钟表|钟点|钟爱|汪洋|顾虑|顾及|顾客|顾问|戴上|戴着|赖床|赖着|张开|张望|张罗|张力|王者|王国|杨柳|胡乱|胡说|胡思|罗列|唐朝|曹操|熊孩子|邹|杜绝|魏)/;

/**
 * People the reply talks about who do not exist in this dialogue: zh surname-and-given-name or 小X forms, en
 * capitalised words inside a sentence, absent from the persona, the story and every message so far.
 */
export function foreignNames(reply: string, dialogueText: string, lang: Language): string[] {
  const found = new Set<string>();
  if (lang === 'zh') {
    for (const match of reply.matchAll(ZH_PERSON)) {
      const name = match[0];
      if (ZH_NOT_PERSON.test(name) || dialogueText.includes(name.slice(0, 2)) || dialogueText.includes(name.slice(1))) {
        continue;
      }
      found.add(name);
    }
  } else {
    for (const match of reply.matchAll(/(?<=[a-z,;:] )[A-Z][a-z]{2,}(?:'s)?/g)) {
      const name = match[0].replace(/'s$/, '');
      if (
        !dialogueText.includes(name) &&
        // A sentence opener with a capital inside a sentence ("ask Honestly for …") is a splice, charged as one.
        !isSentenceOpener(name) &&
        !/^(?:I'm|I've|I'll|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|English|Chinese)$/.test(name)
      )
        found.add(name);
    }
  }
  return [...found];
}

/**
 * Text made of fragments rather than sentences: most clauses are one or two words long (keywords and stock phrases
 * strung together with commas), at least five of them.
 */
export function isFragmented(reply: string, lang: Language): boolean {
  const clauses = reply
    .split(/[，,、。！？!?；;：:\n…~～]+/)
    .map((clause) => contentTokens(clause, lang).length)
    .filter((size) => size > 0);
  if (clauses.length < 5) return false;
  const tiny = clauses.filter((size) => size <= (lang === 'zh' ? 3 : 1)).length;
  return tiny / clauses.length >= 0.5;
}

/**
 * Share of a reply's 4-character (zh) / 3-word (en) stretches copied verbatim from the user's messages from which it
 * is parroting: strong models' replies in the published SAGE files reach 0.03 at the 90th percentile and 0.15 at
 * the 99.9th; a reply quoting one clause of the user's (as the calibration oracle does) stays below.
 */
const PARROTING = 0.6;

/**
 * When a reply is the user's words cut up and handed back (`borrowedWords`, outside quotation marks, "I"/"you" folded):
 * a share of its stretches taken from the user's messages at or above `share` in at least `pieces` separate pieces.
 * Retelling one thing the user said inside the reply's own sentence (one piece) is listening, whatever its share.
 * Measured on this rule's introduction: strong models' replies on the published SAGE files (1,400, zh) reach 0.17 with
 * two or more pieces and 0.15 with three or more; the shipped reference replies (oracle-written, which quote and retell
 * the user's clauses) reach 0.36 with two pieces and 0.15 with three or more.
 */
const STITCHED: Readonly<Record<Language, readonly { share: number; pieces: number }[]>> = {
  zh: [
    { share: 0.4, pieces: 2 },
    { share: 0.16, pieces: 3 },
  ],
  en: [
    { share: 0.4, pieces: 2 },
    { share: 0.16, pieces: 3 },
  ],
};

/**
 * Stitched as well (zh): a share of the user's words from `share` in at least `pieces` pieces, `glued` of them glued on
 * to something else mid-clause (`BorrowedWords.glued`). Measured on introduction (first and last judged reply of the
 * 700 DeepSeek-V3-judged SAGE dialogues): strong models' replies with two or more pieces reach a share of 0.17 (none
 * meets the rule); the shipped reference replies reach 0.36 with two whole clauses (never glued) and 0.19 with one
 * glued piece. It sinks 160 of the 384 stitched-echo copies the share rules above let through.
 */
const GLUED = { share: 0.2, pieces: 2, glued: 1 };

/**
 * Relevance below which a reply is one-size-fits-all (see `dialogueRelevance`): it shares almost nothing specific
 * with this user's story and messages (`own`) AND fits the shipped background dialogues about as well (`margin`).
 */
const ONE_SIZE: Readonly<Record<Language, { own: number; margin: number }>> = {
  zh: { own: 0.35, margin: 1 },
  en: { own: 0.25, margin: 0.25 },
};

/**
 * Relevance of a reply's own words (the user's words taken out, `slotTemplate`) below which they are a stock frame: the
 * zh `not-for-me` limits, in both languages. The en `not-for-me` limits (0.25 / 0.25) flag only 106 of 192 en slot
 * copies; these flag 177 and 2 of 21 shipped en reference replies that carry the user's words (measured 2026-11-26,
 * docs/decisions/2026-11-26-slot-templates.md). Against the persona and story only: the user's messages carry the
 * simulator's stock reactions ("that makes some sense"), which would make a frame's stock words look like theirs.
 */
const SLOT_FRAME: Readonly<Record<Language, { own: number; margin: number }>> = {
  zh: ONE_SIZE.zh,
  en: ONE_SIZE.zh,
};

/** Overlap with an earlier reply from which the reply is the same reply said again. */
const NEAR_COPY = 0.95;

/** Whether most of the reply's letters are of the other language (a whole reply in the wrong language). */
function isOtherLanguage(reply: string, lang: Language): boolean {
  const latin = (reply.match(/[A-Za-z]/g) ?? []).length;
  const cjk = (reply.match(/[\u4e00-\u9fff]/g) ?? []).length;
  if (latin + cjk < 8) return false;
  return lang === 'zh' ? latin > 2 * cjk : cjk * 2 > latin;
}

/**
 * A broken quote that is a slip rather than the reply: the reply has at least `minUnits` units (zh characters / en
 * words) and its broken quotes are under `maxShare` of them. Strong models' long SAGE replies paraphrase inside quotes
 * now and then (12 of 6,290 replies trip `brokenQuotes`); sinking them cost per-turn ρ 0.0014. The trained policy's
 * replies (64 tokens at most) are far shorter and sink.
 */
const QUOTE_SLIP = { minUnits: { zh: 120, en: 60 } as Readonly<Record<Language, number>>, maxShare: 0.2 };

/** Each character the fluency model never saw (outside quotes) halves what the good points are worth. */
const UNKNOWN_UNIT_FADE = 0.5;

/**
 * How fluent a reply reads in [0, 1]: the shipped model's order gain over the whole reply (`fluencyFactor`), halved for
 * each character outside quotes the model never saw. The order gain alone does not see a garbled clause between two
 * stock sentences ("这不是你的错。我在地铁上突然心理。那颾了心久才靠得自己的将来，换作任何人都会难受。" reads 3.35 bits,
 * fully fluent), because the stock sentences carry it.
 */
function replyFluency(reply: string, lang: Language): number {
  const unknown = unknownUnits(withoutQuotes(reply), lang).length;
  return fluencyFactor(scoreFluency(reply, lang), lang) * UNKNOWN_UNIT_FADE ** unknown;
}

/**
 * Check a reply's integrity before judging its content: broken text (repetition, stutter, mixed language, word
 * salad under the fluency model), a reply cut off mid-sentence, text aimed at the judge, the user's own words
 * parroted back, people from another conversation, strings of fragments, a reply in the other language, an
 * earlier reply said again.
 */
export function checkReplyIntegrity(input: IntegrityInput): ReplyIntegrity {
  const { reply, lang } = input;
  const issues: IntegrityIssue[] = [];
  let oneSize: IntegrityIssue | undefined;
  if (isOtherLanguage(reply, lang)) issues.push({ code: 'wrong-language', detail: lang });
  // Word splices are charged by the judge itself, graded by how much of the reply they take (`word-splice-charge.ts`).
  const audit = auditReply(reply, lang, { splices: false });
  for (const kind of audit.kinds) {
    if (kind === 'cut_off') issues.push({ code: 'cut-off', detail: audit.evidence.cut_off ?? '' });
    else if (!(kind === 'mixed_language' && issues.length > 0)) {
      issues.push({ code: 'broken-text', detail: `${kind}: ${audit.evidence[kind] ?? ''}` });
    }
  }
  const injection = findJudgeInjection(reply);
  if (injection) issues.push({ code: 'judge-injection', detail: injection });
  const copied = copiedShare(reply, input.userMessages, lang);
  const borrowed = borrowedWords(reply, input.userMessages, lang);
  if (copied >= PARROTING) issues.push({ code: 'parroting', detail: `${Math.round(copied * 100)}%` });
  else if (
    STITCHED[lang].some((limit) => borrowed.share >= limit.share && borrowed.pieces >= limit.pieces) ||
    (borrowed.share >= GLUED.share && borrowed.pieces >= GLUED.pieces && borrowed.glued >= GLUED.glued)
  ) {
    issues.push({ code: 'stitched-words', detail: `${Math.round(borrowed.share * 100)}%` });
  }
  const madeUp = madeUpQuotes(reply, input.userMessages, lang);
  if (madeUp.length > 0) issues.push({ code: 'made-up-quote', detail: (madeUp[0] as string).slice(0, 30) });
  const broken = brokenQuotes(reply, input.userMessages, lang);
  let quoteSlip: IntegrityIssue | undefined;
  if (broken.length > 0) {
    const issue: IntegrityIssue = { code: 'broken-quote', detail: (broken[0]?.quote ?? '').slice(0, 30) };
    const quoted = broken.reduce((sum, quote) => sum + contentTokens(quote.quote, lang).length, 0);
    const total = contentTokens(reply, lang).length;
    if (total >= QUOTE_SLIP.minUnits[lang] && quoted / total < QUOTE_SLIP.maxShare) quoteSlip = issue;
    else issues.push(issue);
  }
  const strangers = foreignNames(reply, input.dialogueText, lang);
  if (strangers.length > 0) issues.push({ code: 'off-topic', detail: strangers.slice(0, 2).join(', ') });
  if (isFragmented(reply, lang))
    issues.push({ code: 'fragments', detail: splitSentences(reply)[0]?.slice(0, 20) ?? '' });
  let relevance: DialogueRelevance | undefined;
  let slotted: IntegrityIssue | undefined;
  if (input.userSide !== undefined) {
    relevance = dialogueRelevance(reply, input.userSide, lang);
    const limit = ONE_SIZE[lang];
    if (relevance.own < limit.own && relevance.margin < limit.margin) {
      oneSize = { code: 'not-for-me', detail: splitSentences(reply)[0]?.slice(0, 30) ?? '' };
    }
    // One-size or not as a whole (stock praise is let through when praise is wanted), a frame around the user's words
    // is a slot template.
    const frame = slotTemplate(
      reply,
      input.userMessages,
      input.userSide[0] ?? '',
      lang,
      SLOT_FRAME[lang],
      input.earlierReplies,
    );
    if (frame) slotted = { code: frame.bare ? 'bare-slot' : 'slot-template', detail: frame.frame.slice(0, 40) };
  }
  const copies = (input.earlierOverlaps ?? []).filter((overlap) => overlap >= NEAR_COPY).length;
  if (copies > 0) issues.push({ code: 'repeated-reply', detail: `${copies}` });
  return {
    issues,
    fluency: replyFluency(reply, lang),
    borrowed: borrowed.share,
    oneSize,
    slotTemplate: slotted,
    quoteSlip,
    relevance,
  };
}
