export { buildSimulator, preparePolicy } from './build-agents';
export {
  createEndpointFactory,
  defaultCacheDir,
  type EndpointFactory,
  type EndpointSettings,
} from './create-endpoints';
export { probeOpenAIEndpoint } from './probe-endpoint';
export { type SelectProfilesOptions, selectProfiles } from './select-profiles';
