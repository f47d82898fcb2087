import type { EmotionBand, EmotionSettings, Language } from '@rlver/spec';

/** Band of a score (spec §3.2), defined once in @rlver/spec. */
export { bandOf } from '@rlver/spec';

/** The reference label of a band, e.g. `Emotion-C` (what the reply stage is told). */
export function bandLabel(band: EmotionBand): `Emotion-${EmotionBand}` {
  return `Emotion-${band}`;
}

/**
 * Apply a proposed change: clamp Δ to ±`deltaClamp`, add, cap at `cap`, clamp below at `lowerClamp`.
 * Returns the new score and the change actually applied.
 */
export function applyEmotionDelta(
  settings: EmotionSettings,
  emotion: number,
  proposedDelta: number,
): { emotion: number; delta: number } {
  const rounded = Math.round(proposedDelta);
  const clamped =
    settings.deltaClamp === null ? rounded : Math.max(-settings.deltaClamp, Math.min(settings.deltaClamp, rounded));
  let next = Math.min(emotion + clamped, settings.cap);
  if (settings.lowerClamp !== null) next = Math.max(next, settings.lowerClamp);
  return { emotion: next, delta: next - emotion };
}

const ZH_GOODBYE = /再见|拜拜/;
const EN_GOODBYE = /\b(good\s?-?bye|bye(?:-bye)?|farewell)\b/i;

/**
 * Goodbye detection on the user's reply only (spec §3.8, §9 #14). `substring` (parity): 再见/拜拜 anywhere,
 * plus English "goodbye"/"bye" as whole words. `strict`: the goodbye must be in the last sentence and not
 * inside quotes.
 */
export function isGoodbye(reply: string, mode: 'substring' | 'strict' = 'substring', _lang?: Language): boolean {
  if (mode === 'substring') return ZH_GOODBYE.test(reply) || EN_GOODBYE.test(reply);
  const unquoted = reply.replace(/“[^”]*”|"[^"]*"|「[^」]*」/g, '');
  const sentences = unquoted.split(/(?<=[。！？!?.])\s*/).filter((sentence) => sentence.trim() !== '');
  const last = sentences[sentences.length - 1] ?? '';
  return ZH_GOODBYE.test(last) || EN_GOODBYE.test(last);
}

/** Whether the score ends the dialogue: `ceiling`, `floor`, or undefined. */
export function thresholdReached(settings: EmotionSettings, emotion: number): 'ceiling' | 'floor' | undefined {
  if (settings.ceilingStop !== null && emotion >= settings.ceilingStop) return 'ceiling';
  const floor = settings.floorStop;
  if (floor && (floor.operator === '<' ? emotion < floor.value : emotion <= floor.value)) return 'floor';
  return undefined;
}

/**
 * End of the dialogue after a user turn, in the spec's order: goodbye first, then the thresholds.
 */
export function endReasonOf(
  settings: EmotionSettings,
  turn: { emotion: number; reply: string },
  goodbyeMode: 'substring' | 'strict' = 'substring',
): 'goodbye' | 'ceiling' | 'floor' | undefined {
  if (settings.goodbyeStop && isGoodbye(turn.reply, goodbyeMode)) return 'goodbye';
  return thresholdReached(settings, turn.emotion);
}
