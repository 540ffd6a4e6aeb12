import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export type MetricsSource = Pick<Registry, 'metrics' | 'contentType'>;

export interface HealthServerOptions {
  port: number;
  host?: string;
  /** What /metrics serves: a worker's Registry, or one that adds a child process's series (render worker). */
  registry: MetricsSource;
  /** Readiness: resolves true when the worker's dependencies answer. */
  ready: () => Promise<boolean>;
}

/** Workers' probe and metrics port: /healthz (alive), /readyz (dependencies), /metrics (Prometheus). */
export async function startHealthServer(opts: HealthServerOptions): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const send = (status: number, body: string, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    if (url.startsWith('/healthz')) return send(200, '{"status":"ok"}');
    if (url.startsWith('/readyz')) {
      opts.ready().then(
        (ok) => send(ok ? 200 : 503, ok ? '{"status":"ready"}' : '{"status":"not_ready"}'),
        () => send(503, '{"status":"not_ready"}'),
      );
      return;
    }
    if (url.startsWith('/metrics')) {
      opts.registry.metrics().then(
        (m) => send(200, m, opts.registry.contentType),
        (e: Error) => send(500, JSON.stringify({ error: e.message })),
      );
      return;
    }
    send(404, '{"error":{"code":"not_found","message":"not found","details":[]}}');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '0.0.0.0', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
