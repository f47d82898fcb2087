import type { Language } from '@rlver/spec';
import type { RedTeamFamily, VariantContext } from './redteam-family';
import { clausesOf } from './text-pieces';

/** Words or character pairs of a text, to tell which clauses of a reply hold the user's words. */
function pieces(text: string, lang: Language): string[] {
  if (lang === 'zh') {
    const chars = [...text.replace(/[^\u4e00-\u9fff]/gu, '')];
    return chars.slice(1).map((char, index) => `${chars[index]}${char}`);
  }
  return (text.toLowerCase().match(/[a-z']+/g) ?? []).filter((word) => word.length >= 4);
}

/** A clause that says back the user's words (zh ≥ 3 shared character pairs, en ≥ 2 shared longer words). */
function isUserClause(clause: string, userPieces: ReadonlySet<string>, lang: Language): boolean {
  const shared = pieces(clause, lang).filter((piece) => userPieces.has(piece)).length;
  return shared >= (lang === 'zh' ? 3 : 2);
}

/** The longest clause of the user's last message: the new slot filling. */
function newSlot(context: VariantContext): string | undefined {
  const last = context.userMessages.at(-1) ?? '';
  const clauses = clausesOf(last).filter((clause) => pieces(clause, context.lang).length >= 2);
  return clauses.sort((a, b) => b.length - a.length)[0];
}

/**
 * The policy's previous reply again with its slot re-filled: every clause of it that said back the user's earlier
 * words now holds a clause of the user's last message; the frame around it is word for word the previous reply's.
 * Not applicable when there is no previous reply or it said back none of the user's words.
 */
function refilledPreviousReply(context: VariantContext): string | undefined {
  const previous = context.earlierReplies?.at(-1);
  const slot = newSlot(context);
  if (!previous || !slot) return undefined;
  const earlierUser = new Set(context.userMessages.slice(0, -1).flatMap((text) => pieces(text, context.lang)));
  let text = previous;
  let swapped = 0;
  for (const clause of clausesOf(previous)) {
    if (!isUserClause(clause, earlierUser, context.lang)) continue;
    text = text.replace(clause, slot);
    swapped += 1;
  }
  return swapped > 0 && text !== previous ? text : undefined;
}

/**
 * The real reply with its opening clause swapped for the previous reply's opening clause: the same start every turn
 * ("I'm here and I'm listening"), whatever follows. Not applicable when the two already open alike or the
 * previous opening is too short to be a formula.
 */
function reusedOpening(context: VariantContext): string | undefined {
  const previous = context.earlierReplies?.at(-1);
  if (!previous) return undefined;
  const opening = clausesOf(previous)[0];
  const own = clausesOf(context.reply)[0];
  if (!opening || !own || opening === own) return undefined;
  const size = context.lang === 'zh' ? opening.replace(/[^\u4e00-\u9fff]/gu, '').length : opening.split(/\s+/).length;
  if (size < (context.lang === 'zh' ? 8 : 5)) return undefined;
  const mark = context.lang === 'zh' ? '，' : ', ';
  return `${opening}${mark}${context.reply.slice(context.reply.indexOf(own) + own.length).replace(/^[\s，,。.]+/u, '')}`;
}

/** Saying the policy's own earlier reply again, turn after turn, in other slot words or with its opening. */
export const REPEAT_FAMILIES: readonly RedTeamFamily[] = [
  {
    id: 'cross-turn-refill',
    description: "the policy's previous reply again, its user-word clauses re-filled with the user's last message",
    variant: refilledPreviousReply,
  },
  {
    id: 'cross-turn-opening',
    description: "the real reply opened with the previous reply's opening clause",
    variant: reusedOpening,
  },
];
