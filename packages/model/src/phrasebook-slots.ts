import type { ChatMessage, Language, Rng } from '@rlver/spec';

/**
 * What a grounded reply is built from: only what the user has said (the policy sees the dialogue, never the hidden
 * profile). Each value is short, so a reply that uses it says something of its own about this user rather than
 * saying the user's sentence back (the offline user sinks a frame around a quote or a run of ≥ 6 zh characters /
 * 4 en words the user said). Shared by the pretraining corpus (tools/embedded-model) and the phrasebook rule.
 */
export interface GroundedSlots {
  /** The other person as the user named them, or '' when the user named nobody. */
  name: string;
  /** The concrete thing or event of the story, as a short noun phrase ("外放声音", "the proposal"); '' when the user has not said it. */
  thing: string;
  /** A short fragment of the user's last message (zh 2–4 characters, en a noun phrase of 2–3 words); '' when it has none. */
  bit: string;
  /** How the user likely feels, an adjective ("委屈", "hurt"). */
  feeling: string;
}

/** zh fragment lengths: 4 at most, so a fragment and a character around it stay under the 6 of a said-back run. */
const ZH_FRAGMENT = { min: 2, max: 4 } as const;
/**
 * zh words that are no content of a story (pronouns, particles, adverbs, auxiliaries, measure words, time words,
 * verbs of saying and thinking): a fragment never holds one, so it names a thing or an event, not "知道" or "好像".
 */
const ZH_FUNCTION_WORDS = new Set(
  (
    '我 你 他 她 它 我们 你们 他们 她们 它们 自己 大家 别人 人家 咱们 的 了 着 过 地 得 是 在 和 与 及 就 都 也 还 又 把 被 让 给 对 跟 向 ' +
    '从 为 因 所 但 而 却 才 再 只 更 可 很 太 真 最 挺 好 多 少 说 讲 问 吗 呢 吧 啊 呀 嘛 哦 哈 呗 啦 这 那 哪 这个 那个 这些 那些 这样 ' +
    '那样 这么 那么 这种 那种 什么 怎么 怎样 为什么 有 没 没有 不 个 一 要 会 想 能 已 已经 一直 一下 一点 有点 有些 一些 真的 其实 ' +
    '还是 可是 但是 因为 所以 如果 虽然 然后 而且 或者 不过 只是 就是 总是 老是 每次 每天 时候 现在 今天 昨天 明天 早上 晚上 上午 下午 ' +
    '刚才 刚刚 后来 之前 之后 以前 以后 最近 一次 几次 这次 那次 上次 知道 觉得 感觉 好像 似乎 可能 应该 意思 事情 事 东西 样子 回事 ' +
    '一样 怎么办 结果 甚至 居然 竟然 突然 终于 完全 根本 特别 非常 真是 确实 到底 反正 全 全是 都是 也是 不是 还有 只有 又是 次 遍 ' +
    '条 件 种 本 张 位 些 点 天 年 月 号 小时 分钟 半 两 三 几 第一 那里 这里 哪里 里 上 下 中 来 去 到 看 做 弄 搞 出 起 ' +
    '快 好几 出来 回来 起来 下去 过来 不下去 不住 不知道 不想 不好 不懂 不行 都不 都没 还没 也不 也没 就不 又不 又没 都在 还在 ' +
    '为了 收到 接到 看到 想到 听到 遇到 碰到 拿到 找到 借给 发现 准备 开始 继续 被人 直接 基本 越来越 心里 凌晨 半夜 中午 ' +
    '不出来 不敢 不了 上周 下周 这周 周末 昨晚 今晚 天亮 星期 月底 年底 最后 当时 那天 整天'
  ).split(' '),
);
/** zh words that count or point ("一条", "这次", "两天"), start with a pronoun, an adverb or a preposition ("我只", "好难", "又有人叫") or end on 的 ("好的"): no content either. */
const ZH_FUNCTION_SHAPE =
  /^(?:[一二两三四五六七八九十百千几半整这那每哪某].*|[我你他她它咱好很太又都还就也才再被让把给对跟].*|.+的)$/u;
