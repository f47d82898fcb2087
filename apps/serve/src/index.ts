export { buildOpenApiDocument } from './api/openapi-document';
export {
  openEnvActionSchema,
  openEnvMessageSchema,
  openEnvObservationSchema,
  openEnvResetSchema,
  openEnvStateSchema,
} from './api/openenv-schemas';
export {
  type CreateEpisodeBody,
  createEpisodeBodySchema,
  deleteResponseSchema,
  type EpisodeStart,
  type EpisodeView,
  episodeStartSchema,
  episodeViewSchema,
  errorResponseSchema,
  healthResponseSchema,
  type StepBody,
  type StepResponse,
  statsResponseSchema,
  stepBodySchema,
  stepResponseSchema,
} from './api/rest-schemas';
export { createEpisodeService, type EpisodeService, type EpisodeServiceOptions } from './episodes/episode-service';
export { createScenarioSource, type ScenarioSource } from './episodes/scenario-source';
export { ServeError, type ServeErrorCode } from './errors/serve-error';
export { createServeApp, type ServeApp, type ServeAppOptions } from './serve-app';
export { type EpisodeLog, type EpisodeLogOptions, openEpisodeLog } from './store/episode-log';
export type { EnvKey, EpisodeRecord, GroupRecord } from './store/episode-record';
export { createEpisodeStore, type EpisodeStore, type EpisodeStoreOptions } from './store/episode-store';
