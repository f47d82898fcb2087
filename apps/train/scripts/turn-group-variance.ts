/**
 * Why PPO gains less than GRPO under enumerated branching (issue 16): how much of a member's emotion change is common
 * to its turn group (what a group baseline removes, and what PPO's critic must predict) against the part that differs
 * within the group (the choice), and how much of the returns the critic explained (`ppo/explained_variance`).
 *
 *   npx tsx apps/train/scripts/turn-group-variance.ts <run folder> [<run folder> …]
 *
 * Reads the run's rollouts.jsonl (each turn's reply and its `alternatives`, all judged from the same user state) and
 * metrics.jsonl.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface JudgedReply {
  delta?: number | null;
}
interface RolloutLine {
  turns: (JudgedReply & { alternatives?: JudgedReply[] })[];
}

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const variance = (values: readonly number[]) => {
  const center = mean(values);
  return mean(values.map((value) => (value - center) ** 2));
};
const jsonLines = <T>(file: string): T[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);

function describeRun(folder: string): string {
  const withinGroup: number[] = [];
  const groupMeans: number[] = [];
  for (const line of jsonLines<RolloutLine>(join(folder, 'rollouts.jsonl'))) {
    for (const turn of line.turns) {
      const deltas = [turn, ...(turn.alternatives ?? [])]
        .map((reply) => reply.delta)
        .filter((delta): delta is number => typeof delta === 'number');
      if (deltas.length < 2) continue;
      const center = mean(deltas);
      groupMeans.push(center);
      withinGroup.push(...deltas.map((delta) => delta - center));
    }
  }
  if (groupMeans.length === 0) return `${folder}: no turn group with two or more judged replies (no branching?)`;
  const explained = jsonLines<Record<string, unknown>>(join(folder, 'metrics.jsonl'))
    .map((step) => step['ppo/explained_variance'])
    .filter((value): value is number => typeof value === 'number');
  const critic =
    explained.length === 0
      ? 'no critic'
      : `critic explained variance ${Math.min(...explained).toFixed(2)} … ${Math.max(...explained).toFixed(2)}, last 20 steps ${mean(explained.slice(-20)).toFixed(3)}`;
  return [
    `${folder}: ${groupMeans.length} turn groups, ${withinGroup.length} judged replies`,
    `  variance of a reply's emotion change within its group ${variance(withinGroup).toFixed(1)}, of the group means ${variance(groupMeans).toFixed(1)}`,
    `  ${critic}`,
  ].join('\n');
}

const folders = process.argv.slice(2);
if (folders.length === 0) {
  console.error('usage: npx tsx apps/train/scripts/turn-group-variance.ts <run folder> [<run folder> …]');
  process.exit(2);
}
for (const folder of folders) console.log(describeRun(folder));
