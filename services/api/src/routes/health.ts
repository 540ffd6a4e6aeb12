import type Router from '@koa/router';
import type { ApiDeps } from '../deps';

async function check(name: string, fn: () => Promise<unknown>, timeoutMs = 2000) {
  const started = Date.now();
  try {
    await Promise.race([
      fn(),
      new Promise((_, rej) => setTimeout(() => rej(new Error('timeout')), timeoutMs).unref()),
    ]);
    return { name, ok: true, ms: Date.now() - started };
  } catch (e) {
    return { name, ok: false, ms: Date.now() - started, error: (e as Error).message.slice(0, 200) };
  }
}

/** /healthz: the process is alive. A bare answer with nothing about dependencies: it is the public port's only probe. */
export function mountLiveness(router: Router): void {
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
}

/**
 * The ops port's probes: /healthz, and /readyz (Postgres, Temporal and MinIO all answer; 503 otherwise, with each
 * failing dependency's error text, which is why it is not on the public port).
 */
export function mountHealth(router: Router, deps: ApiDeps): void {
  mountLiveness(router);
  router.get('/readyz', async (ctx) => {
    const checks = await Promise.all([
      check('postgres', () => deps.db.raw('select 1')),
      check('temporal', () => deps.temporal.ping()),
      check('minio', () => deps.store.ping()),
    ]);
    const ok = checks.every((c) => c.ok);
    ctx.status = ok ? 200 : 503;
    ctx.body = ok
      ? { status: 'ready', checks }
      : { error: { code: 'not_ready', message: 'A dependency is unavailable', details: checks.filter((c) => !c.ok).map((c) => ({ field: c.name, message: c.error ?? 'unavailable' })) }, checks };
  });
}
