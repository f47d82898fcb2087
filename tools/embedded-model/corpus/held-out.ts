import { loadScenarioSet } from '@rlver/simulator';
import type { Profile } from '@rlver/spec';

/**
 * The text of held-out scenarios that the pretraining corpus must never contain: their openings and every
 * sentence of their stories. The corpus draws from the same topic templates as the scenario generator, so the
 * same template with the same name and thing would otherwise reproduce a held-out user's words verbatim.
 */
export interface HeldOutText {
  openings: ReadonlySet<string>;
  sentences: ReadonlySet<string>;
}

/** Sentences of a text (zh and en punctuation, line breaks), trimmed, at least 6 characters. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[。！？!?.])\s*|\n+/u)
    .map((sentence) => sentence.replace(/^[\s*#>\-–—\d.、]+/u, '').trim())
    .filter((sentence) => sentence.length >= 6);
}

/** Held-out text of these profiles (openings and story sentences). */
export function heldOutTextOf(profiles: readonly Profile[]): HeldOutText {
  return {
    openings: new Set(profiles.map((profile) => (profile.first_talk ?? '').trim()).filter(Boolean)),
    sentences: new Set(profiles.flatMap((profile) => sentencesOf(`${profile.scene}\n${profile.first_talk ?? ''}`))),
  };
}

/** The held-out scenarios of the RL job and its benchmark: `@rlver/simulator`'s test split in zh and en. */
export function shippedHeldOutText(): HeldOutText {
  return heldOutTextOf([...loadScenarioSet('zh', 'test'), ...loadScenarioSet('en', 'test')]);
}

/** Whether a story's user-side text (opening or any detail) reproduces held-out text. */
export function touchesHeldOut(story: { opener: string; details: readonly string[] }, heldOut: HeldOutText): boolean {
  if (heldOut.openings.has(story.opener.trim())) return true;
  return [story.opener, ...story.details].some((text) =>
    sentencesOf(text).some((sentence) => heldOut.sentences.has(sentence) || heldOut.openings.has(sentence)),
  );
}