/** Single characters that may not open or close a zh fragment: what the function words are made of at their edges. */
const ZH_EDGE =
  /^[的了着过地得是在和就都也把被让给对跟很太吗呢吧啊呀嘛么个些]|[的了着把被让给对跟和与很太么吗呢吧啊呀嘛里]$/u;
const zhWords = new Intl.Segmenter('zh', { granularity: 'word' });

/**
 * Content fragments of a zh message: runs of whole words (word boundaries of `Intl.Segmenter('zh')`, so a fragment
 * never starts or ends inside a word) between punctuation, function words and the `avoid` words (names), 2–4
 * characters long. A run longer than 4 gives its longest last words that fit (the head of a zh phrase comes last:
 * "改了三遍的方案" → "方案"); a run of one character gives nothing.
 */
export function zhFragments(message: string, avoid: readonly string[] = []): string[] {
  const fragments: string[] = [];
  const cut = avoid.reduce((text, word) => (word === '' ? text : text.split(word).join('，')), message);
  let run: string[] = [];
  const close = () => {
    const fragment = fittingTail(run);
    run = [];
    if (fragment === undefined || slotFillingFlaw(fragment, 'zh') !== undefined) return;
    if (avoid.some((word) => word !== '' && (fragment.includes(word) || word.includes(fragment)))) return;
    fragments.push(fragment);
  };
  for (const { segment, isWordLike } of zhWords.segment(cut)) {
    if (!isWordLike || !/^\p{Script=Han}+$/u.test(segment) || isZhFunctionWord(segment)) close();
    else run.push(segment);
  }
  close();
  return [...new Set(fragments)];
}

function isZhFunctionWord(word: string): boolean {
  return ZH_FUNCTION_WORDS.has(word) || ZH_FUNCTION_SHAPE.test(word);
}

/**
 * The longest run of last whole words of `run` that is 2–4 characters long, or undefined. Single characters that
 * open the run are left out, and a run of single characters only is no fragment: the dictionary splits what it does
 * not know (a name it has never seen: "曹|静|怡") into single characters.
 */
function fittingTail(run: readonly string[]): string | undefined {
  const start = run.findIndex((word) => [...word].length > 1);
  if (start < 0) return undefined;
  const words = run.slice(start);
  let tail = '';
  for (let index = words.length - 1; index >= 0; index -= 1) {
    const longer = `${words[index]}${tail}`;
    if ([...longer].length > ZH_FRAGMENT.max) break;
    tail = longer;
  }
  return [...tail].length >= ZH_FRAGMENT.min ? tail : undefined;
}

/** en noun phrases: a determiner and one or two words. */
const EN_NOUN_PHRASE = /\b(the|my|a|an|his|her|our|their)\s+([a-z][a-z-]*(?:\s+[a-z][a-z-]*)?)\b/giu;
const EN_STOP =
  /^(?:and|but|so|or|to|of|in|on|at|for|with|from|was|were|is|are|be|been|it|that|this|me|him|her|them|us|you|i|he|she|they|we|did|do|not|no|just|all|again|very|too|up|out|off|when|while|because|if|then|as|after|before|until|since|there|here|now|today|yesterday|still|ever|never|anymore|what|who|how|why|where|only|one|till|behind|about|over|into|through|around|without|against|near|like|by|hasn|haven|isn|wasn|didn|doesn|don|won|can|let)$/iu;
/** en heads that name an amount, a time or nothing in particular ("a little", "the whole", "the morning"): no story's thing. */
const EN_VAGUE_HEAD =
  /^(?:little|bit|lot|lots|few|couple|same|whole|rest|other|others|first|last|next|way|time|times|thing|things|stuff|while|end|moment|minute|minutes|hour|hours|day|days|week|weeks|weekend|month|months|year|years|morning|afternoon|evening|night|point|part|kind|sort|fact|idea|reason|feeling|mood|mind|head|life|situation|problem|issue|word|words|something|everything|nothing|anything|second|half|most|least|best|worst|only|own|entire|other|usual|one|ones)$/iu;
