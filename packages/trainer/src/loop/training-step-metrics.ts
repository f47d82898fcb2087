import type { Rubric } from '@rlver/reward';
import { STRATEGY_LABELS, type Trajectory, thinkFormatOk } from '@rlver/spec';
import { mean } from '@rlver/stats';
import { repeatsOwnNgram } from './self-repetition';

/**
 * Metrics of one step's dialogues that the algorithms do not compute: every term of the rubric (`reward/*` and the
 * degenerate-text monitors `monitor/*`), emotion per turn, response length, self-repetition, strategy shares,
 * think-format rate, simulator calls and latency, throughput. Keys are stable `<group>/<snake_case>` names (README
 * "Logged metrics").
 */
export function computeTrainingStepMetrics(
  trajectories: readonly Trajectory[],
  timing: { rolloutSeconds: number; updateSeconds: number },
  maxTurns: number,
  rubric: Rubric,
): Record<string, number> {
  const usable = trajectories.filter((trajectory) => trajectory.stopReason !== 'error');
  const turns = usable.flatMap((trajectory) => trajectory.turns);
  const metrics: Record<string, number> = {
    'rollout/emotion_final': mean(usable.map((trajectory) => trajectory.finalEmotion)),
    'rollout/response_length_tokens': mean(turns.map((turn) => turn.outputTokenCount)),
    'rollout/response_length_chars': mean(turns.map((turn) => turn.reply.length)),
    // Degeneration: replies that repeat an n-gram of their own (keyword stuffing the simulated user may reward).
    'rollout/self_repetition_fraction': mean(
      usable.flatMap((trajectory) =>
        trajectory.turns.map((turn) => (repeatsOwnNgram(turn.reply, trajectory.lang) ? 1 : 0)),
      ),
    ),
    // The same check as the think-format reward term and the summary's think check (spec §5.2), on the raw output.
    'rollout/think_format_fraction': mean(turns.map((turn) => (thinkFormatOk(turn.rawOutput) ? 1 : 0))),
    // From the final emotion itself (the algorithm's reward may be reshaped by turn credit or a reward floor).
    'dialogue/success_fraction': mean(usable.map((trajectory) => (trajectory.finalEmotion >= 100 ? 1 : 0))),
    'dialogue/failure_fraction': mean(usable.map((trajectory) => (trajectory.finalEmotion < 10 ? 1 : 0))),
    'rollout/goodbye_fraction': mean(usable.map((trajectory) => (trajectory.stopReason === 'goodbye' ? 1 : 0))),
    'simulator/calls': turns.reduce((total, turn) => total + turn.simulatorCalls, 0),
    'simulator/latency_ms_mean': mean(turns.map((turn) => turn.simulatorLatencyMs)),
    'policy/latency_ms_mean': mean(turns.map((turn) => turn.policyLatencyMs)),
    'perf/rollout_seconds': timing.rolloutSeconds,
    'perf/update_seconds': timing.updateSeconds,
    'perf/generated_tokens_per_second':
      timing.rolloutSeconds > 0
        ? turns.reduce((total, turn) => total + turn.outputTokenCount, 0) / timing.rolloutSeconds
        : 0,
  };
  for (let turn = 1; turn <= maxTurns; turn += 1) {
    // Emotion after turn k; dialogues that ended earlier carry their final emotion forward.
    metrics[`rollout/emotion_turn_${turn}`] = mean(
      usable.map(
        (trajectory) =>
          trajectory.turns[Math.min(turn, trajectory.turns.length) - 1]?.emotion ?? trajectory.opening.emotion,
      ),
    );
  }
  const labelled = turns.filter((turn) => turn.strategyLabels.length > 0);
  for (const label of STRATEGY_LABELS) {
    metrics[`strategies/${label}_fraction`] =
      labelled.length === 0 ? 0 : mean(labelled.map((turn) => (turn.strategyLabels.includes(label) ? 1 : 0)));
  }
  return { ...metrics, ...rubric.logBatch(trajectories) };
}
