import type { EpisodeState } from '@rlver/env';
import { ServeError } from '../errors/serve-error';
import type { EnvKey, GroupRecord } from '../store/episode-record';
import type { EpisodeStore } from '../store/episode-store';

/** The opening state of a new group: the episode right after the opener, and where its profile came from. */
export type GroupStart = () => Promise<{ state: EpisodeState; scenarioId: string }>;

/** GRPO groups: every member forks the same stored template, so they share persona, opening and RNG state. */
export interface GroupTemplates {
  /** The stored template of `groupId`, the one being created, or a new one made with `start` (once). */
  templateFor(groupId: string, key: EnvKey, start: GroupStart): Promise<GroupRecord>;
}

/** Group templates over the store; concurrent first members of a group wait for one shared creation. */
export function createGroupTemplates(store: EpisodeStore, now: () => number): GroupTemplates {
  const starting = new Map<string, Promise<GroupRecord>>();
  return {
    templateFor(groupId, key, start) {
      const existing = store.getGroup(groupId);
      if (existing) {
        if (existing.envKey.preset !== key.preset || existing.envKey.maxTurns !== key.maxTurns) {
          throw new ServeError({
            code: 'invalid_request',
            field: 'group_id',
            message: `field "group_id": group "${groupId}" was created with preset ${existing.envKey.preset} and max_turns ${existing.envKey.maxTurns ?? 'default'}; send the same preset and max_turns, or use a new group_id`,
          });
        }
        store.touchGroup(groupId, now());
        return Promise.resolve(existing);
      }
      let pending = starting.get(groupId);
      if (!pending) {
        pending = (async () => {
          const { state, scenarioId } = await start();
          const at = now();
          const record: GroupRecord = {
            id: groupId,
            envKey: key,
            scenarioId,
            state,
            createdAtMs: at,
            lastActiveAtMs: at,
          };
          await store.saveGroup(record);
          return record;
        })().finally(() => starting.delete(groupId));
        starting.set(groupId, pending);
      }
      return pending;
    },
  };
}
