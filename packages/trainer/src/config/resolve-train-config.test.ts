import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { briefPolicySystemPrompt, InvalidConfigError, policySystemPrompt } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { defaultRunId, resolveTrainConfig } from './resolve-train-config';
import { systemPromptFor } from './train-config';
import { DEFAULT_TRAIN_PRESET, TRAIN_PRESETS } from './train-presets';

function writeConfig(name: string, text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'rlver-config-')), name);
  writeFileSync(file, text);
  return file;
}

function errorOf(run: () => unknown): InvalidConfigError {
  try {
    run();
  } catch (error) {
    if (InvalidConfigError.isInstance(error)) return error as InvalidConfigError;
    throw error;
  }
  throw new Error('expected an InvalidConfigError');
}

describe('resolveTrainConfig', () => {
  it('should default to the embedded-choice preset: GRPO on a choice layer over the grounded checkpoint', () => {
    const config = resolveTrainConfig();
    expect(config.preset).toBe(DEFAULT_TRAIN_PRESET);
    expect(config.preset).toBe('embedded-choice');
    expect(config.algo).toBe('grpo');
    expect(config.choiceLayer).toMatchObject({ prior: 'uniform', epochs: 1, ppoBaseline: 'linear-critic' });
    expect(config.branchCandidates).toBeGreaterThan(1);
    expect(config.policy).toBe('embedded-grounded');
    expect(config.simulator).toBe('offline');
    expect(defaultRunId(config)).toBe('embedded-choice-grpo-s0');
  });

  it('should default to the embedded preset when --policy names a checkpoint the choice layer cannot choose over', () => {
    expect(resolveTrainConfig({ overrides: { policy: '/ckpt' } }).preset).toBe('embedded');
    expect(resolveTrainConfig({ overrides: { policy: 'embedded' } }).preset).toBe('embedded');
    expect(resolveTrainConfig({ overrides: { policy: 'embedded-grounded' } }).preset).toBe('embedded-choice');
    const file = writeConfig('own-checkpoint.yaml', 'policy: /models/qwen\n');
    expect(resolveTrainConfig({ configFile: file }).preset).toBe('embedded');
    // A named preset wins over the policy's default.
    expect(resolveTrainConfig({ overrides: { policy: '/ckpt', preset: 'rlver-grpo' } }).preset).toBe('rlver-grpo');
  });

  it('should train the language model itself under the embedded preset, with GRPO over turn-level groups', () => {
    const config = resolveTrainConfig({ overrides: { preset: 'embedded' } });
    expect(config.algo).toBe('grpo');
    expect(config.choiceLayer).toBeNull();
    expect(config.branching).toBeGreaterThan(1);
    expect(config.policy).toBe('embedded');
    expect(defaultRunId(config)).toBe('embedded-grpo-s0');
  });

  it('should leave the decoding rules to the checkpoint and pass on only the fields the file or flags set', () => {
    // The embedded model's rules live in its own generation_config.json, as any --policy folder's do.
    expect(resolveTrainConfig().decodingRules).toEqual({});
    expect(resolveTrainConfig({ overrides: { policy: '/ckpt' } }).decodingRules).toEqual({});
    const config = resolveTrainConfig({ overrides: { decodingRules: { lexicon: false, phrasebook: true } } });
    expect(config.decodingRules).toEqual({ lexicon: false, phrasebook: true });
    const file = writeConfig('rules.yaml', 'decodingRules:\n  quoteMinUnits: 3\n');
    const refined = resolveTrainConfig({ configFile: file, overrides: { decodingRules: { script: false } } });
    expect(refined.decodingRules).toEqual({ quoteMinUnits: 3, script: false });
  });

  it('should train the shipped grounded checkpoint over its enumerated candidates under embedded-phrasebook', () => {
    const config = resolveTrainConfig({ overrides: { preset: 'embedded-phrasebook' } });
    expect(config.policy).toBe('embedded-grounded');
    expect(config.algo).toBe('grpo');
    expect(config.branching).toBe(1);
    expect(config.branchCandidates).toBeGreaterThan(config.branching);
    expect(config.turnCreditDiscount).not.toBeNull();
    // The embedded preset's optimisation block and steps (a constant 3e-3 gained nothing, see the decision record).
    expect(config.algorithm.learningRate).toBe(TRAIN_PRESETS.embedded.algorithm.learningRate);
    expect(config.steps).toBe(TRAIN_PRESETS.embedded.steps);
    expect(defaultRunId(config)).toBe('embedded-phrasebook-grpo-s0');
    const ppo = resolveTrainConfig({ overrides: { preset: 'embedded-phrasebook', algo: 'ppo' } });
    expect(ppo.groupSize).toBe(1);
    expect(ppo.branchCandidates).toBe(config.branchCandidates);
    expect(ppo.algorithm.learningRate).toBe(config.algorithm.learningRate);
    if (ppo.algo !== 'ppo' || !('criticLearningRate' in ppo.algorithm)) throw new Error('expected a PPO block');
    expect(ppo.algorithm.criticLearningRate).toBe(TRAIN_PRESETS.embedded.algorithmDefaults.ppo?.criticLearningRate);
  });

  it('should name the presets in the error for an unknown one', () => {
    expect(() => resolveTrainConfig({ overrides: { preset: 'phrasebook' as never } })).toThrow(
      /use one of embedded, embedded-phrasebook, embedded-choice, rlver-ppo, rlver-grpo/,
    );
  });

  it('should keep the turn-level groups when the embedded preset switches to PPO', () => {
    const config = resolveTrainConfig({ overrides: { algo: 'ppo' } });
    expect(config.groupSize).toBe(1);
    expect(config.branching).toBe(resolveTrainConfig().branching);
  });

  it("should give think runs the preset's larger token budgets, unless the file or flags set them", () => {
    const plain = resolveTrainConfig();
    const thinking = resolveTrainConfig({ overrides: { think: true } });
    expect(thinking.sampling.maxNewTokens).toBe(TRAIN_PRESETS.embedded.thinkDefaults?.sampling?.maxNewTokens);
    expect(thinking.sampling.maxNewTokens).toBeGreaterThan(plain.sampling.maxNewTokens);
    // The prompt of a turn keeps the room it has without think.
    expect(thinking.maxContextTokens - thinking.sampling.maxNewTokens).toBe(
      plain.maxContextTokens - plain.sampling.maxNewTokens,
    );
    expect(thinking.sampling.temperature).toBe(plain.sampling.temperature);
    const file = writeConfig('think.yaml', 'think: true\nsampling:\n  maxNewTokens: 80\n');
    const fromFile = resolveTrainConfig({ configFile: file });
    expect(fromFile.sampling.maxNewTokens).toBe(80);
    expect(fromFile.maxContextTokens).toBe(thinking.maxContextTokens);
    const fromFlag = resolveTrainConfig({ overrides: { think: true, maxContextTokens: 400 } });
    expect(fromFlag.maxContextTokens).toBe(400);
    expect(
      resolveTrainConfig({ overrides: { preset: 'rlver-grpo', policy: 'x', think: true } }).sampling.maxNewTokens,
    ).toBe(TRAIN_PRESETS['rlver-grpo'].sampling.maxNewTokens);
  });

  it('should give the embedded preset the brief system prompt and the paper presets the default one', () => {
    const embedded = systemPromptFor(resolveTrainConfig({ overrides: { think: true } }));
    expect(embedded('zh')).toBe(briefPolicySystemPrompt('zh', true));
    expect(embedded('zh').length).toBeLessThan(policySystemPrompt('zh', true).length / 2);
    const paper = systemPromptFor(resolveTrainConfig({ overrides: { preset: 'rlver-ppo', policy: '/ckpt' } }));
    expect(paper('en')).toBe(policySystemPrompt('en'));
  });

  it("should refine the preset's algorithm block field by field from a config file", () => {
    const file = writeConfig('ppo.yaml', 'algo: ppo\nalgorithm:\n  learningRate: 0.002\n');
    const config = resolveTrainConfig({ configFile: file });
    if (config.algo !== 'ppo' || !('criticLearningRate' in config.algorithm)) throw new Error('expected a PPO block');
    expect(config.algorithm.learningRate).toBe(0.002);
    // The preset's shared defaults and its PPO additions stay; the PPO schema fills the rest.
    expect(config.algorithm.warmupRatio).toBe(TRAIN_PRESETS.embedded.algorithm.warmupRatio);
    expect(config.algorithm.criticLearningRate).toBe(TRAIN_PRESETS.embedded.algorithmDefaults.ppo?.criticLearningRate);
    expect(config.algorithm.valueClip).toBe(0.5);
  });

  it('should give every algorithm the same name for a shared field', () => {
    for (const algo of ['ppo', 'grpo'] as const) {
      const config = resolveTrainConfig({ overrides: { algo, algorithm: { clipRatioLow: 0.1 } } });
      expect(config.algorithm.clipRatioLow).toBe(0.1);
    }
  });

  it('should name the file, line and field of a bad value inside the algorithm block', () => {
    const file = writeConfig('bad-algorithm.yaml', 'algo: grpo\nsteps: 2\nalgorithm:\n  learningRate: -1\n');
    expect(errorOf(() => resolveTrainConfig({ configFile: file })).message).toMatch(
      /bad-algorithm\.yaml line 4: field "algorithm\.learningRate"/,
    );
    const unknown = writeConfig('unknown-algorithm.yaml', 'algo: ppo\nalgorithm:\n  scaleRewards: none\n');
    expect(errorOf(() => resolveTrainConfig({ configFile: unknown })).message).toMatch(
      /line 3: field "algorithm\.scaleRewards"[\s\S]*scaleRewards[\s\S]*known fields: .*criticLearningRate/,
    );
  });

  it('should name the new field of an old config file, with its line', () => {
    const oldBlock = writeConfig('old-block.yaml', 'algo: ppo\nppo:\n  actorLearningRate: 0.001\n');
    expect(errorOf(() => resolveTrainConfig({ configFile: oldBlock })).message).toMatch(
      /old-block\.yaml line 2: field "ppo": the "ppo" block is now the "algorithm" block[\s\S]*actorLearningRate → learningRate/,
    );
    const oldField = writeConfig('old-field.yaml', 'algorithm:\n  clipRatio: 0.2\n');
    expect(errorOf(() => resolveTrainConfig({ configFile: oldField })).message).toMatch(
      /old-field\.yaml line 2: field "algorithm\.clipRatio": "clipRatio" was renamed; use clipRatioLow/,
    );
  });

  it('should refuse an unknown algorithm, naming the registered ones', () => {
    expect(errorOf(() => resolveTrainConfig({ overrides: { algo: 'a2c' } })).message).toMatch(/ppo.*grpo/);
  });

  it('should switch group defaults when GRPO is chosen, keeping dialogues per step', () => {
    const ppo = resolveTrainConfig({ overrides: { preset: 'rlver-ppo', policy: '/ckpt' } });
    const grpo = resolveTrainConfig({ overrides: { preset: 'rlver-ppo', policy: '/ckpt', algo: 'grpo' } });
    expect(grpo.groupSize).toBe(4);
    expect(grpo.profilesPerStep * grpo.groupSize).toBe(ppo.profilesPerStep * ppo.groupSize);
  });

  it('should let flags override the file and the file override the preset', () => {
    const file = writeConfig('c.yaml', 'steps: 7\nseed: 3\nsampling:\n  temperature: 0.7\n');
    const config = resolveTrainConfig({ configFile: file, overrides: { seed: 9 } });
    expect(config.steps).toBe(7);
    expect(config.seed).toBe(9);
    expect(config.sampling.temperature).toBe(0.7);
    expect(config.sampling.maxNewTokens).toBe(64);
  });

  it('should name the file, line and field of a bad value', () => {
    const file = writeConfig('bad.yaml', 'algo: ppo\nsteps: 0\n');
    expect(errorOf(() => resolveTrainConfig({ configFile: file })).message).toMatch(/bad\.yaml line 2: field "steps"/);
  });

  it('should name the flag of a bad override', () => {
    const error = errorOf(() =>
      resolveTrainConfig({ overrides: { steps: -1 }, flagNames: new Map([['steps', '--steps']]) }),
    );
    expect(error.message).toMatch(/--steps: /);
  });

  it('should reject unknown fields and list the known ones', () => {
    const file = writeConfig('typo.json', '{"stepz": 3}');
    expect(errorOf(() => resolveTrainConfig({ configFile: file })).message).toMatch(/stepz[\s\S]*known fields: preset/);
  });

  it('should explain why GRPO needs groups', () => {
    const overrides = { preset: 'embedded', groupSize: 1, branching: 1 } as const;
    expect(errorOf(() => resolveTrainConfig({ overrides })).message).toMatch(
      /set it to ≥ 2 \(or branching ≥ 2 for turn-level groups\): GRPO advantages are computed per group/,
    );
  });

  it('should accept GRPO without dialogue groups when branching gives turn-level groups, with turn credit only', () => {
    const config = resolveTrainConfig({ overrides: { algo: 'grpo', groupSize: 1, branching: 4 } });
    expect(config.branching).toBe(4);
    expect(
      errorOf(() => resolveTrainConfig({ overrides: { branching: 4, turnCreditDiscount: null } })).message,
    ).toMatch(/set turnCreditDiscount/);
  });

  it('should take enumerated branching as turn-level groups of branchCandidates members, with turn credit only', () => {
    const embedded = { preset: 'embedded' } as const;
    const config = resolveTrainConfig({
      overrides: { ...embedded, algo: 'grpo', groupSize: 1, branching: 1, branchCandidates: 8 },
    });
    expect(config.branchCandidates).toBe(8);
    expect(resolveTrainConfig({ overrides: embedded }).branchCandidates).toBe(0);
    // PPO keeps the preset's dialogue settings too (the groups are the turn's).
    const ppo = resolveTrainConfig({ overrides: { ...embedded, algo: 'ppo', branching: 1, branchCandidates: 8 } });
    expect(ppo.groupSize).toBe(resolveTrainConfig({ overrides: embedded }).groupSize);
    expect(
      errorOf(() => resolveTrainConfig({ overrides: { branchCandidates: 8, turnCreditDiscount: null } })).message,
    ).toMatch(/set turnCreditDiscount/);
    expect(errorOf(() => resolveTrainConfig({ overrides: { branching: 4, branchCandidates: 4 } })).message).toMatch(
      /set it above branching/,
    );
    expect(errorOf(() => resolveTrainConfig({ overrides: { branchCandidates: -1 } })).message).toMatch(
      /branchCandidates/,
    );
  });

  it('should ask for a checkpoint folder on the paper presets', () => {
    expect(errorOf(() => resolveTrainConfig({ overrides: { preset: 'rlver-ppo' } })).field).toBe('--policy');
  });

  it('should report a missing config file with the flag to fix', () => {
    expect(errorOf(() => resolveTrainConfig({ configFile: '/nonexistent/x.yaml' })).message).toMatch(/--config/);
  });

  it.each(['rlver-ppo', 'rlver-grpo'] as const)(
    'should give the %s preset the paper budgets: 5000 new tokens per turn in a 15000-token context',
    (preset) => {
      const config = resolveTrainConfig({ overrides: { preset, policy: '/ckpt' } });
      expect(config.sampling.maxNewTokens).toBe(5000);
      expect(config.maxContextTokens).toBe(15_000);
      // A turn's prompt gets the rest: at least the paper's max_prompt_length of 5000.
      expect(config.maxContextTokens - config.sampling.maxNewTokens).toBeGreaterThanOrEqual(5000);
    },
  );

  it('should refuse a budget with no room for the prompt before anything starts, naming both fields', () => {
    const error = errorOf(() =>
      resolveTrainConfig({ overrides: { preset: 'rlver-grpo', policy: '/ckpt', maxContextTokens: 5000 } }),
    );
    expect(error.message).toMatch(/field "sampling\.maxNewTokens"/);
    expect(error.message).toMatch(
      /sampling\.maxNewTokens is 5000 and maxContextTokens is 5000: a turn's prompt gets maxContextTokens − maxNewTokens = 0 tokens/,
    );
    expect(error.message).toMatch(/paper: maxContextTokens 15000 with maxNewTokens 5000/);
    const file = writeConfig('budget.yaml', 'maxContextTokens: 64\nsampling:\n  maxNewTokens: 80\n');
    expect(errorOf(() => resolveTrainConfig({ configFile: file })).message).toMatch(/is 80 and maxContextTokens is 64/);
  });
});
