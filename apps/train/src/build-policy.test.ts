import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { initTfBackend } from '@rlver/model';
import { embeddedModelDirectory } from '@rlver/policy';
import { resolveTrainConfig } from '@rlver/trainer';
import { describe, expect, it } from 'vitest';
import { buildPolicy, shippedPolicyFolder, startingPolicyFolder } from './build-policy';

describe('shipped policies by name', () => {
  it('should find the embedded and the grounded checkpoint and nothing else by name', () => {
    expect(shippedPolicyFolder('embedded')).toBe(embeddedModelDirectory());
    const grounded = shippedPolicyFolder('embedded-grounded') as string;
    const rules = JSON.parse(readFileSync(join(grounded, 'generation_config.json'), 'utf8'));
    expect(rules.rlver_decoding_rules.phrasebook).toBe(true);
    expect(shippedPolicyFolder('embedded-grounded-x')).toBeUndefined();
    expect(() => startingPolicyFolder(resolveTrainConfig({ overrides: { policy: 'no-such-folder' } }))).toThrow(
      /"embedded", "embedded-grounded" nor a folder with config.json/,
    );
  });

  it('should start the embedded-phrasebook preset from a policy that lists its candidate replies', async () => {
    await initTfBackend();
    const config = resolveTrainConfig({ overrides: { preset: 'embedded-phrasebook' } });
    expect(startingPolicyFolder(config)).toBe(shippedPolicyFolder('embedded-grounded'));
    const policy = await buildPolicy(config, undefined);
    expect(policy.doCandidates).toBeTypeOf('function');
    const replies = await policy.doCandidates?.({
      request: {
        messages: [{ role: 'user', content: 'My manager yelled at me in front of the whole team today.' }],
        seed: 1,
      },
      limit: 5,
    });
    expect(replies?.length).toBe(5);
    for (const reply of replies ?? []) expect(reply.text.length).toBeGreaterThan(0);
    // The default preset's shipped weights have no phrasebook rule: no candidate list.
    const plain = await buildPolicy(resolveTrainConfig({ overrides: { preset: 'embedded' } }), undefined);
    expect(plain.doCandidates).toBeUndefined();
  }, 120_000);
});