/** en words that end a clause, not a noun phrase: past forms and common verbs ("my boss yelled", "the team said"). */
const EN_VERB =
  /^(?:[a-z]{2,}[^e]ed|said|says|died|dies|set|sat|hit|cut|quit|lied|told|tells|made|makes|got|gets|went|goes|gave|gives|left|took|takes|came|comes|kept|keeps|sent|thought|thinks|felt|feels|knew|knows|saw|sees|seems|seemed|wants|wanted|needs|said|let|lets|put|puts|ran|runs|won|lost|hurt|hurts|forgot|forgets|became|brought|bought|broke|wrote|spoke|met|heard|meant|means|tried|tries|asked|asks|has|had|have|can|could|would|should|will|might|must|ever|really|never|always|just|also|even|finally|literally|basically|actually)$/iu;

/** Noun phrases of an en message ("a table", "the methods section"), retold to the user ("my" → "your"). */
export function enNounPhrases(message: string, avoid: readonly string[] = []): string[] {
  const phrases: string[] = [];
  for (const match of message.matchAll(EN_NOUN_PHRASE)) {
    const determiner = (match[1] as string).toLowerCase();
    const captured = (match[2] as string).split(/\s+/u);
    let words = captured;
    while (
      words.length > 0 &&
      (EN_STOP.test(words.at(-1) as string) || (words.length > 1 && EN_VERB.test(words.at(-1) as string)))
    )
      words = words.slice(0, -1);
    if (words.length === 0 || EN_STOP.test(words[0] as string)) continue;
    // Two words that end where the pattern stops, with a content word after them: the phrase goes on ("an edited
    // chat log"), and a cut phrase reads badly.
    const after = message.slice((match.index ?? 0) + match[0].length);
    if (/^['’]/u.test(after)) continue; // a possessive ("the residents’ chat"): the phrase is the chat, not the residents
    const next = /^\s+([a-z][a-z-]*)/u.exec(after)?.[1];
    if (words.length === 2 && captured.length === 2 && next !== undefined && !EN_STOP.test(next) && !EN_VERB.test(next))
      continue;
    if (avoid.some((word) => word !== '' && words.some((entry) => entry.toLowerCase() === word.toLowerCase())))
      continue;
    const retold = determiner === 'my' || determiner === 'our' ? 'your' : determiner;
    // Three units at most with the determiner ("the client follow-up" is four: a run the user said, not a mention).
    if (words.some((word) => word.length < 3) || `${retold} ${words.join(' ')}`.split(/[\s-]+/u).length > 3) continue;
    const phrase = `${retold} ${words.join(' ')}`;
    if (slotFillingFlaw(phrase, 'en') === undefined) phrases.push(phrase);
  }
  return phrases;
}

/**
 * Why a slot filling would read badly in a reply, or undefined when it reads as a phrase: zh a function word or a
 * fragment that opens or closes on a function character ("么回事", "种话"), en a phrase without a content head
 * ("a little", "the morning"), one that ends on a verb ("your boss yelled") or holds a stop word. Does not see
 * half-words cut from a longer zh word: the cutter avoids those by cutting on word boundaries.
 */
export function slotFillingFlaw(filling: string, lang: Language): string | undefined {
  if (lang === 'zh') {
    if ([...filling].length < ZH_FRAGMENT.min) return 'shorter than two characters';
    if (isZhFunctionWord(filling)) return 'a function word';
    if (ZH_EDGE.test(filling)) return 'opens or closes on a function character';
    return undefined;
  }
  const words = filling.split(/\s+/u);
  const head = words.at(-1) as string;
  if (words.length < 2 && !/^[A-Z]/u.test(filling)) return 'no determiner';
  if (EN_VAGUE_HEAD.test(head)) return 'an amount, a time or a vague word';
  if (EN_VERB.test(head)) return 'ends on a verb';
  if (words.slice(1).some((word) => EN_STOP.test(word))) return 'holds a stop word';
  return undefined;
}

/**
 * `thing` cut to what a reply may say verbatim without saying the user's words back (the offline user takes a run of
 * 6 zh characters / 4 en words the user said out of the reply as theirs): zh keeps what follows the last 的 when the
 * phrase is longer than 4 characters ("半夜的外放声音" → "外放声音"), or its last 3 ("班级排名表" → "排名表"), en keeps the determiner and the last word when it
 * has more than 3 ("the final-round interview" → "the interview"). Undefined when nothing of it is left.
 */
export function shortThing(thing: string, lang: Language): string | undefined {
  if (lang === 'zh') {
    if ([...thing].length <= ZH_FRAGMENT.max) return thing;
    const tail = [...thing.slice(thing.lastIndexOf('的') + 1)];
    if (tail.length >= ZH_FRAGMENT.min && tail.length <= ZH_FRAGMENT.max) return tail.join('');
    return tail.length > ZH_FRAGMENT.max ? tail.slice(-3).join('') : undefined;
  }
  const words = thing.split(/[\s-]+/u);
  if (words.length <= 3) return thing;
  const determiner = /^(?:the|my|your|a|an|his|her|their|our)$/iu.test(words[0] as string) ? `${words[0]} ` : '';
  const last = thing.split(/\s+/u).at(-1) as string;
  return last.includes('-') ? undefined : `${determiner}${last}`;
}

/** Content pieces of a user message: zh fragments of 2–4 characters, en noun phrases. */
export function contentPieces(message: string, lang: Language, avoid: readonly string[] = []): string[] {
  return lang === 'zh' ? zhFragments(message, avoid) : enNounPhrases(message, avoid);
}

/** A short fragment of `message` worth weaving into a reply, or undefined when it has none. */
export function pickFragment(message: string, lang: Language, rng: Rng, avoid: readonly string[]): string | undefined {
  const fragments = contentPieces(message, lang, avoid);
  return fragments.length > 0 ? rng.pick(fragments) : undefined;
}

/** How the user feels, when nothing they said names it (the corpus fills `feeling` from its own story). */
export const DEFAULT_FEELING: Readonly<Record<Language, string>> = { zh: '难受', en: 'hurt' };

/** Capitalised en words that are not names. */
const EN_NOT_NAMES = new Set([
  'I',
  'I’m',
  "I'm",
  "I've",
  "I'd",
  "I'll",
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
  'Mom',
  'Dad',
  'God',
  'English',
  'Christmas',
]);

/**
 * The other person's name, taken only from the user's messages: one of `knownNames` (the corpus's names) the user
 * wrote, or (en) a capitalised word that does not start a sentence. '' when the user named nobody.
 */
export function namedPerson(userMessages: readonly string[], lang: Language, knownNames: readonly string[]): string {
  const text = userMessages.join('\n');
  const known = knownNames.find((name) => text.includes(name));
  if (known) return known;
  if (lang === 'zh') return '';
  for (const sentence of text.split(/[.!?\n]+/u)) {
    const words = sentence
      .trim()
      .split(/[\s,;:]+/u)
      .slice(1);
    const name = words.find((word) => /^[A-Z][a-z]{2,}$/u.test(word) && !EN_NOT_NAMES.has(word));
    if (name) return name;
  }
  return '';
}

/**
 * The slot fillings a reply may use at this turn, from the user's messages only (never the hidden profile): the name
 * they said, the story's thing (the first content piece of their opening, cut by `shortThing`) and up to `maxBits`
 * different fragments of their last message.
 */
export function groundedSlotOptions(
  messages: readonly Pick<ChatMessage, 'role' | 'content'>[],
  lang: Language,
  knownNames: readonly string[],
  maxBits = 2,
): GroundedSlots[] {
  const said = messages.filter((message) => message.role === 'user').map((message) => message.content);
  const name = namedPerson(said, lang, knownNames);
  const opening = said[0] ?? '';
  const last = said.at(-1) ?? '';
  const avoid = name === '' ? [] : [name];
  const firstPiece = contentPieces(opening, lang, avoid)[0];
  const thing = firstPiece === undefined ? '' : (shortThing(firstPiece, lang) ?? '');
  const bits = [...new Set(contentPieces(last, lang, thing === '' ? avoid : [...avoid, thing]))]
    .filter((bit) => thing === '' || (!bit.includes(thing) && !thing.includes(bit)))
    .slice(0, maxBits);
  const feeling = DEFAULT_FEELING[lang];
  if (bits.length === 0) return thing === '' ? [] : [{ name, thing, bit: '', feeling }];
  return bits.map((bit) => ({ name, thing, bit, feeling }));
}
