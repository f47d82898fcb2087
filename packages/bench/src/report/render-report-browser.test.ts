import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { EndpointUsage } from '@rlver/llm';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderReport } from './render-report';
import { syntheticBenchmarkRun, syntheticTrainingSeries } from './testing-report-fixtures';

const CHROMIUM = '/usr/bin/chromium';
/** Set to a folder (e.g. docs/img) to keep the screenshots for the README. */
const KEEP = process.env.RLVER_REPORT_SCREENSHOTS;

// Runs in the page (the test's tsconfig has no DOM types): decode the PNG, count coloured and non-white pixels.
const COUNT_PIXELS = `async (base64) => {
  const image = new Image();
  image.src = 'data:image/png;base64,' + base64;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const data = context.getImageData(0, 0, image.width, image.height).data;
  let coloured = 0;
  let nonWhite = 0;
  for (let index = 0; index < data.length; index += 4) {
    const r = data[index], g = data[index + 1], b = data[index + 2];
    if (Math.max(r, g, b) - Math.min(r, g, b) > 60) coloured += 1;
    if (r + g + b < 720) nonWhite += 1;
  }
  return { coloured, nonWhite, total: data.length / 4 };
}`;

/** Pixels of a PNG screenshot, counted in the page itself: coloured (data lines) and non-white ones. */
async function pixelCounts(page: Page, png: Buffer): Promise<{ coloured: number; nonWhite: number; total: number }> {
  return page.evaluate(`(${COUNT_PIXELS})(${JSON.stringify(png.toString('base64'))})`);
}

/** Synthetic usage of one endpoint role: `requests` calls of 900 tokens in and 80 out, priced per 1M tokens. */
function usage(requests: number, inputPerMillion: number, outputPerMillion: number): EndpointUsage {
  const promptTokens = requests * 900;
  const completionTokens = requests * 80;
  const cost = (promptTokens * inputPerMillion + completionTokens * outputPerMillion) / 1e6;
  return {
    requests,
    cachedRequests: 0,
    failedRequests: 0,
    promptTokens,
    completionTokens,
    latencyP50Ms: 820,
    latencyP99Ms: 4100,
    cost,
  };
}

