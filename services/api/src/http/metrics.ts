import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Context } from 'koa';

export interface ApiMetrics {
  registry: Registry;
  observe(ctx: Context, seconds: number): void;
}

export function createApiMetrics(): ApiMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests by route and status', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  return {
    registry,
    observe(ctx, seconds) {
      // the route template, never the raw path: ids would explode the label cardinality
      const route = (ctx as Context & { _matchedRoute?: string })._matchedRoute ?? 'unmatched';
      const labels = { method: ctx.method, route: String(route), status: String(ctx.status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
  };
}
