import type { Profile } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { intentionLookup } from './intention-lookup';

const profile = (id: string, task: string, intention?: Profile['intention']): Profile => ({
  id,
  player: '- name: A',
  scene: 'scene',
  main_cha: 'passive',
  cha_group: [],
  task,
  ...(intention ? { intention } : {}),
});

describe('intentionLookup', () => {
  it("should give a profile's own key first, else classify its task, else nothing", () => {
    const lookup = intentionLookup([
      profile('keyed', 'wants practical advice', 'e1'),
      profile('classified', 'wants practical advice to solve it'),
      profile('unknown', 'something else entirely'),
    ]);
    expect(lookup('keyed')).toBe('e1');
    expect(lookup('classified')).toBe('r2');
    expect(lookup('unknown')).toBeUndefined();
    expect(lookup('missing')).toBeUndefined();
  });
});
