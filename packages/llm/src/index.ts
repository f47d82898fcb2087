export {
  type ChatClient,
  type ChatCompletionRequest,
  type ChatCompletionResult,
  createOpenAIChatClient,
  isLoopbackURL,
  type JsonSchemaFormat,
  type OpenAIChatClientConfig,
  parseOpenAIModelFlag,
} from './chat-client';
export { defaultBaseURL, OPENAI_API_BASE_URL } from './default-base-url';
export {
  type CacheEntry,
  type CacheMode,
  cacheEntrySchema,
  cacheKey,
  cacheModeSchema,
  canonicalJson,
  createFileCache,
  type LlmCache,
} from './llm-cache';
export { mapOpenAIError } from './map-openai-error';
export { defaultSleep, type RetryOptions, retryWithExponentialBackoff } from './retry-with-exponential-backoff';
