import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serveLiveReport } from './serve-live-report';

describe('serveLiveReport', () => {
  it('should serve the report of a run still writing, and change /version when metrics.jsonl grows', async () => {
    const run = mkdtempSync(join(tmpdir(), 'bench-live-'));
    writeFileSync(join(run, 'config.json'), JSON.stringify({ runId: 'live-run', simulator: 'offline' }));
    writeFileSync(join(run, 'metrics.jsonl'), `${JSON.stringify({ step: 0, 'rollout/emotion_final': 41 })}\n`);
    const live = await serveLiveReport({ paths: [run], port: 0, pollSeconds: 2 });
    try {
      const first = await fetch(live.url);
      expect(first.status).toBe(200);
      const html = await first.text();
      expect(html).toContain('<strong>live</strong>');
      expect(html).toContain('"rollout/emotion_final":[[0,41]]');
      const version = await (await fetch(`${live.url}version`)).text();
      expect(html).toContain(JSON.stringify(version));
      appendFileSync(join(run, 'metrics.jsonl'), `${JSON.stringify({ step: 1, 'rollout/emotion_final': 47 })}\n`);
      const next = await (await fetch(`${live.url}version`)).text();
      expect(next).not.toBe(version);
      expect(await (await fetch(live.url)).text()).toContain('"rollout/emotion_final":[[0,41],[1,47]]');
      expect((await fetch(`${live.url}other`)).status).toBe(404);
      writeFileSync(join(run, 'config.json'), '{ torn');
      const waiting = await fetch(live.url);
      expect(waiting.status).toBe(503);
      expect(await waiting.text()).toMatch(/Waiting for readable data: .*config\.json/);
    } finally {
      await live.close();
    }
  });
});
