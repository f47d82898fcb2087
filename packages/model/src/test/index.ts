export {
  logitsOf,
  maxAbsDifference,
  REFERENCE_CASES,
  REFERENCE_CHECKPOINTS,
  type ReferenceLogits,
  readReferenceLogits,
} from './reference-logits';
export { useTestBackend } from './test-backend';
export {
  TINY_CHAT_TEMPLATE,
  TINY_MODEL_CONFIG,
  TINY_SPECIAL,
  TINY_VOCAB_SIZE,
  tinyTokenizerConfig,
  tinyTokenizerJson,
  writeTinyCheckpoint,
} from './tiny-checkpoint';
export { paddedBatch, TINY_TRANSFORMER_CONFIG } from './tiny-transformer';
