/**
 * What scoring a dialogue state's candidate replies costs (enumerated branching under the phrasebook rule), before
 * and after the prompt is run once for all of them: `scoreSequencesMinibatched` over whole prompt + candidate rows
 * (16 a pass) against `scoreContinuations` (the prompt's pass once, only the candidates' positions scored). The
 * states are real: the dialogues of a `pnpm train` run's rollouts.jsonl, cut before a turn. Rounds alternate the two
 * paths; the figures are candidates scored per CPU-second (this process's user + system time) and per wall
 * second, and the largest difference of a log-prob between the paths.
 *
 *   nice -n 10 npx tsx --conditions=source packages/policy/scripts/candidate-scoring-speed.ts \
 *     --rollouts /tmp/run/rollouts.jsonl [--policy packages/policy/assets/embedded-grounded] [--counts 8,32,100] \
 *     [--states 8] [--rounds 2] [--cold] [--out /tmp/candidate-scoring.json]
 *
 * --cold (one count per run): each path on its own policy copy, one round, every state new to its rule caches, as
 * each new dialogue state of a run is.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { initTfBackend, scoreContinuations, scoreSequencesMinibatched } from '@rlver/model';
import type { ChatMessage } from '@rlver/spec';
import { chooseCandidates } from '../src/candidate-replies';
import { loadCheckpointPolicy } from '../src/checkpoint-policy';

const { values: flags } = parseArgs({
  options: {
    rollouts: { type: 'string' },
    policy: {
      type: 'string',
      default: fileURLToPath(new URL('../assets/embedded-grounded/', import.meta.url)),
    },
    counts: { type: 'string', default: '8,32,100' },
    states: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '2' },
    'max-context-tokens': { type: 'string', default: '320' },
    'max-new-tokens': { type: 'string', default: '64' },
    temperature: { type: 'string', default: '0.7' },
    out: { type: 'string' },
    // Each path on its own policy copy, first visit of every state only (as in a run: a new dialogue state's rule
    // caches start empty), no warm-up round.
    cold: { type: 'boolean', default: false },
    // Which path runs first in each round.
    order: { type: 'string', default: 'minibatched,continuations' },
  },
  strict: true,
});
if (!flags.rollouts) {
  throw new Error(
    'candidate-scoring-speed: give --rollouts <a pnpm train run folder>/rollouts.jsonl (its dialogues are the states)',
  );
}

interface RolloutTurn {
  reply: string;
  userMessage?: string;
}
interface RolloutLine {
  systemPrompt: string;
  opening: { message: string };
  turns: RolloutTurn[];
}

/** The messages before each turn ≥ 2 of each episode: the longer prompts, as late turns have them. */
function statesOf(path: string, count: number): ChatMessage[][] {
  const states: ChatMessage[][] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const episode = JSON.parse(line) as RolloutLine;
    const messages: ChatMessage[] = [
      { role: 'system', content: episode.systemPrompt },
      { role: 'user', content: episode.opening.message },
    ];
    episode.turns.forEach((turn, index) => {
      if (index >= 2 && index === episode.turns.length - 1) states.push([...messages]);
      messages.push({ role: 'assistant', content: turn.reply });
      if (turn.userMessage) messages.push({ role: 'user', content: turn.userMessage });
    });
  }
  // Spread over the run: every k-th state.
  const stride = Math.max(1, Math.floor(states.length / count));
  return states.filter((_, index) => index % stride === 0).slice(0, count);
}

const maxNewTokens = Number(flags['max-new-tokens']);
const temperature = Number(flags.temperature);
const backend = await initTfBackend({});
const policy = await loadCheckpointPolicy(flags.policy, {
  maxContextTokens: Number(flags['max-context-tokens']),
  sampling: { temperature, maxNewTokens },
});
// With --cold the continuations path scores through a second copy whose rule caches have not seen the states.
const coldCopy = flags.cold
  ? await loadCheckpointPolicy(flags.policy, {
      maxContextTokens: Number(flags['max-context-tokens']),
      sampling: { temperature, maxNewTokens },
    })
  : policy;
