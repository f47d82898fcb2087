import { z } from 'zod';
import { intentionKeySchema } from './intentions';
import { languageSchema } from './language';

/**
 * A simulated user's profile in the reference JSONL format (spec §2.2), plus optional project fields.
 * Unknown extra keys are kept. `scene` is kept verbatim, hidden-theme tail included.
 */
export const profileSchema = z
  .object({
    /** Unique id (uuid4 in the reference data). */
    id: z.string().min(1),
    /** Persona: name, age, gender, occupation, hobbies, habits, speaking style (markdown bullets). */
    player: z.string().min(1),
    /** Background script; ends with the hidden theme after `####隐藏主题:` (or `#### Hidden theme:`). */
    scene: z.string().min(1),
    /** Personality type: 负面型 | 被动型 | 回避型 (or negative | passive | avoidant). */
    main_cha: z.string().min(1),
    /** Three traits of that type. */
    cha_group: z.array(z.string()),
    /** Hidden intention in words (one of 8, spec §2.5). */
    task: z.string().min(1),
    /** The user's opening message (test profiles; required by the `sage` preset). */
    first_talk: z.string().optional(),
    /** `<category>-<question>`; absent from released profiles. */
    topic: z.string().optional(),
    /** Project extension: language of the profile (default zh, as the reference data). */
    lang: languageSchema.optional(),
    /** Project extension: intention key, when known. */
    intention: intentionKeySchema.optional(),
  })
  .loose();
export type Profile = z.infer<typeof profileSchema>;

export const personalityTypeSchema = z.enum(['negative', 'passive', 'avoidant']);
export type PersonalityType = z.infer<typeof personalityTypeSchema>;

const PERSONALITY_ALIASES: Record<string, PersonalityType> = {
  负面型: 'negative',
  被动型: 'passive',
  回避型: 'avoidant',
  negative: 'negative',
  passive: 'passive',
  avoidant: 'avoidant',
};

/** Map `main_cha` (zh or en) to a personality type; `undefined` when unknown. */
export function personalityTypeOf(mainCharacter: string): PersonalityType | undefined {
  return PERSONALITY_ALIASES[mainCharacter.trim().toLowerCase()] ?? PERSONALITY_ALIASES[mainCharacter.trim()];
}
