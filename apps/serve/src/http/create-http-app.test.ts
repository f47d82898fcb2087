import type { Profile } from '@rlver/spec';
import { afterEach, describe, expect, it } from 'vitest';
import {
  episodeStartSchema,
  episodeViewSchema,
  errorResponseSchema,
  statsResponseSchema,
  stepResponseSchema,
} from '../api/rest-schemas';
import { startTestServer } from '../test/start-test-server';

type TestServer = Awaited<ReturnType<typeof startTestServer>>;
let current: TestServer | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});
async function start(overrides: Parameters<typeof startTestServer>[0] = {}) {
  current = await startTestServer(overrides);
  return current;
}

const PROFILE: Profile = {
  id: 'synthetic-en-01',
  player: '- Name: Alex Moreno\n- Age: 29\n- Occupation: night-shift nurse',
  scene:
    '## Background\nAlex swapped shifts twice and still missed a friend’s wedding.\n#### Hidden theme:\n***You want to be heard',
  main_cha: 'passive',
  cha_group: ['cautious', 'patient', 'quiet'],
  task: 'You want attentive listening while you vent',
  first_talk: 'I missed my best friend’s wedding because of work.',
  lang: 'en',
};
const REPLY = '听起来你真的很辛苦，能多说说发生了什么吗？';

