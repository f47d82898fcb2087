import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScriptedPolicy, createScriptedUserSimulator, createTestProfile } from '@rlver/env/test';
import { InvalidConfigError, parseJsonl, type SimulatorState, trajectorySchema } from '@rlver/spec';
import { describe, expect, it } from 'vitest';
import { checkErrorShare, TooManyErroredDialoguesError } from './check-error-share';
import { runBenchmark } from './run-benchmark';

const profiles = ['p-a', 'p-b', 'p-c', 'p-d'].map((id) => createTestProfile({ id }));
const policy = () =>
  createScriptedPolicy({ outputs: ['I hear you. What happened next?'], policyId: 'scripted-policy' });

/** A simulated user whose endpoint is down for the given profiles (every call fails). */
function simulatorDownFor(down: ReadonlySet<string>) {
  return createScriptedUserSimulator({
    turns: (_reply: string, state: SimulatorState) =>
      down.has(state.profile.id)
        ? { message: '', delta: 0, error: `HTTP 500 from the simulator endpoint (${state.profile.id}).` }
        : { message: 'Okay, thanks.', delta: 10 },
  });
}

function resultLines(file: string) {
  return parseJsonl(readFileSync(file, 'utf8'), trajectorySchema).records.map((record) => record.value);
}

describe('runBenchmark: errored dialogues are redone', () => {
  it('should redo errored dialogues on a rerun once the endpoint recovers, and count them', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'bench-redo-'));
    const first = await runBenchmark({
      profiles,
      simulator: simulatorDownFor(new Set(profiles.map((p) => p.id))),
      policy: policy(),
      outDir,
    });
    expect(first.summary).toMatchObject({ errors: 4, score: null });

    const healthy = simulatorDownFor(new Set());
    const second = await runBenchmark({ profiles, simulator: healthy, policy: policy(), outDir });
    expect(healthy.calls.filter((call) => call.kind === 'start')).toHaveLength(4);
    expect(second.summary).toMatchObject({ errors: 0, complete: true, score: 100 });
    expect(second.summary.timing).toMatchObject({ episodesRun: 4, episodesResumed: 0, episodesRedone: 4 });
    const lines = resultLines(second.files.results);
    expect(lines.map((line) => line.profileId).sort()).toEqual(['p-a', 'p-b', 'p-c', 'p-d']);
    expect(lines.every((line) => line.stopReason !== 'error')).toBe(true);

    // A third run has nothing left to do.
    const third = await runBenchmark({ profiles, simulator: simulatorDownFor(new Set()), policy: policy(), outDir });
    expect(third.summary.timing).toMatchObject({ episodesRun: 0, episodesResumed: 4, episodesRedone: 0 });
  });

  it('should redo only the errored ones and keep the finished ones', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'bench-redo-some-'));
    await runBenchmark({ profiles, simulator: simulatorDownFor(new Set(['p-b'])), policy: policy(), outDir });
    const healthy = simulatorDownFor(new Set());
    const second = await runBenchmark({ profiles, simulator: healthy, policy: policy(), outDir });
    expect(healthy.calls.filter((call) => call.kind === 'start').map((call) => call.profileId)).toEqual(['p-b']);
    expect(second.summary.timing).toMatchObject({ episodesRun: 1, episodesResumed: 3, episodesRedone: 1 });
    expect(resultLines(second.files.results)).toHaveLength(4);
  });
});

describe('runBenchmark: torn lines inside the results file', () => {
  const tornShapes: Array<[string, (lines: string[]) => string[]]> = [
    // A kill cut line 2 and a later run appended after it.
    ['a torn middle line', (lines) => [lines[0] ?? '', (lines[1] ?? '').slice(0, 120), lines[2] ?? '', lines[3] ?? '']],
    // The same, an older version glued the next record onto the torn piece.
    [
      'a torn line glued to the next record',
      (lines) => [lines[0] ?? '', `${(lines[1] ?? '').slice(0, 120)}${lines[2] ?? ''}`, lines[3] ?? ''],
    ],
  ];
  for (const [name, tear] of tornShapes) {
    it(`should set aside ${name}, redo its dialogues and keep every other one`, async () => {
      const outDir = mkdtempSync(join(tmpdir(), 'bench-torn-'));
      const first = await runBenchmark({ profiles, simulator: simulatorDownFor(new Set()), policy: policy(), outDir });
      const lines = readFileSync(first.files.results, 'utf8').trimEnd().split('\n');
      const torn = tear(lines);
      writeFileSync(first.files.results, `${torn.join('\n')}\n`);
      const healthy = simulatorDownFor(new Set());
      const second = await runBenchmark({ profiles, simulator: healthy, policy: policy(), outDir });
      const lost = 4 - (torn.length - 1);
      expect(healthy.calls.filter((call) => call.kind === 'start')).toHaveLength(lost);
      expect(second.summary).toMatchObject({ complete: true, errors: 0, score: 100 });
      expect(second.summary.timing).toMatchObject({ episodesRun: lost, tornLinesSetAside: 1 });
      const ids = resultLines(second.files.results).map((line) => line.profileId);
      expect(ids.sort()).toEqual(['p-a', 'p-b', 'p-c', 'p-d']);
      expect(readFileSync(join(outDir, 'unreadable-lines.txt'), 'utf8')).toBe(`${torn[1]}\n`);
    });
  }
});

