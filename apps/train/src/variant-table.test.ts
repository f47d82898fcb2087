import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { groupVariantRuns, readVariantRun, type VariantRun, variantTableMarkdown } from './variant-table';

const root = mkdtempSync(join(tmpdir(), 'variant-table-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const score = (value: number, degenerate: number, mixed: number) => ({
  score: value,
  success: 0,
  failure: 90,
  dialogues: 100,
  errors: 0,
  strategies: {},
  monitors: {
    replies: 400,
    topOpening: 'i hear you',
    metrics: { 'monitor/degenerate_fraction': degenerate, 'monitor/degenerate_mixed_language_fraction': mixed },
  },
});

/** A finished run folder: summary.json, and for think runs without `thinkCheck` the after-benchmark replies. */
function writeRun(runId: string, options: { think: boolean; before: number; after: number; lastStep: number }) {
  const directory = join(root, runId);
  mkdirSync(join(directory, 'after'), { recursive: true });
  const span = (from: number) => ({ from, to: from, rewardMean: 0, emotionFinal: 0, monitors: {} });
  writeFileSync(
    join(directory, 'summary.json'),
    JSON.stringify({
      schemaVersion: 1,
      runId,
      algo: 'grpo',
      think: options.think,
      seed: 0,
      steps: 80,
      backend: 'cpu',
      wallSeconds: 600,
      before: score(options.before, 0.02, 0.01),
      after: score(options.after, 0.04, 0.02),
      improvement: options.after - options.before,
      training: { first: span(0), last: span(options.lastStep) },
      warnings: [],
    }),
  );
  return directory;
}

describe('readVariantRun', () => {
  it('should read gain, degenerate and mixed-language shares and the steps trained of a finished run', () => {
    const run = readVariantRun(writeRun('grpo-s0', { think: false, before: 2.5, after: 4.9, lastStep: 79 }), 'grpo', 0);
    expect(run).toMatchObject({
      gain: 2.4000000000000004,
      degenerateAfter: 0.04,
      mixedLanguageAfter: 0.02,
      stepsTrained: 80,
      thinkFormatAfter: null,
      thinkDependenceLift: null,
    });
  });

  it("should take a think run's format rate from its after-benchmark replies when the summary has no thinkCheck", () => {
    const directory = writeRun('grpo-think-s0', { think: true, before: 2.7, after: 3.5, lastStep: 17 });
    const turn = (index: number, rawOutput: string) => ({
      index,
      rawOutput,
      reply: 'Hi.',
      think: null,
      userMessage: 'u',
      emotion: 30,
      delta: 0,
      band: 'C',
      innerThoughts: '',
      strategyLabels: [],
      scored: true,
      promptTokenCount: 1,
      outputTokenCount: 1,
      policyLatencyMs: 0,
      simulatorLatencyMs: 0,
      simulatorCalls: 0,
    });
    const dialogue = {
      schemaVersion: 1,
      episodeId: 'e',
      profileId: 'p',
      lang: 'en',
      seed: 0,
      preset: 'rlver-train',
      policyId: 'p',
      simulatorId: 's',
      systemPrompt: '',
      opening: { message: 'hi', emotion: 30 },
      turns: [turn(1, '<think>\nplan\n</think>\nHi.'), turn(2, 'Hi.'), turn(3, '</think>Hi.'), turn(4, 'Hello.')],
      finalEmotion: 30,
      reward: 0.3,
      stopReason: 'max_turns',
      truncated: false,
      startedAt: '',
      durationMs: 0,
    };
    writeFileSync(join(directory, 'after', 'results.jsonl'), `${JSON.stringify(dialogue)}\n`);
    const run = readVariantRun(directory, 'grpo-think', 0);
    expect(run.thinkFormatAfter).toBe(0.25);
    expect(run.thinkFormatBefore).toBeNull();
    expect(run.stepsTrained).toBe(18);
  });
});

describe('groupVariantRuns and variantTableMarkdown', () => {
  const base: VariantRun = {
    variant: 'ppo',
    seed: 0,
    runId: 'ppo-s0',
    before: 2.5,
    after: 4.5,
    gain: 2,
    stepsTrained: 80,
    stepsConfigured: 80,
    degenerateBefore: 0.02,
    degenerateAfter: 0.03,
    mixedLanguageBefore: 0.02,
    mixedLanguageAfter: 0.01,
    thinkFormatBefore: null,
    thinkFormatAfter: null,
    thinkDependenceLift: null,
    wallSeconds: 500,
  };

  it('should give mean ± sample sd over seeds, count early stops and keep the variant order', () => {
    const runs: VariantRun[] = [
      {
        ...base,
        variant: 'grpo-think',
        seed: 0,
        gain: 1,
        thinkFormatBefore: 0.9,
        thinkFormatAfter: 0.95,
        thinkDependenceLift: 0.4,
      },
      { ...base, seed: 0, gain: 2 },
      { ...base, seed: 1, gain: 4, stepsTrained: 18 },
      { ...base, seed: 2, gain: 6 },
    ];
    const groups = groupVariantRuns(runs, ['ppo', 'ppo-think', 'grpo-think']);
    expect(groups.map((group) => group.variant)).toEqual(['ppo', 'grpo-think']);
    expect(groups[0]?.gain).toEqual({ mean: 4, std: 2, n: 3 });
    expect(groups[0]?.stoppedEarly).toBe(1);
    const markdown = variantTableMarkdown(groups).split('\n');
    expect(markdown[2]).toBe(
      '| ppo | 0,1,2 | 4.0 ± 2.0 | 2.5 ± 0.0 → 4.5 ± 0.0 | 3.0 ± 0.0 % (2.0 ± 0.0 %) | 1.0 ± 0.0 % | – | – | 500 ± 0 | 1 of 3 |',
    );
    expect(markdown[3]).toContain('| 95.0 ± 0.0 % (90.0 ± 0.0 %) | 40.0 ± 0.0 |');
  });
});
