import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseJsonl } from '@rlver/spec';
import { resolveTrainConfig } from '@rlver/trainer';
import { z } from 'zod';
import { runTrainApp } from '../run-train-app';

/**
 * Short deterministic training runs (embedded policy, offline user, fixed seed) whose metrics pin the training
 * behaviour across refactors: `scripts/record-behaviour-fixture.ts` writes them to `behaviour-fixture.json`,
 * `behaviour-fixture.test.ts` checks that the code still reproduces them.
 */
export interface BehaviourCase {
  /** Name of the case in the fixture. */
  name: string;
  /** Flag-level settings (config field → value); the cases name the `embedded` preset (the language model trained). */
  overrides: Record<string, unknown>;
}

/** A run of the `embedded` preset shrunk to 2 steps of one 2-turn dialogue, no benchmark, seed 3. */
export const SHRUNK_EMBEDDED_RUN = {
  preset: 'embedded',
  steps: 2,
  profilesPerStep: 1,
  maxPolicyTurns: 2,
  evaluate: false,
  reportTo: [],
  seed: 3,
};

/** The cases: the embedded default (turn-level groups) for both algorithms, and dialogue groups with minibatches. */
export const BEHAVIOUR_CASES: readonly BehaviourCase[] = [
  { name: 'grpo-branching', overrides: { ...SHRUNK_EMBEDDED_RUN, algo: 'grpo' } },
  {
    name: 'ppo-branching-minibatches',
    // Recorded when the embedded PPO actor default was 1e-3 (now 5e-4): pinned, so the case keeps its recording.
    overrides: {
      ...SHRUNK_EMBEDDED_RUN,
      algo: 'ppo',
      algorithm: { learningRate: 1e-3, epochs: 2, minibatchCount: 2, criticEpochs: 2 },
    },
  },
  {
    name: 'grpo-dialogue-groups-minibatches',
    overrides: {
      ...SHRUNK_EMBEDDED_RUN,
      algo: 'grpo',
      branching: 1,
      groupSize: 3,
      turnCreditDiscount: null,
      packing: 'whole-dialogue',
      algorithm: { epochs: 2, minibatchCount: 2, dynamicSampling: false },
    },
  },
];

/** Metrics that measure the machine, not the training (they differ between runs). */
const isTiming = (key: string) => key.startsWith('perf/') || key.endsWith('latency_ms_mean');

/** Run one case end to end through the app (in a temporary runs folder) and return its per-step metrics. */
export async function runBehaviourCase(behaviourCase: BehaviourCase): Promise<Record<string, number>[]> {
  const runsDir = mkdtempSync(join(tmpdir(), 'rlver-behaviour-'));
  try {
    const config = resolveTrainConfig({ overrides: { ...behaviourCase.overrides, runsDir, runId: 'case' } });
    const code = await runTrainApp(config, { resume: false, signal: new AbortController().signal });
    if (code !== 0) throw new Error(`behaviour case ${behaviourCase.name} exited with ${code}`);
    const file = join(runsDir, 'case', 'metrics.jsonl');
    const lines = parseJsonl(readFileSync(file, 'utf8'), z.record(z.string(), z.unknown()), { file }).records;
    return lines.map((line) =>
      Object.fromEntries(
        Object.entries(line.value).filter(
          (entry): entry is [string, number] => typeof entry[1] === 'number' && !isTiming(entry[0]),
        ),
      ),
    );
  } finally {
    rmSync(runsDir, { recursive: true, force: true });
  }
}
