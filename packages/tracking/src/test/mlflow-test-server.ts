import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the loopback MLflow server received. */
export interface RecordedMLflowRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * A loopback server speaking the MLflow tracking REST endpoints rlver uses (`experiments/get-by-name`,
 * `experiments/create`, `runs/create`, `runs/log-batch`, `runs/update`), answering as the MLflow docs define
 * and recording every request. `failLogBatch` answers log-batch with HTTP 500. `dropRequests` (0-based request
 * numbers) closes the connection instead of answering, as a server does that closed an idle keep-alive socket
 * just as the client reused it (the client sees "other side closed").
 */
export async function startMLflowTestServer(
  options: { experiments?: Record<string, string>; failLogBatch?: boolean; dropRequests?: readonly number[] } = {},
) {
  const experiments = new Map(Object.entries(options.experiments ?? {}));
  const requests: RecordedMLflowRequest[] = [];
  let runCount = 0;
  let received = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (options.dropRequests?.includes(received++)) {
        request.socket.destroy();
        return;
      }
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const text = Buffer.concat(chunks).toString('utf8');
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
      requests.push({
        method: request.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        body,
        headers: request.headers,
      });
      const reply = (status: number, value: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      const route = `${request.method} ${url.pathname}`;
      if (route === 'GET /api/2.0/mlflow/experiments/get-by-name') {
        const name = url.searchParams.get('experiment_name') ?? '';
        const id = experiments.get(name);
        if (id === undefined)
          return reply(404, {
            error_code: 'RESOURCE_DOES_NOT_EXIST',
            message: `Could not find experiment with name '${name}'`,
          });
        return reply(200, { experiment: { experiment_id: id, name, lifecycle_stage: 'active' } });
      }
      if (route === 'POST /api/2.0/mlflow/experiments/create') {
        const id = String(100 + experiments.size);
        experiments.set(String(body?.name), id);
        return reply(200, { experiment_id: id });
      }
      if (route === 'POST /api/2.0/mlflow/runs/create') {
        runCount += 1;
        const runId = `run${runCount}`;
        return reply(200, {
          run: { info: { run_id: runId, run_uuid: runId, experiment_id: body?.experiment_id, status: 'RUNNING' } },
        });
      }
      if (route === 'POST /api/2.0/mlflow/runs/log-batch') {
        return options.failLogBatch
          ? reply(500, { error_code: 'INTERNAL_ERROR', message: 'disk full' })
          : reply(200, {});
      }
      if (route === 'POST /api/2.0/mlflow/runs/update') return reply(200, { run_info: { status: body?.status } });
      return reply(404, { error_code: 'ENDPOINT_NOT_FOUND', message: route });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
