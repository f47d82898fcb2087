export { CacheMissError } from './cache-miss-error';
export { InvalidConfigError } from './invalid-config-error';
export { InvalidInputError } from './invalid-input-error';
export { InvalidLLMOutputError } from './invalid-llm-output-error';
export { LLMCallError } from './llm-call-error';
export { MissingAPIKeyError } from './missing-api-key-error';
export { RlverError } from './rlver-error';
export { UnsupportedSpecVersionError } from './unsupported-spec-version-error';
