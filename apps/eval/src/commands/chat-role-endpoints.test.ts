import { PassThrough } from 'node:stream';
import { type RecordedRequest, startOpenAITestServer } from '@rlver/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { profileFile } from '../test/profile-file';
import { runChatCommand } from './chat';

const analysis = `Content:\n[meaning]\nAsks.\nTargetCompletion:\n[fit]\nFits.\nActivity:\n[inner]\nHeard.\nAnalyse:\n[feeling]\nOkay.\nChange:\n+10`;
const reply = 'Thinking:\nneutral\nOrigin:\nfine\nChange:\nshorter\nResponse:\nThanks, that helps.';
const KEY = 'RLVER_TEST_CHAT_SIM_KEY';

beforeEach(() => {
  process.env[KEY] = 'sim-secret';
});
afterEach(() => {
  delete process.env[KEY];
});

/** The LLM simulated user's two calls per turn: the analysis, then the reply. */
const simulatorAnswer = (request: RecordedRequest) => ({
  content: (request.body.messages?.[0]?.content ?? '').includes('\nResponse:\n') ? reply : analysis,
});

async function chat(argv: string[], typed: string) {
  const input = new PassThrough();
  const output = new PassThrough();
  const chunks: string[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  input.end(typed);
  const code = await runChatCommand(argv, { input, output, errorOutput: new PassThrough() });
  return { code, text: chunks.join('') };
}

const chats = (requests: RecordedRequest[]) => requests.filter((request) => request.body.model !== undefined);

describe('rlver-eval chat with the simulator endpoint', () => {
  it('should send the simulated user to its own server with its own key, and print its usage at the end', async () => {
    const shared = await startOpenAITestServer(simulatorAnswer);
    const own = await startOpenAITestServer(simulatorAnswer);
    try {
      const profiles = ['--profiles', profileFile(['a'])];
      const { code, text } = await chat(
        [
          '--simulator',
          'openai:sim-model',
          ...profiles,
          '--base-url',
          shared.baseURL,
          '--endpoints.simulator.base-url',
          own.baseURL,
          '--endpoints.simulator.api-key-env',
          KEY,
        ],
        'That sounds exhausting, I am sorry.\n/quit\n',
      );
      expect(code).toBe(0);
      expect(text).toContain('Thanks, that helps.');
      expect(chats(shared.requests)).toHaveLength(0);
      const calls = chats(own.requests);
      expect(calls.length).toBeGreaterThanOrEqual(2);
      expect(new Set(calls.map((request) => request.headers.authorization))).toEqual(new Set(['Bearer sim-secret']));
      expect(text).toMatch(new RegExp(`endpoint simulator: ${calls.length} requests, tokens in ${10 * calls.length} `));

      // Without the role's block, --base-url serves the simulated user as before.
      const again = await chat(
        ['--simulator', 'openai:sim-model', ...profiles, '--base-url', shared.baseURL],
        'I am sorry.\n/quit\n',
      );
      expect(again.code).toBe(0);
      expect(chats(shared.requests)).toHaveLength(calls.length);
      expect(again.text).toMatch(new RegExp(`endpoint simulator: ${calls.length} requests`));
      expect((await chat(['--simulator', 'offline', ...profiles], '/quit\n')).text).not.toContain('endpoint');
    } finally {
      await shared.close();
      await own.close();
    }
  });

  it('should name the flag of a bad endpoint setting and list the flags in --help', async () => {
    await expect(chat(['--simulator', 'offline', '--endpoints.simulator.concurrency', '0'], '')).rejects.toThrow(
      /--endpoints\.simulator\.concurrency/,
    );
    const { text } = await chat(['--help'], '');
    expect(text).toContain('--endpoints.simulator.api-key-env');
    expect(text).toContain('Endpoints per role (simulator)');
  });
});
