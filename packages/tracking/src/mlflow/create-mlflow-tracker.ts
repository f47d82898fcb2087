import { describeFetchFailure, InvalidConfigError, isConnectionReset, safeParseJSON } from '@rlver/spec';
import type { ExperimentTrackerV1, TrackedRunStatus } from '../experiment-tracker-v1';
import { flattenConfig } from '../flatten-config';
import { TrackingError } from '../tracking-error';
import { eventLoopTimeout } from './event-loop-timeout';

export interface MLflowTrackerOptions {
  /** Tracking server, e.g. `http://127.0.0.1:5000` (default: `MLFLOW_TRACKING_URI`). */
  trackingUri?: string;
  /** Experiment the run goes to, created when missing (default: `MLFLOW_EXPERIMENT_NAME`, else `rlver`). */
  experimentName?: string;
  /** Run name shown in the MLflow UI (the rlver run id). */
  runName: string;
  /** Environment to read `MLFLOW_*` from (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Limit of one HTTP call in ms of free event-loop time (default 30000; see `eventLoopTimeout`). */
  timeoutMs?: number;
  /** Milliseconds since the epoch (default `Date.now`). */
  now?: () => number;
}

/** MLflow's limits per `runs/log-batch` request (REST API docs): 1000 metrics, 100 params. */
const MAX_METRICS_PER_BATCH = 1000;
const MAX_PARAMS_PER_BATCH = 100;
/** Longest param value every MLflow server accepts (500 before 2.x, 6000 after). */
const MAX_PARAM_LENGTH = 500;

const STATUS: Record<TrackedRunStatus, string> = { finished: 'FINISHED', failed: 'FAILED', interrupted: 'KILLED' };

/** Resolve and check the tracking URI; throws before a run starts when it is missing or not HTTP. */
export function resolveMLflowTrackingUri(options: Pick<MLflowTrackerOptions, 'trackingUri' | 'env'>): string {
  const uri = options.trackingUri ?? (options.env ?? process.env).MLFLOW_TRACKING_URI;
  if (!uri) {
    throw new InvalidConfigError({
      field: 'MLFLOW_TRACKING_URI',
      message:
        '--report-to mlflow needs a tracking server: set MLFLOW_TRACKING_URI (e.g. MLFLOW_TRACKING_URI=http://127.0.0.1:5000 after `mlflow server`)',
    });
  }
  if (!/^https?:\/\//.test(uri)) {
    throw new InvalidConfigError({
      field: 'MLFLOW_TRACKING_URI',
      message: `MLFLOW_TRACKING_URI "${uri}" is not an http(s) URL; rlver talks to MLflow through its REST API: run \`mlflow server\` and set MLFLOW_TRACKING_URI=http://127.0.0.1:5000`,
    });
  }
  return uri.replace(/\/+$/, '');
}

/**
 * A tracker that logs to an MLflow tracking server through its REST API (`/api/2.0/mlflow/…`): the experiment is
 * found by name (`experiments/get-by-name`) or created, a run is created on the first call (`runs/create`), config
 * and metrics go through `runs/log-batch`, and `runs/update` closes it (FINISHED, FAILED or KILLED). Non-finite
 * metric values are left out (JSON has no NaN). Auth: `MLFLOW_TRACKING_TOKEN` (bearer), or
 * `MLFLOW_TRACKING_USERNAME` + `MLFLOW_TRACKING_PASSWORD` (basic).
 */