describe('runBenchmark: a run carries its identity', () => {
  const base = (outDir: string) => ({ profiles: profiles.slice(0, 2), policy: policy(), outDir });
  const simulator = () => simulatorDownFor(new Set());

  it('should record preset, seed, think and endpoints (base URL and model) on every result line', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'bench-identity-'));
    const endpoints = { simulator: { baseURL: 'http://127.0.0.1:9/v1', model: 'sim-model' } };
    const result = await runBenchmark({
      ...base(outDir),
      simulator: simulator(),
      preset: 'sage',
      seed: 5,
      thinking: true,
      endpoints,
    });
    const text = readFileSync(result.files.results, 'utf8');
    for (const line of text.trim().split('\n')) {
      expect(JSON.parse(line).identity).toEqual({
        preset: 'sage',
        seed: 5,
        think: true,
        policyId: 'scripted-policy',
        simulatorId: 'scripted',
        endpoints,
      });
    }
  });

  const cases: Array<[string, object, object, RegExp]> = [
    ['preset', { preset: 'sage' }, { preset: 'rlver-train' }, /preset.*"sage".*"rlver-train"/],
    ['seed', { seed: 1 }, { seed: 2 }, /seed.*1.*2/],
    ['think', { thinking: false }, { thinking: true }, /think.*false.*true/],
    [
      'endpoint base URL',
      { endpoints: { simulator: { baseURL: 'http://127.0.0.1:1/v1', model: 'm' } } },
      { endpoints: { simulator: { baseURL: 'http://127.0.0.1:2/v1', model: 'm' } } },
      /endpoints\.simulator\.baseURL/,
    ],
    [
      'endpoint model',
      { endpoints: { simulator: { baseURL: 'http://127.0.0.1:1/v1', model: 'a' } } },
      { endpoints: { simulator: { baseURL: 'http://127.0.0.1:1/v1', model: 'b' } } },
      /endpoints\.simulator\.model.*"a".*"b"/,
    ],
  ];
  for (const [field, before, after, message] of cases) {
    it(`should refuse to resume with another ${field}, naming the field`, async () => {
      const outDir = mkdtempSync(join(tmpdir(), 'bench-mix-'));
      await runBenchmark({ ...base(outDir), simulator: simulator(), ...before });
      const rerun = runBenchmark({ ...base(outDir), profiles, simulator: simulator(), ...after });
      await expect(rerun).rejects.toThrow(InvalidConfigError);
      await expect(rerun).rejects.toThrow(message);
      expect(resultLines(join(outDir, 'results.jsonl'))).toHaveLength(2);
    });
  }
});

describe('checkErrorShare', () => {
  it('should fail a run whose error share passes the threshold, naming the first error', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'bench-share-'));
    const all = await runBenchmark({
      profiles,
      simulator: simulatorDownFor(new Set(['p-a', 'p-b', 'p-c', 'p-d'])),
      policy: policy(),
      outDir,
    });
    expect(() => checkErrorShare(all.summary, { maxErrorFraction: 0.5 })).toThrow(
      /4 of 4 dialogues ended in an error \(100%, above --max-error-fraction 0\.5\); first error: p-a \(repeat 0\): HTTP 500 from the simulator endpoint \(p-a\)/,
    );
    const some = await runBenchmark({
      profiles,
      simulator: simulatorDownFor(new Set(['p-c'])),
      policy: policy(),
      outDir: mkdtempSync(join(tmpdir(), 'bench-share-')),
    });
    // A cause that ends in a full stop is not followed by a second one.
    expect(() => checkErrorShare(all.summary, { maxErrorFraction: 0.5 })).toThrow(/\(p-a\)\. The results are kept/);
    expect(() => checkErrorShare(some.summary, { maxErrorFraction: 0.25 })).not.toThrow();
    expect(() => checkErrorShare(some.summary, { maxErrorFraction: 0.2 })).toThrow(TooManyErroredDialoguesError);
  });
});
