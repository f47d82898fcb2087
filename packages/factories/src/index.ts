export { buildSimulator, preparePolicy } from './build-agents';
export {
  createEndpointFactory,
  defaultCacheDir,
  type EndpointFactory,
  type EndpointRetrySettings,
  type EndpointRole,
  type EndpointSettings,
  type RoleEndpointSettings,
  roleEndpointSettingsOf,
} from './create-endpoints';
export { probeOpenAIEndpoint } from './probe-endpoint';
export { type SelectProfilesOptions, selectProfiles } from './select-profiles';
