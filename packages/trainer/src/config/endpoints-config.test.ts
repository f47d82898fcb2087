import { describe, expect, it } from 'vitest';
import { resolveTrainConfig } from './resolve-train-config';

describe('endpoints per role in the train config', () => {
  it('should take a role block and keep the preset defaults for the rest', () => {
    const config = resolveTrainConfig({
      overrides: {
        simulator: 'openai:sim',
        endpoints: {
          simulator: {
            baseURL: 'http://127.0.0.1:8000/v1',
            apiKeyEnv: 'SIM_KEY',
            concurrency: 4,
            requestsPerMinute: 60,
          },
        },
      },
    });
    expect(config.endpoints.simulator).toEqual({
      baseURL: 'http://127.0.0.1:8000/v1',
      apiKeyEnv: 'SIM_KEY',
      concurrency: 4,
      requestsPerMinute: 60,
    });
    expect(resolveTrainConfig().endpoints).toEqual({});
  });

  it('should refuse a key written where the variable name goes, and roles training does not call', () => {
    expect(() =>
      resolveTrainConfig({ overrides: { endpoints: { simulator: { apiKeyEnv: 'sk-proj-abc123' } } } }),
    ).toThrow(/field "endpoints.simulator.apiKeyEnv": name the environment variable that holds the key/);
    expect(() => resolveTrainConfig({ overrides: { endpoints: { judge: { concurrency: 2 } } } })).toThrow(
      /endpoints.*Unrecognized key.*judge/,
    );
  });
});
