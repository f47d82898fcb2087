import type { DialogueEnv } from '@rlver/env';
import type { StepBody, StepResponse } from '../api/rest-schemas';
import { ServeError } from '../errors/serve-error';
import type { EnvKey, EpisodeRecord } from '../store/episode-record';
import type { EpisodeStore } from '../store/episode-store';
import { toStepResponse } from './episode-views';

/** Steps remembered per episode for idempotent retries. */
const REMEMBERED_RESPONSES = 32;

/** Steps episodes one reply at a time each, answering retries of a step (same `request_id`) with its first answer. */
export interface EpisodeStepper {
  step(record: EpisodeRecord, body: StepBody): Promise<StepResponse>;
  /** Whether a step of this episode is running (expiry skips it). */
  isRunning(id: string): boolean;
}

export function createEpisodeStepper(options: {
  store: EpisodeStore;
  envFor: (key: EnvKey) => DialogueEnv;
  notFound: (id: string) => ServeError;
  now: () => number;
}): EpisodeStepper {
  const { store, envFor, notFound, now } = options;
  const running = new Map<string, { requestId: string | undefined; promise: Promise<StepResponse> }>();

  const run = async (record: EpisodeRecord, body: StepBody): Promise<StepResponse> => {
    const result = await envFor(record.envKey).step(record.state, body.content);
    if (result.stopReason === 'error') {
      throw new ServeError({
        code: 'simulator_unavailable',
        message: `the simulated user failed to answer (${result.state.error?.message ?? 'unknown error'}) after its retries; the episode is unchanged, retry the step`,
      });
    }
    // Deleted while the user was thinking: do not bring it back.
    if (!store.getEpisode(record.id)) throw notFound(record.id);
    const response = toStepResponse(result);
    const responses = body.request_id
      ? [...record.responses, { requestId: body.request_id, response }].slice(-REMEMBERED_RESPONSES)
      : record.responses;
    await store.saveEpisode({ ...record, state: result.state, responses, lastActiveAtMs: now() });
    return response;
  };

  return {
    isRunning: (id) => running.has(id),
    async step(record, body) {
      const { id } = record;
      const requestId = body.request_id;
      const remembered = requestId && record.responses.find((entry) => entry.requestId === requestId);
      if (remembered) return remembered.response;
      const current = running.get(id);
      if (current) {
        if (requestId !== undefined && current.requestId === requestId) return current.promise;
        throw new ServeError({
          code: 'step_in_progress',
          message: `episode "${id}" is already answering a step; wait for it (or retry that step with its request_id)`,
        });
      }
      if (record.state.done) {
        throw new ServeError({
          code: 'episode_done',
          message: `episode "${id}" is done (${record.state.stopReason}); read it with GET /v1/episodes/${id} and create a new episode`,
        });
      }
      const promise = run(record, body);
      running.set(id, { requestId, promise });
      try {
        return await promise;
      } finally {
        running.delete(id);
      }
    },
  };
}
