import { z } from 'zod';
import {
  createEpisodeBodySchema,
  deleteResponseSchema,
  episodeStartSchema,
  episodeViewSchema,
  errorResponseSchema,
  healthResponseSchema,
  statsResponseSchema,
  stepBodySchema,
  stepResponseSchema,
} from './rest-schemas';

const COMPONENTS = {
  CreateEpisodeRequest: [createEpisodeBodySchema, 'input'],
  StepRequest: [stepBodySchema, 'input'],
  EpisodeStart: [episodeStartSchema, 'output'],
  StepResponse: [stepResponseSchema, 'output'],
  EpisodeView: [episodeViewSchema, 'output'],
  DeleteResponse: [deleteResponseSchema, 'output'],
  HealthResponse: [healthResponseSchema, 'output'],
  StatsResponse: [statsResponseSchema, 'output'],
  Error: [errorResponseSchema, 'output'],
} as const;
type ComponentName = keyof typeof COMPONENTS;

const ref = (name: ComponentName) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: ComponentName, description: string) => ({
  description,
  content: { 'application/json': { schema: ref(name) } },
});
const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [String(status), json('Error', ERROR_MEANINGS[status] ?? 'error')]));
const ERROR_MEANINGS: Record<number, string> = {
  400: 'bad body; `error.field` names the field',
  404: 'unknown or expired episode id',
  409: 'step after done, or while another step of the episode is running',
  429: '--max-episodes episodes are open',
  502: "the LLM simulator's endpoint failed after its retries; the episode is unchanged and steppable",
};
const idParameter = [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }];

/** The OpenAPI 3.1 document of the REST core, built from the same zod schemas that validate requests. */
export function buildOpenApiDocument(version: string): Record<string, unknown> {
  const schemas = Object.fromEntries(
    Object.entries(COMPONENTS).map(([name, [schema, io]]) => [
      name,
      z.toJSONSchema(schema, { io, unrepresentable: 'any' }),
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: 'rlver-serve',
      version,
      description:
        'The RLVER simulated user as an environment: create an episode, step it with the assistant reply, read the emotion reward. OpenEnv clients use /ws, /schema and /metadata.',
    },
    paths: {
      '/health': { get: { summary: 'Liveness', responses: { 200: json('HealthResponse', 'the server is up') } } },
      '/v1/stats': {
        get: { summary: 'Open episodes, capacity, memory', responses: { 200: json('StatsResponse', 'stats') } },
      },
      '/v1/episodes': {
        post: {
          summary: 'Create an episode (the simulated user opens the dialogue)',
          requestBody: { required: false, content: { 'application/json': { schema: ref('CreateEpisodeRequest') } } },
          responses: { 200: json('EpisodeStart', 'the opening message'), ...errors(400, 429, 502) },
        },
      },
      '/v1/episodes/{id}': {
        get: {
          summary: 'Transcript so far, emotion trajectory and status',
          parameters: idParameter,
          responses: { 200: json('EpisodeView', 'the episode'), ...errors(404) },
        },
        delete: {
          summary: 'Delete an episode',
          parameters: idParameter,
          responses: { 200: json('DeleteResponse', 'deleted'), ...errors(404) },
        },
      },
      '/v1/episodes/{id}/step': {
        post: {
          summary: "Send the assistant's reply; get the user's answer, reward and done",
          parameters: idParameter,
          requestBody: { required: true, content: { 'application/json': { schema: ref('StepRequest') } } },
          responses: { 200: json('StepResponse', 'the simulated user answered'), ...errors(400, 404, 409, 502) },
        },
      },
      '/v1/episodes/{id}/fork': {
        post: {
          summary: 'A new episode in the identical state (branching groups)',
          parameters: idParameter,
          responses: { 200: json('EpisodeStart', 'the fork'), ...errors(404, 429) },
        },
      },
    },
    components: { schemas },
  };
}
