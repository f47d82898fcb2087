/** Helpers of the serve scripts: start rlver-serve as its own process and speak JSON to it. */

import { type ChildProcess, spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const appRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Start `src/cli.ts --port 0 …` (with --expose-gc for memory readings) and read its URL from the first line. */
export function startServer(extra: string[]): Promise<{ child: ChildProcess; url: string }> {
  const profile = process.env.RLVER_SERVE_CPU_PROFILE
    ? [`--cpu-prof`, `--cpu-prof-dir=${process.env.RLVER_SERVE_CPU_PROFILE}`]
    : [];
  const nodeArguments = [
    '--expose-gc',
    ...profile,
    '--conditions=source',
    '--import',
    'tsx',
    'src/cli.ts',
    '--port',
    '0',
  ];
  const child = spawn(process.execPath, [...nodeArguments, ...extra], {
    cwd: appRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once('line', (line) => resolve({ child, url: line.replace('listening on ', '').trim() }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

// A lean keep-alive client (node:http): the load driver shares the 2 cores with the server, and `fetch` costs
// several times more CPU per request.
const agent = new Agent({ keepAlive: true, maxSockets: 1024 });

/** One JSON request; network failures resolve to status 0. */
// biome-ignore lint/suspicious/noExplicitAny: script bodies are read field by field
export function call(url: string, method: string, body?: unknown): Promise<{ status: number; json: any }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const outgoing = request(
      url,
      {
        method,
        agent,
        headers:
          payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: response.statusCode ?? 0, json: text ? JSON.parse(text) : null });
        });
        response.on('error', () => resolve({ status: 0, json: null }));
      },
    );
    outgoing.on('error', () => resolve({ status: 0, json: null }));
    outgoing.end(payload);
  });
}

export const REPLIES: Record<string, string[]> = {
  en: [
    'That sounds really hard. What happened next?',
    'I can hear how much this weighs on you.',
    'It makes sense that you feel this way.',
    'You have been carrying a lot. How are you holding up?',
  ],
  zh: [
    '听起来你真的很辛苦，后来怎么样了？',
    '我能感觉到这件事让你很难受。',
    '你会这样想太正常了。',
    '你一直扛着这么多，现在还好吗？',
  ],
};

export const percentile = (sorted: number[], fraction: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] as number);
