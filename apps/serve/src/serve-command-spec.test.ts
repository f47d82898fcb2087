import { parseCommandArgs } from '@rlver/cli-kit';
import { describe, expect, it } from 'vitest';
import { resolveServeConfig, SERVE_SPEC } from './serve-command-spec';

const resolve = (argv: string[]) => {
  const { flags, positionals } = parseCommandArgs(argv, SERVE_SPEC);
  return resolveServeConfig(flags, positionals);
};

describe('resolveServeConfig', () => {
  it('should serve the offline user on 127.0.0.1:8800 with the rlver-train preset by default', () => {
    expect(resolve([])).toMatchObject({
      port: 8800,
      host: '127.0.0.1',
      simulator: 'offline',
      preset: 'rlver-train',
      lang: 'zh',
      maxEpisodes: 10_000,
      idleTimeoutMs: 1_800_000,
      stateDir: undefined,
      fsync: true,
      replicaId: undefined,
      cacheDir: 'llm-cache',
    });
  });

  it('should read every flag', () => {
    const config = resolve([
      '--port',
      '0',
      '--host',
      '0.0.0.0',
      '--simulator',
      'openai:qwen',
      '--preset',
      'sage',
      '--lang',
      'en',
      '--max-episodes',
      '50',
      '--idle-timeout',
      '0.5',
      '--state-dir',
      'runs/serve',
      '--durability',
      'write',
      '--replica-id',
      'r2',
      '--base-url',
      'http://127.0.0.1:9000/v1',
    ]);
    expect(config).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      simulator: 'openai:qwen',
      preset: 'sage',
      lang: 'en',
      maxEpisodes: 50,
      idleTimeoutMs: 500,
      stateDir: 'runs/serve',
      fsync: false,
      replicaId: 'r2',
      baseURL: 'http://127.0.0.1:9000/v1',
      cacheDir: 'runs/serve/llm-cache',
    });
  });

  it('should name the flag of every bad value', () => {
    expect(() => resolve(['--simulator', 'gpt-4'])).toThrow(
      /--simulator "gpt-4" is not valid; use offline or openai:<model>/,
    );
    expect(() => resolve(['--replica-id', 'a b'])).toThrow(/--replica-id "a b" is not valid/);
    expect(() => resolve(['--port', '70000'])).toThrow(/--port is 70000; it must be ≤ 65535/);
    expect(() => resolve(['--preset', 'fast'])).toThrow(/--preset "fast" is not valid; use one of: sage, rlver-train/);
    expect(() => resolve(['extra'])).toThrow(/takes no positional arguments/);
  });
});
