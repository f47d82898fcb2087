export {
  type AuditReplyOptions,
  auditReply,
  DEGENERATE_KINDS,
  type DegenerateKind,
  type ReplyAudit,
} from './audit-reply';
export {
  contentTokens,
  findMixedLanguage,
  findRepetition,
  findStutter,
  isCutOff,
  splitSentences,
} from './detect/degenerate-signals';
export { findFunctionWordSeam, isSentenceOpener } from './detect/function-word-seams';
export { findWordSplice, findWordSplices } from './detect/word-splices';
export {
  type BigramModel,
  type BigramModelFile,
  bigramModelFileSchema,
  createBigramModel,
} from './fluency/bigram-model';
export {
  type FluencyScore,
  FULL_FLUENCY_THRESHOLD,
  fluencyFactor,
  LOW_FLUENCY_THRESHOLD,
  MIN_UNITS_FOR_FLUENCY,
  scoreFluency,
} from './fluency/fluency-score';
export { fluencyUnits } from './fluency/fluency-units';
export { fluencyModel, loadFluencyModelFile } from './fluency/load-fluency-model';
export { unknownUnits } from './fluency/unknown-units';
export { type ReplyAuditSummary, replyOpening, summarizeReplyAudits } from './summarize-reply-audits';
