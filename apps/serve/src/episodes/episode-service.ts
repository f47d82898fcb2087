import { createDialogueEnv, type DialogueEnv, type EpisodeState } from '@rlver/env';
import type { Language, Profile, UserSimulatorV1 } from '@rlver/spec';
import type { CreateEpisodeBody, EpisodeStart, EpisodeView, StepBody, StepResponse } from '../api/rest-schemas';
import { ServeError } from '../errors/serve-error';
import type { EnvKey, EpisodeRecord } from '../store/episode-record';
import type { EpisodeStore } from '../store/episode-store';
import { createEpisodeStepper } from './episode-stepper';
import { toEpisodeStart, toEpisodeView } from './episode-views';
import { createGroupTemplates } from './group-templates';
import type { ScenarioSource } from './scenario-source';

/** Options of {@link createEpisodeService}. */
export interface EpisodeServiceOptions {
  /** The simulated user for a preset and turn cap (called once per distinct key). */
  simulatorFor(key: EnvKey): UserSimulatorV1;
  scenarios: ScenarioSource;
  store: EpisodeStore;
  defaults: { preset: EnvKey['preset']; lang: Language };
  /** 429 once this many episodes are open. */
  maxEpisodes: number;
  /** New episode ids (default `ep_<uuid>`). */
  newId: () => string;
  /** Seed of an episode created without one. */
  drawSeed: () => number;
  now?: () => number;
}

/** The REST core, independent of the transport: every method maps to one endpoint. */
export interface EpisodeService {
  create(body: CreateEpisodeBody): Promise<EpisodeStart>;
  step(id: string, body: StepBody): Promise<StepResponse>;
  fork(id: string): Promise<EpisodeStart>;
  get(id: string): EpisodeView;
  remove(id: string): Promise<void>;
  /** Delete episodes and group templates idle since before `now - idleMs`; returns how many episodes went. */
  expire(idleMs: number): Promise<number>;
  /** The settings key and simulator id (for /v1/stats and /metadata). */
  readonly simulatorId: string;
}

const notFound = (id: string) =>
  new ServeError({
    code: 'not_found',
    message: `no episode "${id}": it was deleted, expired after --idle-timeout, or never created; create one with POST /v1/episodes`,
  });

function withOpening(state: EpisodeState, opening: string): EpisodeState {
  const history = state.simulator.history.map((message, index) =>
    index === 0 ? { ...message, content: opening } : message,
  );
  return {
    ...state,
    simulator: { ...state.simulator, history },
    messages: state.messages.map((message, index) => (index === 1 ? { ...message, content: opening } : message)),
    opening: { ...state.opening, message: opening },
  };
}

/** Create the service over a store (which may hold episodes recovered from the log). */
export function createEpisodeService(options: EpisodeServiceOptions): EpisodeService {
  const { store, scenarios } = options;
  const now = options.now ?? Date.now;
  const envs = new Map<string, DialogueEnv>();
  let reserved = 0;

  const envFor = (key: EnvKey): DialogueEnv => {
    const name = `${key.preset}|${key.maxTurns ?? ''}`;
    let env = envs.get(name);
    if (!env) {
      env = createDialogueEnv({ simulator: options.simulatorFor(key), preset: key.preset });
      envs.set(name, env);
    }
    return env;
  };
  const defaultEnv = envFor({ preset: options.defaults.preset, maxTurns: null });
  const groups = createGroupTemplates(store, now);
  const stepper = createEpisodeStepper({ store, envFor, notFound, now });

  const requireEpisode = (id: string): EpisodeRecord => {
    const record = store.getEpisode(id);
    if (!record) throw notFound(id);
    return record;
  };

  /** Reserve a slot under --max-episodes for the duration of a creation. */
  const withSlot = async <T>(create: () => Promise<T>): Promise<T> => {
    if (store.episodeCount() + reserved >= options.maxEpisodes) {
      throw new ServeError({
        code: 'capacity_reached',
        message: `${options.maxEpisodes} episodes are open (--max-episodes ${options.maxEpisodes}); delete finished ones with DELETE /v1/episodes/{id}, wait for --idle-timeout, or raise --max-episodes`,
      });
    }
    reserved += 1;
    try {
      return await create();
    } finally {
      reserved -= 1;
    }
  };

  const reset = async (key: EnvKey, profile: Profile, seed: number, episodeId: string, groupId?: string) => {
    const state = await envFor(key).reset({ profile, seed, episodeId, groupId });
    if (state.stopReason === 'error') {
      throw new ServeError({
        code: 'simulator_unavailable',
        message: `the simulated user could not open the dialogue (${state.error?.message ?? 'unknown error'}); its endpoint failed after its retries, try again`,
      });
    }
    return state;
  };

  const save = async (id: string, key: EnvKey, scenarioId: string, state: EpisodeState) => {
    const at = now();
    const record: EpisodeRecord = {
      id,
      envKey: key,
      scenarioId,
      state,
      responses: [],
      createdAtMs: at,
      lastActiveAtMs: at,
    };
    await store.saveEpisode(record);
    return record;
  };

  return {
    simulatorId: defaultEnv.simulatorId,

    create: (body) =>
      withSlot(async () => {
        const key: EnvKey = { preset: body.preset ?? options.defaults.preset, maxTurns: body.max_turns ?? null };
        const seed = body.seed ?? options.drawSeed();
        const lang = body.lang ?? options.defaults.lang;
        const pick = (): { profile: Profile; scenarioId: string } => {
          if (body.profile) {
            const profile = body.lang && !body.profile.lang ? { ...body.profile, lang: body.lang } : body.profile;
            return { profile, scenarioId: profile.id };
          }
          const profile = body.scenario_id ? scenarios.byId(body.scenario_id) : scenarios.draw(lang, seed);
          return { profile, scenarioId: profile.id };
        };
        const start = async (episodeId: string) => {
          const { profile, scenarioId } = pick();
          const state = await reset(key, profile, seed, episodeId, body.group_id);
          return { state: body.opening ? withOpening(state, body.opening) : state, scenarioId };
        };
        const id = options.newId();
        if (!body.group_id) {
          const { state, scenarioId } = await start(id);
          return toEpisodeStart(await save(id, key, scenarioId, state));
        }
        const group = await groups.templateFor(body.group_id, key, () => start(`${body.group_id}/template`));
        return toEpisodeStart(await save(id, key, group.scenarioId, envFor(key).fork(group.state, id)));
      }),

    step: async (id, body) => stepper.step(requireEpisode(id), body),

    fork: (id) =>
      withSlot(async () => {
        const record = requireEpisode(id);
        const newId = options.newId();
        const state = envFor(record.envKey).fork(record.state, newId);
        return toEpisodeStart(await save(newId, record.envKey, record.scenarioId, state));
      }),

    get: (id) => toEpisodeView(requireEpisode(id)),

    async remove(id) {
      if (!(await store.deleteEpisode(id))) throw notFound(id);
    },

    async expire(idleMs) {
      const stale = store.idle(now() - idleMs);
      for (const groupId of stale.groups) await store.deleteGroup(groupId);
      let removed = 0;
      for (const id of stale.episodes) {
        if (stepper.isRunning(id)) continue;
        if (await store.deleteEpisode(id)) removed += 1;
      }
      return removed;
    },
  };
}
