import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RecordedRequest, startOpenAITestServer } from '@rlver/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { captureOutput } from '../test/capture-output';
import { transcriptFile } from '../test/transcript-file';
import { redteamCommand } from './redteam';

const analysis = `Content:\n[meaning]\nAsks.\nTargetCompletion:\n[fit]\nFits.\nActivity:\n[inner]\nHeard.\nAnalyse:\n[feeling]\nOkay.\nChange:\n+5`;
const KEY = 'RLVER_TEST_REDTEAM_SIM_KEY';

const output = captureOutput();
beforeEach(() => {
  process.env[KEY] = 'sim-secret';
});
afterEach(() => {
  delete process.env[KEY];
});

/** Chat calls (not the probe) of a server. */
const chats = (requests: RecordedRequest[]) => requests.filter((request) => request.body.model !== undefined);

describe('rlver-eval redteam with the simulator endpoint', () => {
  it('should send the simulated user to its own server with its own key, and report its usage', async () => {
    const shared = await startOpenAITestServer(() => ({ content: analysis }));
    const own = await startOpenAITestServer(() => ({ content: analysis }));
    try {
      const out = join(mkdtempSync(join(tmpdir(), 'eval-redteam-roles-')), 'report.json');
      const base = [transcriptFile(), '--families', 'echo', '--simulator', 'openai:sim-model'];
      const argv = [
        ...base,
        '--base-url',
        shared.baseURL,
        '--endpoints.simulator.base-url',
        own.baseURL,
        '--endpoints.simulator.api-key-env',
        KEY,
        '--endpoints.simulator.concurrency',
        '1',
        '--concurrency',
        '4',
      ];
      expect(await redteamCommand.run([...argv, '--out', out])).toBe(0);
      expect(chats(shared.requests)).toHaveLength(0);
      const calls = chats(own.requests);
      expect(calls.length).toBeGreaterThanOrEqual(4); // 2 real replies and 2 echo copies, each judged once
      expect(new Set(calls.map((request) => request.body.model))).toEqual(new Set(['sim-model']));
      expect(new Set(calls.map((request) => request.headers.authorization))).toEqual(new Set(['Bearer sim-secret']));
      expect(own.maxInFlight()).toBe(1);
      expect(output.stdout()).toMatch(
        new RegExp(`^endpoint simulator: ${calls.length} requests, tokens in ${10 * calls.length} `, 'm'),
      );
      const written = JSON.parse(readFileSync(out, 'utf8')) as { endpoints: Record<string, { requests: number }> };
      expect(Object.keys(written.endpoints)).toEqual(['simulator']);
      expect(written.endpoints.simulator?.requests).toBe(calls.length);

      // Without the role's block, --base-url serves the simulated user as before.
      output.clear();
      expect(await redteamCommand.run([...base, '--base-url', shared.baseURL, '--json'])).toBe(0);
      expect(chats(shared.requests).length).toBe(calls.length);
      expect((JSON.parse(output.stdout()) as { endpoints: Record<string, unknown> }).endpoints).toHaveProperty(
        'simulator',
      );
    } finally {
      await shared.close();
      await own.close();
    }
  });

  it('should name the flag of a bad endpoint setting and list the flags in --help', async () => {
    await expect(
      redteamCommand.run(['--scenarios', 'en', '--endpoints.simulator.api-key-env', 'sk-abc-123']),
    ).rejects.toThrow(/--endpoints\.simulator\.api-key-env: name the environment variable that holds the key/);
    expect(await redteamCommand.run(['--help'])).toBe(0);
    expect(output.stdout()).toContain('--endpoints.simulator.base-url');
    expect(output.stdout()).toContain('Endpoints per role (simulator)');
  });
});