describe.skipIf(!existsSync(CHROMIUM))('report in headless Chromium (skipped without /usr/bin/chromium)', () => {
  let context: Awaited<ReturnType<typeof chromium.launchPersistentContext>>;
  let page: Page;
  const problems: string[] = [];
  const directory = mkdtempSync(join(tmpdir(), 'bench-report-browser-'));

  beforeAll(async () => {
    const html = renderReport({
      title: 'Two GRPO runs compared (synthetic data)',
      generatedAt: '2026-11-26',
      training: [
        { ...syntheticTrainingSeries('grpo-s0', 300, 1), endpointUsage: { simulator: usage(5200, 0.27, 1.1) } },
        syntheticTrainingSeries('grpo-s1', 300, 2),
      ],
      runs: [
        {
          ...syntheticBenchmarkRun('grpo-s0 · after', 40, 3),
          endpointUsage: { simulator: usage(360, 0.27, 1.1), judge: usage(40, 0.15, 0.6) },
        },
        syntheticBenchmarkRun('grpo-s1 · after', 40, 4),
      ],
    });
    const file = join(directory, 'report.html');
    writeFileSync(file, html);
    context = await chromium.launchPersistentContext(join(directory, 'profile'), {
      executablePath: CHROMIUM,
      headless: true,
      viewport: { width: 1200, height: 900 },
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
    page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  }, 60_000);

  afterAll(async () => {
    await context?.close();
  });

  it('should draw every training chart with coloured data lines, axes and a legend per run', async () => {
    const figures = page.locator('figure.step-chart:not([hidden])');
    // Seven charts; the optimisation chart has grpo metrics too.
    expect(await figures.count()).toBe(7);
    for (const id of ['chart-emotion', 'chart-reward', 'chart-degenerate', 'chart-strategies']) {
      const figure = page.locator(`#${id}`);
      expect(await figure.locator('path.series-line').count()).toBeGreaterThan(0);
      const counts = await pixelCounts(page, await figure.screenshot());
      expect(counts.coloured, `${id}: coloured pixels`).toBeGreaterThan(300);
      expect(await figure.locator('text.axis').allTextContents()).toContain('training step');
    }
    expect(await page.locator('#chart-emotion .legend').textContent()).toMatch(/grpo-s0 · emotion final.*grpo-s1/);
    expect(await page.locator('#chart-strategies .legend-item').count()).toBe(6);
    if (KEEP) {
      mkdirSync(KEEP, { recursive: true });
      await page.locator('#training-steps').screenshot({ path: join(KEEP, 'report-training-charts.png') });
    }
    expect(problems).toEqual([]);
  });

  it('should show usage and cost per run and endpoint role, with a total per priced run', async () => {
    const section = page.locator('#endpoint-usage');
    expect(await section.isVisible()).toBe(true);
    expect(await section.locator('tr.usage-row').count()).toBe(3);
    const cells = await section.locator('tr.usage-row[data-role="judge"] td').allTextContents();
    expect(cells.slice(0, 4)).toEqual(['benchmark', 'grpo-s0 · after', 'judge', '40']);
    expect(cells[10]).toBe('0.00732');
    // 360 × (900 × 0.27 + 80 × 1.1) / 1e6 + 0.00732 = 0.11916 + 0.00732.
    expect(await section.locator('tr.usage-total td').last().textContent()).toBe('0.1265');
    const counts = await pixelCounts(page, await section.screenshot());
    expect(counts.nonWhite).toBeGreaterThan(500);
    if (KEEP) await section.screenshot({ path: join(KEEP, 'report-endpoint-usage.png') });
    expect(problems).toEqual([]);
  });

  it('should redraw with the smoothing slider', async () => {
    const figure = page.locator('#chart-emotion');
    await page.locator('#smoothing').fill('0');
    const raw = await figure.screenshot();
    await page.locator('#smoothing').fill('0.95');
    const smoothed = await figure.screenshot();
    expect(raw.equals(smoothed)).toBe(false);
    expect(await page.locator('#smoothing-value').textContent()).toBe('0.95');
  });

  it('should hide transcript rows of other outcomes when filtering, and show a matching transcript', async () => {
    const rows = page.locator('tr.transcript-row');
    const total = await rows.count();
    expect(total).toBe(80);
    await page.selectOption('#outcome-filter', 'failure');
    const visible = page.locator('tr.transcript-row:not([hidden])');
    const shown = await visible.count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(total);
    for (const outcome of await visible.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-outcome'))))
      expect(outcome).toBe('failure');
    const article = page.locator('article.transcript:not([hidden])');
    expect(await article.getAttribute('data-outcome')).toBe('failure');
    expect(await article.locator('details.thoughts').count()).toBeGreaterThan(0);
    const index = await pixelCounts(page, await page.locator('.transcript-index').screenshot());
    expect(index.nonWhite).toBeGreaterThan(500);
    await visible.nth(1).click();
    expect(await page.locator('article.transcript:not([hidden])').getAttribute('data-episode')).toBe(
      await visible.nth(1).getAttribute('data-episode'),
    );
    if (KEEP) {
      await page.locator('details.thoughts >> nth=0').evaluate((node) => node.setAttribute('open', ''));
      await page.locator('#transcripts').screenshot({ path: join(KEEP, 'report-transcripts.png') });
    }
    await page.selectOption('#outcome-filter', 'all');
    expect(await page.locator('tr.transcript-row:not([hidden])').count()).toBe(total);
    expect(problems).toEqual([]);
  });
});

describe('report size', () => {
  it('should grow sub-linearly with runs (transcripts sampled, charts as data)', () => {
    const render = (count: number) =>
      Buffer.byteLength(
        renderReport({
          training: Array.from({ length: count }, (_, index) => syntheticTrainingSeries(`run-${index}`, 300, index)),
          runs: Array.from({ length: count }, (_, index) => syntheticBenchmarkRun(`run-${index}`, 200, index)),
        }),
      );
    const one = render(1);
    const ten = render(10);
    expect(ten / one).toBeLessThan(5);
    expect(ten).toBeLessThan(3_000_000);
    console.info(`report size: 1 run ${(one / 1e6).toFixed(2)} MB, 10 runs ${(ten / 1e6).toFixed(2)} MB`);
  });
});
