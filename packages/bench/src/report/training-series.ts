import type { EndpointUsage } from '@rlver/llm';

/** Per-step metrics of one training run, as the report charts them. */
export interface TrainingSeries {
  /** Run name in legends (the run id). */
  label: string;
  /** Simulated user the run trained against (`offline`, `openai:<model>`). */
  simulator: string;
  /** metrics.jsonl lines (the last line per step wins); non-numeric fields are ignored. */
  steps: ReadonlyArray<Readonly<Record<string, unknown>>>;
  /** LLM usage per endpoint role over the run (its `summary.json` → `endpoints`), when it used LLM endpoints. */
  endpointUsage?: Readonly<Record<string, EndpointUsage>>;
}

/** Chart data of one run: metric → `[step, value]` pairs, steps ascending. */
export interface SeriesData {
  label: string;
  simulator: string;
  metrics: Record<string, Array<[number, number]>>;
}

/** Metrics charted by the report (prefixes or exact names); everything else stays in metrics.jsonl. */
const CHARTED =
  /^(rollout\/emotion_final|reward\/|monitor\/|strategies\/|dialogue\/|(ppo|grpo)\/(entropy|approx_kl|clip_fraction|kl_reference))/;

/**
 * Turn metrics lines into chart data: one point per step (the last line of a step wins), at most `maxPoints`
 * points per metric (evenly spaced steps kept, the last always), values rounded to 4 significant digits.
 */
export function toSeriesData(series: TrainingSeries, maxPoints = 400): SeriesData {
  const byStep = new Map<number, Readonly<Record<string, unknown>>>();
  for (const line of series.steps) if (typeof line.step === 'number') byStep.set(line.step, line);
  const steps = [...byStep.keys()].sort((a, b) => a - b);
  const stride = Math.max(1, Math.ceil(steps.length / maxPoints));
  const kept = steps.filter((_, index) => index % stride === 0 || index === steps.length - 1);
  const metrics: Record<string, Array<[number, number]>> = {};
  for (const step of kept) {
    for (const [key, value] of Object.entries(byStep.get(step) ?? {})) {
      if (typeof value !== 'number' || !Number.isFinite(value) || !CHARTED.test(key)) continue;
      const points = metrics[key] ?? [];
      points.push([step, Number(value.toPrecision(4))]);
      metrics[key] = points;
    }
  }
  return { label: series.label, simulator: series.simulator, metrics };
}