describe('createHttpApp (REST core)', () => {
  it('should answer health and serve an OpenAPI document built from the zod schemas', async () => {
    const { call } = await start();
    expect((await call('GET', '/health')).body).toEqual({ status: 'ok' });
    const { body } = await call('GET', '/openapi.json');
    expect(body.openapi).toBe('3.1.0');
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining(['/v1/episodes', '/v1/episodes/{id}', '/v1/episodes/{id}/step', '/v1/episodes/{id}/fork']),
    );
    expect(body.components.schemas.StepRequest.properties.content.type).toBe('string');
    expect(body.components.schemas.CreateEpisodeRequest.properties).toHaveProperty('group_id');
    expect(statsResponseSchema.parse((await call('GET', '/v1/stats')).body).open_episodes).toBe(0);
  });

  it('should open with a shipped scenario drawn by seed, the same one for the same seed', async () => {
    const { call } = await start();
    const first = episodeStartSchema.parse((await call('POST', '/v1/episodes', { seed: 7 })).body);
    const second = episodeStartSchema.parse((await call('POST', '/v1/episodes', { seed: 7 })).body);
    expect(first).toMatchObject({ done: false, emotion: 30, seed: 7, observation: { role: 'user' } });
    expect(first.scenario_id).toMatch(/^zh-train-/);
    expect(second.scenario_id).toBe(first.scenario_id);
    expect(second.episode_id).not.toBe(first.episode_id);
  });

  it('should step until done with reward 0 before the end and final emotion / 100 at the end', async () => {
    const { call } = await start();
    const { body: created } = await call('POST', '/v1/episodes', { seed: 1, max_turns: 3 });
    const rewards: number[] = [];
    let last = stepResponseSchema.parse({
      observation: null,
      reward: 0,
      done: false,
      info: { emotion: 0, delta: 0, turn: 0, end_reason: null, inner_thoughts: '' },
    });
    for (let turn = 0; turn < 3 && !last.done; turn += 1) {
      last = stepResponseSchema.parse(
        (await call('POST', `/v1/episodes/${created.episode_id}/step`, { content: REPLY })).body,
      );
      rewards.push(last.reward);
      expect(last.info.turn).toBe(turn + 1);
    }
    expect(last.done).toBe(true);
    expect(last.info.end_reason).not.toBeNull();
    expect(last.reward).toBeCloseTo(Math.max(last.info.emotion / 100, 0));
    expect(rewards.slice(0, -1).every((reward) => reward === 0)).toBe(true);
    const after = await call('POST', `/v1/episodes/${created.episode_id}/step`, { content: REPLY });
    expect(after.status).toBe(409);
    expect(errorResponseSchema.parse(after.body).error.code).toBe('episode_done');
    const view = episodeViewSchema.parse((await call('GET', `/v1/episodes/${created.episode_id}`)).body);
    expect(view).toMatchObject({ status: 'done', done: true, turn: rewards.length, reward: last.reward });
    expect(view.emotion_trajectory).toHaveLength(rewards.length + 1);
  });

  it('should strip think blocks before the simulated user sees the reply', async () => {
    const { call } = await start();
    const { body: created } = await call('POST', '/v1/episodes', { seed: 2 });
    await call('POST', `/v1/episodes/${created.episode_id}/step`, { content: `<think>secret plan</think>${REPLY}` });
    const view = (await call('GET', `/v1/episodes/${created.episode_id}`)).body;
    expect(view.transcript[1]).toEqual({ role: 'assistant', content: REPLY });
    expect(JSON.stringify(view)).not.toContain('secret plan');
  });

  it('should answer a repeated request_id with the first response without advancing the episode', async () => {
    const { call } = await start();
    const { body: created } = await call('POST', '/v1/episodes', { seed: 3 });
    const path = `/v1/episodes/${created.episode_id}/step`;
    const first = await call('POST', path, { content: REPLY, request_id: 'retry-1' });
    const again = await call('POST', path, { content: 'a different reply', request_id: 'retry-1' });
    expect(again.body).toEqual(first.body);
    expect((await call('GET', `/v1/episodes/${created.episode_id}`)).body.turn).toBe(1);
  });

  it('should join concurrent retries of one step and refuse a second step while one runs', async () => {
    const { call, server } = await start();
    const { body: created } = await call('POST', '/v1/episodes', { seed: 4 });
    const first = server.service.step(created.episode_id, { content: REPLY, request_id: 'same' });
    const retry = server.service.step(created.episode_id, { content: REPLY, request_id: 'same' });
    const other = server.service.step(created.episode_id, { content: REPLY, request_id: 'other' });
    await expect(other).rejects.toMatchObject({ code: 'step_in_progress', statusCode: 409 });
    expect(await retry).toEqual(await first);
    expect(server.service.get(created.episode_id).turn).toBe(1);
  });

  it('should not bring back an episode deleted while one of its steps was running', async () => {
    const { call, server } = await start();
    const { body: created } = await call('POST', '/v1/episodes', { seed: 8 });
    const stepping = server.service.step(created.episode_id, { content: REPLY }).catch((error: unknown) => error);
    await server.service.remove(created.episode_id);
    await stepping;
    expect((await call('GET', `/v1/episodes/${created.episode_id}`)).status).toBe(404);
    expect((await call('GET', '/v1/stats')).body.open_episodes).toBe(0);
  });

  it('should name the bad field in a 400, and answer 404 for unknown ids and routes', async () => {
    const { call } = await start();
    const { body: created } = await call('POST', '/v1/episodes', {});
    const typo = await call('POST', `/v1/episodes/${created.episode_id}/step`, { contnt: 'hi' });
    expect(typo.status).toBe(400);
    expect(typo.body.error).toMatchObject({ code: 'invalid_request', field: 'content' });
    expect(typo.body.error.message).toContain('field "content"');
    const badSeed = await call('POST', '/v1/episodes', { seed: -1 });
    expect(badSeed.body.error).toMatchObject({ code: 'invalid_request', field: 'seed' });
    const unknownScenario = await call('POST', '/v1/episodes', { scenario_id: 'no-such-id' });
    expect(unknownScenario.body.error).toMatchObject({ code: 'invalid_request', field: 'scenario_id' });
    expect((await call('POST', '/v1/episodes', '{not json')).status).toBe(400);
    expect((await call('GET', '/v1/episodes/ep_missing')).body.error.code).toBe('not_found');
    expect((await call('POST', '/v1/episodes/ep_missing/step', { content: 'hi' })).status).toBe(404);
    expect((await call('DELETE', '/v1/episodes/ep_missing')).status).toBe(404);
    expect((await call('GET', '/v2/nothing')).status).toBe(404);
  });

  it('should answer 429 at --max-episodes and accept new episodes after a delete', async () => {
    const { call } = await start({ maxEpisodes: 2 });
    const first = await call('POST', '/v1/episodes', {});
    await call('POST', '/v1/episodes', {});
    const refused = await call('POST', '/v1/episodes', {});
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('capacity_reached');
    expect((await call('POST', `/v1/episodes/${first.body.episode_id}/fork`)).status).toBe(429);
    expect((await call('DELETE', `/v1/episodes/${first.body.episode_id}`)).body).toEqual({
      episode_id: first.body.episode_id,
      deleted: true,
    });
    expect((await call('POST', '/v1/episodes', {})).status).toBe(200);
  });

  it('should give every member of a group the same persona and opening, even when created at once', async () => {
    const { call } = await start();
    const members = await Promise.all(
      [11, 12, 13, 14].map((seed) => call('POST', '/v1/episodes', { seed, group_id: 'grpo-7', lang: 'en' })),
    );
    const starts = members.map((member) => episodeStartSchema.parse(member.body));
    expect(new Set(starts.map((start) => start.scenario_id)).size).toBe(1);
    expect(new Set(starts.map((start) => start.observation?.content)).size).toBe(1);
    expect(new Set(starts.map((start) => start.episode_id)).size).toBe(4);
    expect(starts.every((start) => start.group_id === 'grpo-7')).toBe(true);
    const mismatch = await call('POST', '/v1/episodes', { group_id: 'grpo-7', preset: 'sage' });
    expect(mismatch.body.error).toMatchObject({ code: 'invalid_request', field: 'group_id' });
  });

  it('should fork an episode into an identical, independent one', async () => {
    const { call } = await start();
    const { body: created } = await call('POST', '/v1/episodes', { seed: 5 });
    await call('POST', `/v1/episodes/${created.episode_id}/step`, { content: REPLY });
    const { body: forked } = await call('POST', `/v1/episodes/${created.episode_id}/fork`);
    const original = (await call('GET', `/v1/episodes/${created.episode_id}`)).body;
    const copy = (await call('GET', `/v1/episodes/${forked.episode_id}`)).body;
    expect(copy.transcript).toEqual(original.transcript);
    expect(copy.emotion_trajectory).toEqual(original.emotion_trajectory);
    await call('POST', `/v1/episodes/${forked.episode_id}/step`, { content: '你说得对。' });
    expect((await call('GET', `/v1/episodes/${created.episode_id}`)).body.turn).toBe(1);
    expect((await call('GET', `/v1/episodes/${forked.episode_id}`)).body.turn).toBe(2);
  });

  it('should accept an inline profile and a pre-generated opening', async () => {
    const { call } = await start();
    const { body } = await call('POST', '/v1/episodes', { profile: PROFILE, opening: 'Work ate my weekend again.' });
    expect(body).toMatchObject({
      scenario_id: 'synthetic-en-01',
      observation: { content: 'Work ate my weekend again.' },
    });
    const step = await call('POST', `/v1/episodes/${body.episode_id}/step`, { content: 'That sounds exhausting.' });
    expect(step.status).toBe(200);
    const view = (await call('GET', `/v1/episodes/${body.episode_id}`)).body;
    expect(view).toMatchObject({
      lang: 'en',
      transcript: [{ role: 'user', content: 'Work ate my weekend again.' }, expect.anything(), expect.anything()],
    });
  });

  it('should prefix episode ids with --replica-id so a load balancer can route them', async () => {
    const { call } = await start({ replicaId: 'r7' });
    const { body } = await call('POST', '/v1/episodes', {});
    expect(body.episode_id).toMatch(/^ep_r7_[0-9a-f-]{36}$/);
    expect((await call('POST', `/v1/episodes/${body.episode_id}/fork`)).body.episode_id).toMatch(/^ep_r7_/);
  });

  it('should delete episodes idle for longer than --idle-timeout', async () => {
    const { call } = await start({ idleTimeoutMs: 100 });
    const { body } = await call('POST', '/v1/episodes', {});
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await call('GET', `/v1/episodes/${body.episode_id}`)).status).toBe(404);
  });
});
