// Write a sample W&B offline run (3,000 steps, so the log spans several 32 KiB blocks) into the folder given as
// the first argument; used by check-wandb-offline.sh.
import { createWandbTracker } from '../src/wandb/create-wandb-tracker';

const directory = process.argv[2];
if (!directory) throw new Error('usage: write-sample-wandb-run.ts <folder>');
const tracker = createWandbTracker({ directory, runName: 'sample', env: { WANDB_RUN_ID: 'sample01' } });
await tracker.doLogConfig({ config: { algo: 'grpo', grpo: { groupSize: 4 } } });
for (let step = 0; step < 3000; step += 1)
  await tracker.doLogMetrics({ step, metrics: { 'rollout/emotion_final': 40 + step / 100 } });
await tracker.doFinish({ status: 'finished' });
