/** zh function characters that the language never doubles (我我, 的的, 在在 outside 实实在在 …). */
export const ZH_NEVER_DOUBLED_CHARACTERS = '我你他她它的了在是不有就都也会能要很这那吗呢吧和但';

/**
 * Of those, the characters that also open common words (和谐, 有效, 是否, 能够, 在意 …), so that "平衡和和谐" or
 * "特别是是否" double them across a word boundary. Adverbs and demonstratives are left out: "不不是", "这这个" are
 * stutters.
 */
export const ZH_DOUBLING_STARTS_TOO = '和有在是能会要';

/** Personal pronouns: doubled after a verb they are its object and the next clause's subject (给我我想, 告诉他他的). */
export const ZH_PRONOUNS = '我你他她它';

/**
 * Verbs and prepositions that take a person as object, so that the pronoun after them may open the next clause
 * (给我我想, 告诉他他的, 陪你你就). Any other character before a doubled pronoun leaves it a stutter (的我我).
 */
export const ZH_PERSON_OBJECT_VERBS = '给诉让叫帮陪问找请谢带等教劝骂怪催求逼跟对和向替为';
