import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { SyncStrategyTagger } from '../metrics/strategy-profile';
import { loadReportSources } from './load-report-runs';
import { renderReport } from './render-report';

export interface LiveReportOptions {
  /** Paths as for `loadReportSources`: training run folders, benchmark folders, result files. */
  paths: readonly string[];
  title?: string;
  tagger?: SyncStrategyTagger;
  /** Port on 127.0.0.1 (0 = any free port). */
  port: number;
  /** How often the page checks for new data (default 3 s). */
  pollSeconds?: number;
}

/** Size and modification time of every file under the paths (two levels deep): changes when a run writes. */
export function sourcesVersion(paths: readonly string[]): string {
  const parts: string[] = [];
  const visit = (path: string, depth: number) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (!stat.isDirectory()) {
      parts.push(`${path}:${stat.size}:${stat.mtimeMs}`);
      return;
    }
    if (depth > 2) return;
    for (const name of readdirSync(path).sort()) {
      if (name === 'checkpoints' || name.endsWith('.html')) continue;
      visit(join(path, name), depth + 1);
    }
  };
  for (const path of paths) visit(path, 0);
  let hash = 0;
  for (const char of parts.join('|')) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return `${parts.length}-${(hash >>> 0).toString(16)}`;
}

/**
 * Serve the report of `paths` on 127.0.0.1, rendered afresh on every load, and `/version`, which the page polls
 * to reload itself when a file under the paths changes (a training run writing metrics.jsonl, a benchmark
 * appending results). A source that cannot be read yet answers 503 with the reason, and the page retries.
 */
export async function serveLiveReport(options: LiveReportOptions): Promise<{ url: string; close(): Promise<void> }> {
  const pollSeconds = options.pollSeconds ?? 3;
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path === '/version') {
      response.writeHead(200, { 'content-type': 'text/plain', 'cache-control': 'no-store' });
      response.end(sourcesVersion(options.paths));
      return;
    }
    if (path !== '/' && path !== '/index.html') {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found: the live report is at /\n');
      return;
    }
    try {
      const version = sourcesVersion(options.paths);
      const { runs, training } = loadReportSources(options.paths);
      const html = renderReport({
        runs,
        training,
        title: options.title,
        tagger: options.tagger,
        live: { pollSeconds, version },
      });
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(html);
    } catch (error) {
      response.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'retry-after': String(pollSeconds) });
      response.end(
        `<!doctype html><meta http-equiv="refresh" content="${pollSeconds}"><p>Waiting for readable data: ${String((error as Error).message).replace(/[<&]/g, ' ')}</p>`,
      );
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
