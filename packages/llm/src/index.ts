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
  createUsageMeter,
  type EndpointUsage,
  endpointUsageSchema,
  type UsageMeter,
  type UsagePrice,
  usagePriceSchema,
} from './endpoint-usage';
export { describeEndpointUsage, formatCost } from './format-endpoint-usage';
export { type EndpointLimits, estimateRequestTokens, withEndpointLimits } from './limited-chat-client';
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
export { type RoleEndpointConfig, roleEndpointConfigSchema } from './role-endpoint-config';
export { createTokenBucketLimiter, type RateLimit, type TokenBucketLimiter } from './token-bucket';