export function createMLflowTracker(options: MLflowTrackerOptions): ExperimentTrackerV1 {
  const env = options.env ?? process.env;
  const baseUrl = resolveMLflowTrackingUri(options);
  const experimentName = options.experimentName ?? env.MLFLOW_EXPERIMENT_NAME ?? 'rlver';
  const now = options.now ?? Date.now;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (env.MLFLOW_TRACKING_TOKEN) headers.authorization = `Bearer ${env.MLFLOW_TRACKING_TOKEN}`;
  else if (env.MLFLOW_TRACKING_USERNAME)
    headers.authorization = `Basic ${Buffer.from(`${env.MLFLOW_TRACKING_USERNAME}:${env.MLFLOW_TRACKING_PASSWORD ?? ''}`).toString('base64')}`;

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Record<string, unknown>> {
    const url = `${baseUrl}/api/2.0/mlflow/${path}`;
    let response: Response;
    let text: string;
    const timeout = eventLoopTimeout(options.timeoutMs ?? 30_000);
    const send = () =>
      fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: timeout.signal,
      });
    try {
      // A training step blocks the loop for seconds, long enough for the server to close an idle keep-alive
      // socket that the client then reuses: the connection closes unanswered. Such a call is sent once more.
      response = await send().catch((error: unknown) => {
        if (!isConnectionReset(error)) throw error;
        return send();
      });
      text = await response.text();
    } catch (error) {
      throw new TrackingError({
        backend: 'mlflow',
        message: `MLflow at ${baseUrl} did not answer ${path} (${describeFetchFailure(error)}); check MLFLOW_TRACKING_URI`,
        cause: error,
      });
    } finally {
      timeout.clear();
    }
    const parsed = safeParseJSON<Record<string, unknown>>(text || '{}');
    const value = parsed.success && parsed.value !== null && typeof parsed.value === 'object' ? parsed.value : {};
    if (!response.ok) {
      throw new TrackingError({
        backend: 'mlflow',
        statusCode: response.status,
        message:
          `MLflow ${path} answered HTTP ${response.status}: ${String(value.error_code ?? '')} ${String(value.message ?? text.slice(0, 200))}`.trim(),
      });
    }
    return value;
  }

  async function experimentId(): Promise<string> {
    try {
      const found = await call('GET', `experiments/get-by-name?experiment_name=${encodeURIComponent(experimentName)}`);
      const id = (found.experiment as { experiment_id?: unknown } | undefined)?.experiment_id;
      if (typeof id === 'string') return id;
    } catch (error) {
      if (!(TrackingError.isInstance(error) && error.statusCode === 404)) throw error;
    }
    const created = await call('POST', 'experiments/create', { name: experimentName });
    return String(created.experiment_id);
  }

  let runId: Promise<string> | undefined;
  const run = () => {
    runId ??= (async () => {
      const created = await call('POST', 'runs/create', {
        experiment_id: await experimentId(),
        run_name: options.runName,
        start_time: now(),
        tags: [
          { key: 'mlflow.runName', value: options.runName },
          { key: 'mlflow.source.name', value: 'rlver-train' },
        ],
      });
      const info = (created.run as { info?: { run_id?: unknown } } | undefined)?.info;
      if (typeof info?.run_id !== 'string') {
        throw new TrackingError({ backend: 'mlflow', message: 'MLflow runs/create answered without run.info.run_id' });
      }
      return info.run_id;
    })();
    return runId;
  };

  return {
    specificationVersion: 'v1',
    backend: 'mlflow',
    location: `${baseUrl} (experiment "${experimentName}")`,
    async doLogConfig({ config }) {
      const id = await run();
      const params = Object.entries(flattenConfig(config)).map(([key, value]) => ({
        key,
        value: value.slice(0, MAX_PARAM_LENGTH),
      }));
      for (let start = 0; start < params.length; start += MAX_PARAMS_PER_BATCH) {
        await call('POST', 'runs/log-batch', { run_id: id, params: params.slice(start, start + MAX_PARAMS_PER_BATCH) });
      }
    },
    async doLogMetrics({ step, metrics, timeMs }) {
      const id = await run();
      const timestamp = timeMs ?? now();
      const entries = Object.entries(metrics)
        .filter(([, value]) => typeof value === 'number' && Number.isFinite(value))
        .map(([key, value]) => ({ key, value, timestamp, step }));
      for (let start = 0; start < entries.length; start += MAX_METRICS_PER_BATCH) {
        await call('POST', 'runs/log-batch', {
          run_id: id,
          metrics: entries.slice(start, start + MAX_METRICS_PER_BATCH),
        });
      }
    },
    async doFinish({ status }) {
      if (runId === undefined) return;
      await call('POST', 'runs/update', { run_id: await runId, status: STATUS[status], end_time: now() });
    },
  };
}
