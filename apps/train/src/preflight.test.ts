import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { useTestBackend, writeTinyCheckpoint } from '@rlver/model/test';
import { type OpenAITestServer, startOpenAITestServer } from '@rlver/test-utils';
import { resolveTrainConfig, type TrainConfigInput } from '@rlver/trainer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPreflight } from './preflight';

const run = promisify(execFile);
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
const cli = join(import.meta.dirname, 'cli.ts');

const root = mkdtempSync(join(tmpdir(), 'rlver-preflight-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A tiny checkpoint folder, optionally broken by `breakIt`. */
async function tinyFolder(
  name: string,
  options: Parameters<typeof writeTinyCheckpoint>[1] & { breakIt?: (folder: string) => void } = {},
) {
  const folder = join(root, name);
  await writeTinyCheckpoint(folder, options);
  options.breakIt?.(folder);
  return folder;
}

function rewriteTokenizerConfig(folder: string, edit: (config: Record<string, unknown>) => void): void {
  const path = join(folder, 'tokenizer_config.json');
  const config = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  edit(config);
  writeFileSync(path, JSON.stringify(config));
}

/** A shrunk run on a tiny checkpoint, English scenarios, offline simulated user. */
const tinyRun = (policy: string, overrides: Partial<TrainConfigInput> = {}) =>
  resolveTrainConfig({
    overrides: {
      preset: 'embedded',
      policy,
      lang: 'en',
      evalLimit: 1,
      maxContextTokens: 2048,
      concurrency: 4,
      ...overrides,
    } as Record<string, unknown>,
  });

let good: string;
let server: OpenAITestServer;
beforeAll(async () => {
  await useTestBackend();
  good = await tinyFolder('good');
  server = await startOpenAITestServer(() => ({ content: 'ok' }));
});
afterAll(() => server.close());

describe('preflight', () => {
  it('should pass a sound tiny checkpoint and say what it checked', async () => {
    const { wiring, report } = await runPreflight(tinyRun(good), undefined);
    wiring.algorithm.dispose();
    const text = report.join('\n');
    expect(text).toMatch(/memory: about [\d.]+ GiB of the [\d.]+ GiB the \w+ backend has/);
    expect(text).toMatch(/tokenizer ids 0…260 within the 264 embedding rows ✓/);
    const [, off, on] = /renders to (\d+) tokens \(think off\) \/ (\d+) \(think on\)/.exec(text) ?? [];
    // The think prompt asks for <think>…</think> first: it is longer.
    expect(Number(on)).toBeGreaterThan(Number(off));
    expect(text).toMatch(/endpoints: none/);
  });

  it('should refuse a tokenizer whose ids exceed the embedding, naming vocab_size', async () => {
    const folder = await tinyFolder('small-embedding', {
      config: { vocabSize: 259, eosTokenIds: [258], padTokenId: 258 },
    });
    await expect(runPreflight(tinyRun(folder), undefined)).rejects.toThrow(
      /has token ids up to 260, but .*config\.json field "vocab_size" is 259/,
    );
  });

  it('should refuse a folder without a chat template', async () => {
    const folder = await tinyFolder('no-template', {
      breakIt: (dir) => rewriteTokenizerConfig(dir, (config) => delete config.chat_template),
    });
    await expect(runPreflight(tinyRun(folder), undefined)).rejects.toThrow(/has no "chat_template"/);
  });

  it('should refuse a chat template that drops the system prompt', async () => {
    const folder = await tinyFolder('drops-system', {
      breakIt: (dir) =>
        rewriteTokenizerConfig(dir, (config) => {
          config.chat_template =
            "{%- for message in messages %}{%- if message['role'] != 'system' %}{{- '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>\\n' }}{%- endif %}{%- endfor %}{{- '<|im_start|>assistant\\n' }}";
        }),
    });
    await expect(runPreflight(tinyRun(folder), undefined)).rejects.toThrow(/chat template drops the system prompt/);
  });

  it('should refuse a first turn longer than the prompt budget, naming the fields', async () => {
    await expect(
      runPreflight(tinyRun(good, { maxContextTokens: 120, sampling: { maxNewTokens: 40 } }), undefined),
    ).rejects.toThrow(
      /is \d+ tokens, but a turn's prompt gets maxContextTokens − sampling.maxNewTokens = 120 − 40 = 80/,
    );
  });

  it('should refuse a run over the memory limit before reading any weight', async () => {
    const folder = await tinyFolder('no-weights', { breakIt: (dir) => rmSync(join(dir, 'model.safetensors')) });
    await expect(runPreflight(tinyRun(folder), undefined, { memoryLimitBytes: 1000 })).rejects.toThrow(
      /needs at least 0\.5 GiB for one attention pass .* more than the 0\.0 GiB the \w+ backend has\. Lower maxContextTokens/,
    );
    // With room, the same folder fails on its missing weights: the memory check came first.
    await expect(runPreflight(tinyRun(folder), undefined)).rejects.toThrow(/model\.safetensors/);
  });

  it('should put LoRA adapters on the policy when the config asks', async () => {
    const config = tinyRun(good, { lora: { rank: 4, targetModules: ['q_proj', 'down_proj'] } });
    const { wiring, report } = await runPreflight(config, undefined);
    expect(wiring.policy.model.loraState?.config.rank).toBe(4);
    expect(report.join('\n')).toMatch(/LoRA rank 4 on q_proj, down_proj/);
    wiring.algorithm.dispose();
  });

  it('should send one request to the simulator endpoint and refuse one that does not answer', async () => {
    const { wiring, report, warnings } = await runPreflight(
      tinyRun(good, { simulator: 'openai:sim-model', baseURL: server.baseURL }),
      undefined,
    );
    wiring.algorithm.dispose();
    // The server answered GET /models with its own list: the probe asked it, and warns.
    expect(warnings).toContain(
      `${server.baseURL} does not list model "sim-model" (it lists test-model); calls may fail`,
    );
    expect(report.join('\n')).toContain(`endpoints: simulator sim-model at ${server.baseURL} answered ✓`);
    await expect(
      runPreflight(tinyRun(good, { simulator: 'openai:sim-model', baseURL: 'http://127.0.0.1:9/v1' }), undefined),
    ).rejects.toThrow(/cannot reach http:\/\/127\.0\.0\.1:9\/v1 for --simulator openai:sim-model/);
  });
});

describe('rlver-train --dry-run (the real CLI)', () => {
  const dryRun = (policy: string) =>
    run(
      process.execPath,
      [tsxCli, '--conditions=source', cli, '--dry-run', '--policy', policy, '--lang', 'en', '--eval-limit', '1'],
      { env: { ...process.env, RLVER_CWD: '' }, timeout: 120_000 },
    );

  it('should print the config with sources, the checks and the hardware table, and exit 0', async () => {
    const { stdout } = await dryRun(good);
    expect(stdout).toMatch(/policy: ".*good" {2}# --policy/);
    expect(stdout).toMatch(/# preflight\n {2}memory: about/);
    expect(stdout).toMatch(/Qwen2.5-7B +full .*refused: over 4 GiB/);
    expect(stdout).toMatch(
      /measured here .*Qwen2\.5-0\.5B update of 2×128 tokens at [\d.]+ tokens\/s, [\d.]+ GiB peak RSS/,
    );
    expect(stdout).toContain('dry run passed');
  }, 120_000);

  it('should exit non-zero on a misconfigured folder, saying what to change', async () => {
    const folder = await tinyFolder('cli-small-embedding', {
      config: { vocabSize: 259, eosTokenIds: [258], padTokenId: 258 },
    });
    const failure = await dryRun(folder).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toMatch(/"vocab_size" is 259 .* Use the tokenizer files saved with the model/);
  }, 120_000);
});
