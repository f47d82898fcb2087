import type { TrainConfig } from '../config/train-config';
import type { DegenerationVerdict } from './degeneration-stop';
import { checkpointFolderName } from './training-state';

/**
 * The warning line of a run the degeneration stop ended: the step, the rise of degenerate replies, and the newest
 * step checkpoint taken before the rise (when one was).
 */
export function describeEarlyStop(
  stop: DegenerationVerdict & { step: number },
  config: Pick<TrainConfig, 'degenerationStop' | 'checkpointEvery'>,
): string {
  const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
  const window = config.degenerationStop?.window ?? 1;
  const clean = Math.floor((stop.step + 1 - window) / config.checkpointEvery) * config.checkpointEvery;
  const earlier = clean > 0 ? `; checkpoints/${checkpointFolderName(clean)} predates the rise` : '';
  return `warning: training stopped after step ${stop.step + 1}: degenerate replies rose from ${percent(stop.baseline)} (first ${window} steps) to ${percent(stop.recent)} (last ${window}), likely reward hacking (degenerationStop)${earlier}`;
}
