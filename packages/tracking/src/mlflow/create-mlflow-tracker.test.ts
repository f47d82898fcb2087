import { InvalidConfigError } from '@rlver/spec';
import { afterEach, describe, expect, it } from 'vitest';
import { startMLflowTestServer } from '../test/mlflow-test-server';
import { createMLflowTracker } from './create-mlflow-tracker';

describe('createMLflowTracker', () => {
  const servers: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });

  it('should create the experiment and run, log params and metrics in batches, and close the run', async () => {
    const server = await startMLflowTestServer();
    servers.push(server);
    let clock = 1_790_000_000_000;
    const tracker = createMLflowTracker({
      runName: 'embedded-grpo-s0',
      env: { MLFLOW_TRACKING_URI: `${server.url}/`, MLFLOW_EXPERIMENT_NAME: 'empathy' },
      now: () => clock,
    });
    await tracker.doLogConfig({ config: { algo: 'grpo', steps: 2, baseURL: undefined, grpo: { learningRate: 1e-5 } } });
    clock += 1000;
    await tracker.doLogMetrics({ step: 0, metrics: { 'rollout/emotion_final': 42.5, 'grpo/kl': Number.NaN } });
    const many = Object.fromEntries(Array.from({ length: 1001 }, (_, index) => [`test/metric_${index}`, index]));
    await tracker.doLogMetrics({ step: 1, metrics: many, timeMs: 1_790_000_005_000 });
    clock += 1000;
    await tracker.doFinish({ status: 'finished' });

    const calls = server.requests.map((request) => `${request.method} ${request.path}`);
    expect(calls).toEqual([
      'GET /api/2.0/mlflow/experiments/get-by-name',
      'POST /api/2.0/mlflow/experiments/create',
      'POST /api/2.0/mlflow/runs/create',
      'POST /api/2.0/mlflow/runs/log-batch',
      'POST /api/2.0/mlflow/runs/log-batch',
      'POST /api/2.0/mlflow/runs/log-batch',
      'POST /api/2.0/mlflow/runs/log-batch',
      'POST /api/2.0/mlflow/runs/update',
    ]);
    const [getByName, create, runCreate, params, firstStep, bigStepA, bigStepB, update] = server.requests;
    expect(getByName?.query).toEqual({ experiment_name: 'empathy' });
    expect(create?.body).toEqual({ name: 'empathy' });
    expect(runCreate?.body).toEqual({
      experiment_id: '100',
      run_name: 'embedded-grpo-s0',
      start_time: 1_790_000_000_000,
      tags: [
        { key: 'mlflow.runName', value: 'embedded-grpo-s0' },
        { key: 'mlflow.source.name', value: 'rlver-train' },
      ],
    });
    expect(params?.body).toEqual({
      run_id: 'run1',
      params: [
        { key: 'algo', value: 'grpo' },
        { key: 'steps', value: '2' },
        { key: 'grpo.learningRate', value: '0.00001' },
      ],
    });
    expect(firstStep?.body).toEqual({
      run_id: 'run1',
      metrics: [{ key: 'rollout/emotion_final', value: 42.5, timestamp: 1_790_000_001_000, step: 0 }],
    });
    const batchA = ((bigStepA as { body: unknown }).body as { metrics: { key: string }[] }).metrics;
    const batchB = ((bigStepB as { body: unknown }).body as { metrics: { key: string }[] }).metrics;
    expect([batchA.length, batchB.length]).toEqual([1000, 1]);
    expect(batchA[0]).toEqual({ key: 'test/metric_0', value: 0, timestamp: 1_790_000_005_000, step: 1 });
    expect(batchB[0]?.key).toBe('test/metric_1000');
    expect(update?.body).toEqual({ run_id: 'run1', status: 'FINISHED', end_time: 1_790_000_002_000 });
  });

  it('should send a call again once when the server closed the connection instead of answering', async () => {
    // Requests 0-2 open the run; 3 logs step 0; 4 is dropped (a keep-alive socket closed as it was reused).
    const server = await startMLflowTestServer({ dropRequests: [4] });
    servers.push(server);
    const tracker = createMLflowTracker({ runName: 'dropped', env: { MLFLOW_TRACKING_URI: server.url } });
    await tracker.doLogMetrics({ step: 0, metrics: { 'rollout/emotion_final': 40 } });
    await tracker.doLogMetrics({ step: 1, metrics: { 'rollout/emotion_final': 41 } });
    const logged = server.requests
      .filter((request) => request.path.endsWith('/runs/log-batch'))
      .flatMap((request) => (request.body as { metrics: { step: number }[] }).metrics.map((metric) => metric.step));
    expect(logged).toEqual([0, 1]);
  });

  it('should give up with the cause named when the server closes the connection twice', async () => {
    const server = await startMLflowTestServer({ dropRequests: [4, 5] });
    servers.push(server);
    const tracker = createMLflowTracker({ runName: 'dropped', env: { MLFLOW_TRACKING_URI: server.url } });
    await tracker.doLogMetrics({ step: 0, metrics: { 'rollout/emotion_final': 40 } });
    await expect(tracker.doLogMetrics({ step: 1, metrics: { 'rollout/emotion_final': 41 } })).rejects.toThrow(
      /did not answer runs\/log-batch \(UND_ERR_SOCKET: other side closed\)/,
    );
  });

  it('should reuse an existing experiment and report an interrupted run as KILLED', async () => {
    const server = await startMLflowTestServer({ experiments: { rlver: '7' } });
    servers.push(server);
    const tracker = createMLflowTracker({ runName: 'r', env: { MLFLOW_TRACKING_URI: server.url } });
    await tracker.doLogMetrics({ step: 3, metrics: { 'ppo/clip_fraction': 0.25 } });
    await tracker.doFinish({ status: 'interrupted' });
    expect(server.requests.map((request) => request.path.split('/').slice(-2).join('/'))).toEqual([
      'experiments/get-by-name',
      'runs/create',
      'runs/log-batch',
      'runs/update',
    ]);
    expect(server.requests[1]?.body).toMatchObject({ experiment_id: '7' });
    expect(server.requests[3]?.body).toMatchObject({ status: 'KILLED' });
  });

  it('should throw a config error naming MLFLOW_TRACKING_URI when it is missing or not http', () => {
    expect(() => createMLflowTracker({ runName: 'r', env: {} })).toThrow(/set MLFLOW_TRACKING_URI/);
    expect(() => createMLflowTracker({ runName: 'r', env: { MLFLOW_TRACKING_URI: 'file:./mlruns' } })).toThrow(
      InvalidConfigError,
    );
  });

  it('should send the bearer token from MLFLOW_TRACKING_TOKEN', async () => {
    const server = await startMLflowTestServer();
    servers.push(server);
    const tracker = createMLflowTracker({
      runName: 'r',
      env: { MLFLOW_TRACKING_URI: server.url, MLFLOW_TRACKING_TOKEN: 'secret-token' },
    });
    await tracker.doLogMetrics({ step: 0, metrics: { 'bench/success_rate': 0.5 } });
    expect(server.requests.map((request) => request.headers.authorization)).toEqual(
      Array(4).fill('Bearer secret-token'),
    );
  });
});
