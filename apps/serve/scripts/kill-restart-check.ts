/**
 * Crash check of rlver-serve's durability (not a test): `--concurrency` clients step episodes as fast as they can
 * (each step with a request_id, episodes never deleted), the server is killed with SIGKILL after `--seconds`, then
 * started again with the same --state-dir. Every episode and every acknowledged step must be there; each step that
 * was in flight at the kill is retried with its request_id and must be applied exactly once.
 *
 *   npx tsx --conditions=source apps/serve/scripts/kill-restart-check.ts [--concurrency 100] [--seconds 5]
 *     [--durability fsync|write]
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { call, REPLIES, startServer } from './serve-process';

const { values } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '5' },
    durability: { type: 'string', default: 'fsync' },
  },
});

interface Tracked {
  id: string;
  acknowledged: number;
  /** The step in flight when the server died: its request id and turn. */
  pending: { requestId: string; content: string; turn: number } | null;
  done: boolean;
}

async function main(): Promise<void> {
  const stateDir = mkdtempSync(join(tmpdir(), 'serve-kill-'));
  const flags = ['--state-dir', stateDir, '--durability', values.durability as string, '--max-episodes', '1000000'];
  const first = await startServer(flags);
  const episodes: Tracked[] = [];
  let alive = true;
  let acknowledgedSteps = 0;
  const worker = async (index: number) => {
    let seed = index * 1000;
    while (alive) {
      const created = await call(`${first.url}/v1/episodes`, 'POST', { seed: seed++ });
      if (created.status !== 200) return;
      const episode: Tracked = { id: created.json.episode_id, acknowledged: 0, pending: null, done: false };
      episodes.push(episode);
      while (alive && !episode.done) {
        const turn = episode.acknowledged + 1;
        const pending = { requestId: `${episode.id}-${turn}`, content: REPLIES.zh?.[turn % 4] as string, turn };
        episode.pending = pending;
        const step = await call(`${first.url}/v1/episodes/${episode.id}/step`, 'POST', {
          content: pending.content,
          request_id: pending.requestId,
        });
        if (step.status !== 200) return;
        episode.pending = null;
        episode.acknowledged = turn;
        episode.done = step.json.done;
        acknowledgedSteps += 1;
      }
    }
  };
  const workers = Array.from({ length: Number(values.concurrency) }, (_, index) => worker(index));
  await new Promise((resolve) => setTimeout(resolve, Number(values.seconds) * 1000));
  first.child.kill('SIGKILL');
  alive = false;
  await Promise.all(workers);

  const restartBegan = performance.now();
  const second = await startServer(flags);
  const recoveryMs = Math.round(performance.now() - restartBegan);
  let lostEpisodes = 0;
  let lostSteps = 0;
  let inFlightAlreadyApplied = 0;
  let inFlightAppliedOnRetry = 0;
  let doubleApplied = 0;
  for (const episode of episodes) {
    const view = await call(`${second.url}/v1/episodes/${episode.id}`, 'GET');
    if (view.status !== 200) {
      lostEpisodes += 1;
      continue;
    }
    if (view.json.turn < episode.acknowledged) lostSteps += episode.acknowledged - view.json.turn;
    if (!episode.pending) continue;
    const turnBefore = view.json.turn as number;
    const retry = await call(`${second.url}/v1/episodes/${episode.id}/step`, 'POST', {
      content: episode.pending.content,
      request_id: episode.pending.requestId,
    });
    const turnAfter = (await call(`${second.url}/v1/episodes/${episode.id}`, 'GET')).json.turn as number;
    if (retry.status === 200 && retry.json.info.turn !== episode.pending.turn) doubleApplied += 1;
    if (turnBefore === episode.pending.turn) inFlightAlreadyApplied += 1;
    else if (turnAfter === episode.pending.turn) inFlightAppliedOnRetry += 1;
  }
  const stats = (await call(`${second.url}/v1/stats`, 'GET')).json;
  second.child.kill('SIGTERM');
  console.log(
    JSON.stringify(
      {
        durability: values.durability,
        concurrency: Number(values.concurrency),
        secondsBeforeKill: Number(values.seconds),
        episodesCreated: episodes.length,
        acknowledgedSteps,
        stepsInFlightAtKill: episodes.filter((episode) => episode.pending).length,
        recoveredEpisodes: stats.open_episodes,
        lostEpisodes,
        lostAcknowledgedSteps: lostSteps,
        inFlightAlreadyApplied,
        inFlightAppliedOnRetry,
        appliedTwice: doubleApplied,
        restartToListeningMs: recoveryMs,
        logBytesAfterRecovery: stats.log?.file_bytes ?? null,
      },
      null,
      2,
    ),
  );
  setTimeout(() => rmSync(stateDir, { recursive: true, force: true }), 500);
}

await main();
