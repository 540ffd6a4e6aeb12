import Koa from 'koa';
import Router from '@koa/router';
import compose from 'koa-compose';
import { errorHandler } from './http/error-handler';
import { requestContext } from './http/request-context';
import { authenticate } from './http/auth';
import { rateLimit } from './http/rate-limit';
import { fixedPathAllow, mountRoutes } from './http/route';
import { createApiMetrics, type ApiMetrics } from './http/metrics';
import { mountHealth, mountLiveness } from './routes/health';
import { filesMiddleware } from './routes/files';
import { allRoutes } from './routes';
import { buildOpenApi } from './openapi/build-openapi';
import { mountUiPages } from './routes/ui-pages';
import type { ApiDeps } from './deps';

export interface AppHandle {
  app: Koa;
  metrics: ApiMetrics;
}

/** Builds the Koa app without listening, so tests can drive `app.callback()`. */
export function createApp(deps: ApiDeps): AppHandle {
  const app = new Koa({ proxy: true });
  const metrics = createApiMetrics();
  const routes = allRoutes();
  const openapi = buildOpenApi(routes, deps.config.PUBLIC_API_URL);

  app.use(requestContext(deps.logger, metrics.observe));
  app.use(errorHandler());
  app.use(filesMiddleware(deps));

  const open = new Router();
  // /metrics and the detailed /readyz live on the ops port (createOpsApp), which the Ingress never routes
  mountLiveness(open);
  mountUiPages(open, deps);
  // no key needed: it holds no secrets, and client generators fetch it anonymously
  open.get('/v1/openapi.json', (ctx) => {
    ctx.body = openapi;
  });
  app.use(open.routes());

  // routes whose credential is a URL signature, not an API key
  const signed = new Router();
  mountRoutes(signed, routes.filter((r) => r.auth === false), deps);
  const signedChain = compose<any>([signed.routes(), signed.allowedMethods()]);
  app.use((ctx, next) => (ctx.path.startsWith('/u/') ? signedChain(ctx, next) : next()));

  const v1 = new Router();
  mountRoutes(v1, routes.filter((r) => r.auth !== false), deps);
  // auth runs for every /v1 path, matched or not, so an unknown route never leaks its existence
  const v1Chain = compose<any>([authenticate(deps.db), rateLimit(deps.config.RATE_LIMIT_PER_MINUTE), fixedPathAllow(routes), v1.routes(), v1.allowedMethods()]);
  app.use((ctx, next) => (ctx.path === '/v1' || ctx.path.startsWith('/v1/') ? v1Chain(ctx, next) : next()));
  return { app, metrics };
}

/**
 * The ops port (OPS_PORT): /healthz, the detailed /readyz and /metrics, for probes and Prometheus only. No auth,
 * no request metrics of its own: what it guards is that no public route reaches it (docs/security.md).
 */
export function createOpsApp(deps: ApiDeps, metrics: ApiMetrics): Koa {
  const app = new Koa();
  const router = new Router();
  mountHealth(router, deps);
  router.get('/metrics', async (ctx) => {
    ctx.set('Content-Type', metrics.registry.contentType);
    ctx.body = await metrics.registry.metrics();
  });
  app.use(errorHandler());
  app.use(router.routes());
  return app;
}
