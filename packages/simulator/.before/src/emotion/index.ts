export { applyEmotionDelta, bandLabel, bandOf, endReasonOf, isGoodbye, thresholdReached } from './emotion-model';
export { EMOTION_PRESETS, type EmotionPresetName, resolveEmotionSettings } from './emotion-presets';
