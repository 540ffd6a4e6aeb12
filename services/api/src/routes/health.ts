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

/** /healthz: the process is alive. /readyz: Postgres, Temporal and MinIO all answer; 503 otherwise. */
export function mountHealth(router: Router, deps: ApiDeps): void {
  router.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async (ctx) => {
    const checks = await Promise.all([
      check('postgres', () => deps.db.raw('select 1')),
      check('temporal', () => deps.temporal.workflowService.getSystemInfo({})),
      check('minio', () => deps.store.ping()),
    ]);
    const ok = checks.every((c) => c.ok);
    ctx.status = ok ? 200 : 503;
    ctx.body = ok
      ? { status: 'ready', checks }
      : { error: { code: 'not_ready', message: 'A dependency is unavailable', details: checks.filter((c) => !c.ok).map((c) => ({ field: c.name, message: c.error ?? 'unavailable' })) }, checks };
  });
}
