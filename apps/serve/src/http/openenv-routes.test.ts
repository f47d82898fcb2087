import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startTestServer } from '../test/start-test-server';

let server: Awaited<ReturnType<typeof startTestServer>> | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** An OpenEnv-style session client: send one message, await one answer (the protocol is request–response). */
async function openSession(url: string) {
  const socket = new WebSocket(`${url.replace('http://', 'ws://')}/ws`);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const send = (message: unknown) =>
    // biome-ignore lint/suspicious/noExplicitAny: protocol messages are checked field by field
    new Promise<Record<string, any>>((resolve) => {
      socket.once('message', (data) => resolve(JSON.parse(data.toString())));
      socket.send(typeof message === 'string' ? message : JSON.stringify(message));
    });
  const closed = new Promise((resolve) => socket.once('close', resolve));
  return { socket, send, closed };
}

describe('OpenEnv compatibility layer', () => {
  it('should serve /metadata and /schema with OpenEnv shapes', async () => {
    server = await startTestServer();
    const metadata = (await server.call('GET', '/metadata')).body;
    expect(metadata).toMatchObject({ name: 'rlver-sentient-user', version: '0.1.0' });
    expect(typeof metadata.description).toBe('string');
    const schema = (await server.call('GET', '/schema')).body;
    expect(Object.keys(schema).sort()).toEqual(['action', 'observation', 'state']);
    expect(schema.action.properties.content.type).toBe('string');
    expect(schema.state.properties).toHaveProperty('episode_id');
    expect(schema.state.properties).toHaveProperty('step_count');
  });

  it('should map reset, step, state and close onto create, step, get and delete', async () => {
    server = await startTestServer();
    const session = await openSession(server.url);
    const reset = await session.send({ type: 'reset', data: { seed: 3, lang: 'zh', episode_id: 'ignored' } });
    expect(reset.type).toBe('observation');
    expect(reset.data).toMatchObject({
      reward: null,
      done: false,
      observation: { role: 'user', emotion: 30, turn: 0 },
    });
    const episodeId = reset.data.metadata.episode_id as string;
    expect((await server.call('GET', `/v1/episodes/${episodeId}`)).status).toBe(200);

    const step = await session.send({ type: 'step', data: { content: '听起来真的很难受，后来呢？' } });
    expect(step.type).toBe('observation');
    expect(step.data.observation).toMatchObject({ role: 'user', turn: 1 });
    expect(typeof step.data.reward).toBe('number');
    expect(typeof step.data.done).toBe('boolean');

    const state = await session.send({ type: 'state' });
    expect(state).toMatchObject({ type: 'state', data: { episode_id: episodeId, step_count: 1 } });
    expect(state.data.transcript).toHaveLength(3);

    session.socket.send(JSON.stringify({ type: 'close' }));
    await session.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await server.call('GET', `/v1/episodes/${episodeId}`)).status).toBe(404);
  });

  it("should answer bad messages with OpenEnv's error codes and keep the session open", async () => {
    server = await startTestServer();
    const session = await openSession(server.url);
    expect((await session.send('{oops')).data.code).toBe('INVALID_JSON');
    expect((await session.send({ type: 'dance' })).data.code).toBe('UNKNOWN_TYPE');
    expect((await session.send({ type: 'step', data: { content: 'hi' } })).data.message).toContain('reset');
    await session.send({ type: 'reset' });
    const invalid = await session.send({ type: 'step', data: { text: 'hi' } });
    expect(invalid).toMatchObject({ type: 'error', data: { code: 'VALIDATION_ERROR' } });
    expect((await session.send({ type: 'step', data: { content: '嗯，我在听。' } })).type).toBe('observation');
    session.socket.close();
  });

  it('should delete the episode of a dropped connection and refuse other upgrade paths', async () => {
    server = await startTestServer();
    const session = await openSession(server.url);
    const reset = await session.send({ type: 'reset', data: { seed: 1 } });
    session.socket.terminate();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await server.call('GET', `/v1/episodes/${reset.data.metadata.episode_id}`)).status).toBe(404);
    const wrong = new WebSocket(`${server.url.replace('http://', 'ws://')}/elsewhere`);
    await expect(new Promise((resolve, reject) => wrong.once('open', resolve).once('error', reject))).rejects.toThrow(
      /404/,
    );
  });
});
