import { describe, expect, it } from 'vitest';
import { buildTrainingSummary, trainingStepSpans } from './build-training-summary';
import { renderTrainingReport } from './render-training-report';

/** Synthetic metrics.jsonl lines: the reward climbs from `reward[0]` to `reward[1]`, the degenerate share likewise. */
function metricsLines(steps: number, reward: [number, number], degenerate: [number, number]) {
  return Array.from({ length: steps }, (_, step) => {
    const at = (range: [number, number]) => range[0] + ((range[1] - range[0]) * step) / (steps - 1);
    return {
      step,
      'rollout/reward_mean': at(reward),
      'rollout/emotion_final': at(reward) * 100,
      'monitor/degenerate_fraction': at(degenerate),
      'monitor/degenerate_repetition_fraction': at(degenerate) / 2,
      'monitor/distinct_2': 0.8,
    };
  });
}

const config = { algo: 'grpo' as const, think: false, seed: 0, steps: 20 };

describe('buildTrainingSummary', () => {
  it('should warn "likely reward hacking" on a degraded run, with the figures', () => {
    const metrics = metricsLines(20, [0.1, 0.4], [0.02, 0.5]);
    const summary = buildTrainingSummary({ runId: 'r', config, backend: 'cpu', wallSeconds: 1, metrics });
    expect(summary.training?.first).toMatchObject({ from: 0, to: 1 });
    expect(summary.training?.last).toMatchObject({ from: 18, to: 19 });
    expect(summary.warnings).toHaveLength(1);
    expect(summary.warnings[0]).toContain('the reward rose while replies degraded: likely reward hacking');
    expect(summary.warnings[0]).toMatch(/reward 0\.108 → 0\.392; degenerate replies 3\.3 % → 48\.7 %/);
    const html = renderTrainingReport({ summary, metrics, config: {} });
    expect(html).toContain('class="warning"');
    expect(html).toContain('Degenerate replies per step');
    expect(html).toContain('training, last steps 18–19');
  });

  it('should not warn on a clean run whose reward rose', () => {
    const metrics = metricsLines(20, [0.1, 0.4], [0.02, 0.04]);
    const summary = buildTrainingSummary({ runId: 'r', config, backend: 'cpu', wallSeconds: 1, metrics });
    expect(summary.warnings).toEqual([]);
    expect(renderTrainingReport({ summary, metrics, config: {} })).not.toContain('class="warning"');
  });

  it("should show the run's LLM usage and cost per endpoint role in its report", () => {
    const metrics = metricsLines(20, [0.1, 0.4], [0.02, 0.04]);
    const summary = buildTrainingSummary({ runId: 'r', config, backend: 'cpu', wallSeconds: 1, metrics });
    expect(renderTrainingReport({ summary, metrics, config: {} })).not.toContain('id="endpoint-usage"');
    summary.endpoints = {
      simulator: {
        requests: 321,
        cachedRequests: 4,
        failedRequests: 0,
        promptTokens: 9000,
        completionTokens: 700,
        latencyP50Ms: 250,
        latencyP99Ms: 990,
        cost: 0.0032,
      },
    };
    const html = renderTrainingReport({ summary, metrics, config: {} });
    const row = html.match(/<tr class="usage-row" data-role="simulator">(.*?)<\/tr>/)?.[1] ?? '';
    expect([...row.matchAll(/<td>(.*?)<\/td>/g)].map((match) => match[1])).toEqual([
      'training',
      'r',
      'simulator',
      '321',
      '4',
      '0',
      '9,000',
      '700',
      '250',
      '990',
      '0.0032',
    ]);
  });

  it('should use the first and last step alone for short runs, and nothing without steps', () => {
    expect(trainingStepSpans(metricsLines(3, [0, 1], [0, 1]))).toMatchObject({ first: { from: 0, to: 0 } });
    expect(trainingStepSpans([])).toBeNull();
  });
});