const rules = policy.model.logitsRules;
if (!rules?.phrasebook) throw new Error(`candidate-scoring-speed: ${flags.policy} has no phrasebook rule`);
const end = policy.tokenizer.eosTokenIds[0] ?? policy.model.config.eosTokenIds[0] ?? 0;
const states = statesOf(flags.rollouts, Number(flags.states)).map((messages, index) => {
  const promptIds = policy.encodeChat(messages, maxNewTokens);
  const listStart = performance.now();
  const replies = rules.phrasebookReplies(promptIds);
  const listMs = performance.now() - listStart;
  // Listed on the cold copy too (outside the timing), so both paths start from a listed, unscored state.
  if (coldCopy !== policy) coldCopy.model.logitsRules?.phrasebookReplies(promptIds);
  return { promptIds, replies, listMs, seed: index };
});

function cpuSeconds(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
}

type Path = 'minibatched' | 'continuations';
async function scoreState(path: Path, promptIds: number[], continuations: number[][]): Promise<number[][]> {
  if (path === 'continuations')
    return scoreContinuations(policy.model, { prefix: promptIds, continuations, temperature });
  const scored = await scoreSequencesMinibatched(policy.model, {
    sequences: continuations.map((ids) => [...promptIds, ...ids]),
    temperature,
    batchSize: 16,
  });
  return scored.map((row) => row.logProbs.slice(promptIds.length - 1));
}

const rows: Record<string, unknown>[] = [];
for (const count of flags.counts.split(',').map(Number)) {
  const work = states.map((state) => ({
    promptIds: state.promptIds,
    continuations: chooseCandidates(state.replies, { limit: count, seed: state.seed })
      .map((reply) => [...policy.tokenizer.encode(reply), end])
      .filter((ids) => ids.length <= maxNewTokens),
  }));
  const candidates = work.reduce((sum, state) => sum + state.continuations.length, 0);
  const totals: Record<Path, { cpu: number; wall: number }> = {
    minibatched: { cpu: 0, wall: 0 },
    continuations: { cpu: 0, wall: 0 },
  };
  let maxDifference = 0;
  let finite = 0;
  // The first round (−1) warms both paths (the rules' per-node caches, the kernels' shapes) and is not counted.
  for (let round = flags.cold ? 0 : -1; round < Number(flags.rounds); round += 1) {
    const results: Partial<Record<Path, number[][][]>> = {};
    for (const path of flags.order.split(',') as Path[]) {
      const cpu = process.cpuUsage();
      const wall = performance.now();
      const scored: number[][][] = [];
      for (const state of work) scored.push(await scoreState(path, state.promptIds, state.continuations));
      if (round >= 0) {
        totals[path].cpu += cpuSeconds(cpu);
        totals[path].wall += (performance.now() - wall) / 1000;
      }
      results[path] = scored;
    }
    const before = results.minibatched ?? [];
    for (const [stateIndex, state] of before.entries()) {
      for (const [rowIndex, row] of state.entries()) {
        for (const [position, value] of row.entries()) {
          const other = results.continuations?.[stateIndex]?.[rowIndex]?.[position] as number;
          if (Number.isFinite(value) && value > -1e8) {
            finite += 1;
            maxDifference = Math.max(maxDifference, Math.abs(value - other));
          } else if (!(value < -1e8 && other < -1e8)) maxDifference = Number.POSITIVE_INFINITY;
        }
      }
    }
  }
  const scoredCount = candidates * Number(flags.rounds);
  const row = {
    count,
    states: work.length,
    candidates,
    meanPromptTokens: work.reduce((sum, state) => sum + state.promptIds.length, 0) / work.length,
    meanCandidateTokens:
      work.reduce((sum, state) => sum + state.continuations.reduce((total, ids) => total + ids.length, 0), 0) /
      Math.max(candidates, 1),
    minibatched: {
      perCpuSecond: scoredCount / totals.minibatched.cpu,
      perWallSecond: scoredCount / totals.minibatched.wall,
    },
    continuations: {
      perCpuSecond: scoredCount / totals.continuations.cpu,
      perWallSecond: scoredCount / totals.continuations.wall,
    },
    maxDifference,
    finitePositions: finite,
    loadAverage: loadavg(),
  };
  console.log(JSON.stringify(row));
  rows.push(row);
}
const listing = {
  meanCandidatesPerState: states.reduce((sum, state) => sum + state.replies.length, 0) / states.length,
  meanListMs: states.reduce((sum, state) => sum + state.listMs, 0) / states.length,
};
console.log(JSON.stringify({ backend, listing }));
if (flags.out) writeFileSync(flags.out, `${JSON.stringify({ backend, listing, rows }, null, 2)}\n`);
policy.model.dispose();
if (coldCopy !== policy) coldCopy.model.dispose();
