import { existsSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { syntheticTrajectory } from '../testing/synthetic-trajectory';
import { escapeHtml } from './escape-html';
import { renderReport } from './render-report';

const CHROMIUM = '/usr/bin/chromium';
if (!existsSync(CHROMIUM)) {
  console.warn(
    `SKIPPED browser check of the HTML report: ${CHROMIUM} is absent (install it: apt-get install -y chromium)`,
  );
}
const PAYLOAD = '<script>window.__pwned = true; alert("x")</script><img src=x onerror="window.__pwned=true">';

function reportRuns() {
  const good = syntheticTrajectory({
    profileId: 'profile-1',
    turns: [
      {
        reply: `Here is what I think: ${PAYLOAD}`,
        emotion: 50,
        labels: ['deep_empathy'],
        userMessage: `ok ${PAYLOAD}`,
      },
      { reply: 'That took courage & care.', emotion: 100, labels: ['praise'] },
    ],
    stopReason: 'goodbye',
  });
  const bad = syntheticTrajectory({
    profileId: 'profile-2',
    turns: [
      { reply: 'Calm down.', emotion: 30, labels: ['generic_comfort'] },
      { reply: 'Try harder.', emotion: 5, labels: ['advice'] },
    ],
    stopReason: 'floor',
  });
  const errored = syntheticTrajectory({ profileId: 'profile-3', turns: [], stopReason: 'error', error: PAYLOAD });
  return [
    { label: `model "A" ${PAYLOAD}`, trajectories: [good, bad, errored], settings: { note: PAYLOAD } },
    {
      label: 'model-b',
      trajectories: [bad, good],
      judge: { judgeId: 'openai:judge', means: { empathic_depth: 6.5 }, dialogues: 2, failures: 0 },
    },
  ];
}

describe('escapeHtml', () => {
  it('should escape the five HTML special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('renderReport', () => {
  const html = renderReport({ runs: reportRuns(), title: `Report ${PAYLOAD}`, generatedAt: '2025-01-01' });

  it('should escape all model and user text', () => {
    expect(html).not.toContain('<script>window.__pwned');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;window.__pwned = true; alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html.match(/<script>/g)).toHaveLength(1);
  });

  it('should be self-contained (no external URLs)', () => {
    expect(html).not.toMatch(/(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i);
    expect(html).not.toMatch(/url\(\s*["']?(?:https?:)?\/\//i);
    expect(html).not.toMatch(/@import/);
  });

  it('should contain the leaderboard, curves, strategies, judge and transcript sections', () => {
    for (const id of [
      'leaderboard',
      'monitors',
      'curves',
      'endings',
      'strategies',
      'capabilities',
      'excluded',
      'transcripts',
    ]) {
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).toContain('not paper parity');
    expect(html).toMatch(/emotion 50<\/span> <span class="delta up">\+10<\/span>/);
  });

  it('should mark degenerate replies in the transcripts and count them in the monitors table', () => {
    const stuffed = syntheticTrajectory({
      profileId: 'stuffed',
      turns: [{ reply: 'I hear hear you. the noisy nights the noisy nights the noisy nights.', emotion: 60 }],
      stopReason: 'max_turns',
    });
    const report = renderReport({ runs: [{ label: 'stuffed', trajectories: [stuffed] }] });
    expect(report).toMatch(/<span class="chip degenerate" title="[^"]*the noisy nights[^"]*">repetition<\/span>/);
    expect(report).toMatch(/<td>stuffed<\/td><td>[^<]+<\/td><td>1<\/td><td><strong>100\.0 %<\/strong><\/td>/);
  });

  it.skipIf(!existsSync(CHROMIUM))(
    'should render in headless Chromium without console errors, network requests or script execution (skipped without /usr/bin/chromium)',
    async () => {
      const directory = mkdtempSync(join(tmpdir(), 'bench-report-'));
      const file = join(directory, 'report.html');
      writeFileSync(file, html);
      const context = await chromium.launchPersistentContext(join(directory, 'profile'), {
        executablePath: CHROMIUM,
        headless: true,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
      try {
        const page = await context.newPage();
        const problems: string[] = [];
        const requests: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
        });
        page.on('pageerror', (error) => problems.push(error.message));
        page.on('dialog', (dialog) => {
          problems.push(`dialog: ${dialog.message()}`);
          void dialog.dismiss();
        });
        page.on('request', (request) => {
          if (!request.url().startsWith('file:') && !request.url().startsWith('data:')) requests.push(request.url());
        });
        await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
        expect(await page.evaluate(() => (globalThis as { __pwned?: boolean }).__pwned)).toBeUndefined();
        expect(await page.locator('svg.chart').count()).toBeGreaterThanOrEqual(3);
        // The viewer shows the first dialogue of the first run, with the payload as literal text.
        const visible = page.locator('article.transcript:not([hidden])');
        expect(await visible.count()).toBe(1);
        expect(await visible.textContent()).toContain('<script>window.__pwned = true;');
        await page.click('#next-episode');
        expect(await page.locator('article.transcript:not([hidden])').getAttribute('data-episode')).toBe('1');
        await page.selectOption('#run-select', '1');
        expect(await page.locator('article.transcript:not([hidden])').getAttribute('data-run')).toBe('1');
        const screenshot = join(directory, 'report.png');
        await page.screenshot({ path: screenshot, fullPage: true });
        expect(statSync(screenshot).size).toBeGreaterThan(10_000);
        expect(problems).toEqual([]);
        expect(requests).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
