import fs from 'node:fs';
import type { Logger } from 'pino';
import { loadConfigOrExit } from '@rp/config';
import { TASK_QUEUES } from '@rp/common';
import { createDb } from '@rp/db';
import { ObjectStore } from '@rp/storage';
import { createSsrfGuard, type SsrfGuard } from '@rp/net-guard';
import { installRuntime, main, runWorker } from '@rp/worker-runtime';
import { loadRenderWorkerConfig, type RenderWorkerConfig } from './config';
import { createBrowserPool } from './renderer/browser-pool';
import { probeBeginFrame } from './renderer/video/probe-begin-frame';
import { BEGIN_FRAME_CHROME_ARGS } from './renderer/video/begin-frame-chrome-args';
import { createRenderActivities } from './activities/create-render-activities';
import { createRenderGate } from './activities/create-render-gate';
import { createRenderMetrics } from './render-metrics';
import { startSweeper } from './sweeper';
import { resolveChromiumSandbox } from './renderer/sandbox/resolve-chromium-sandbox';
import type { ChromiumSandbox } from './renderer/sandbox/chromium-sandbox';

/** Before anything connects: a worker that would run tenants' HTML unsandboxed refuses to start (exit 78). */
async function sandboxOrExit(config: RenderWorkerConfig, logger: Logger): Promise<ChromiumSandbox> {
  const decision = await resolveChromiumSandbox({ userName: config.RENDER_SANDBOX_USER, allowNoSandbox: config.RENDER_ALLOW_NO_SANDBOX === 1 });
  if (!decision.ok) {
    process.stderr.write(`render-worker: ${decision.error}\n`);
    return process.exit(78);
  }
  if (decision.warning) logger.warn({ sandbox: decision.sandbox }, decision.warning);
  return decision.sandbox;
}

/** CFS weight 110 against 1024 at nice 0: a single render beside two collection items gets ~80 % of a core. */
const BATCH_NICENESS = 10;

/** The screenshot pool, a batch pool for collection items, and a begin-frame pool when this Chromium supports it. */
async function createPools(config: RenderWorkerConfig, ssrfGuard: SsrfGuard, logger: Logger, sandbox: ChromiumSandbox) {
  // chromium-headless-shell starts about twice as fast and honours popup blocking; full Chromium is the fallback
  const shell = fs.existsSync(config.CHROMIUM_HEADLESS_SHELL_PATH);
  // what every pool shares: org isolation, recycling, the sandbox, and a loopback egress proxy that admits only
  // guard-approved addresses (prefetch, preconnect and popups bypass request interception)
  const base = { recycleAfter: config.PAGE_RECYCLE_AFTER, isolation: config.RENDER_BROWSER_ISOLATION, ssrfGuard, logger, sandbox };
  const screenshotBrowser = shell ? config.CHROMIUM_HEADLESS_SHELL_PATH : config.CHROMIUM_PATH;
  const pool = await createBrowserPool({ ...base, executablePath: screenshotBrowser, size: config.BROWSER_POOL_SIZE });
  const beginFrameSupported = await probeBeginFrame(config.CHROMIUM_HEADLESS_SHELL_PATH, { sandbox }).catch(() => false);
  // a begin-frame browser draws only when told to, so it gets its own small pool beside the screenshot one
  const beginFramePool = beginFrameSupported
    ? await createBrowserPool({ ...base, executablePath: config.CHROMIUM_HEADLESS_SHELL_PATH, size: 1, launchArgs: [...BEGIN_FRAME_CHROME_ARGS] })
    : null;
  // Collection items get a browser of their own, one page per activity slot, started under `nice`: when another
  // org's single render runs beside a collection, the kernel gives its Chromium most of the CPU (fair share).
  const batchPool = await createBrowserPool({ ...base, executablePath: screenshotBrowser, size: config.RENDER_CONCURRENCY, niceness: BATCH_NICENESS });
  logger.info({ beginFrameSupported, pool: config.BROWSER_POOL_SIZE, sandboxed: sandbox.sandboxed, chromiumUser: sandbox.user?.name ?? null }, 'renderer ready');
  return { pool, beginFramePool, batchPool };
}

main('render-worker', async () => {
  const config = loadConfigOrExit('render-worker', () => loadRenderWorkerConfig());
  const runtime = installRuntime('render-worker', config);
  const { logger } = runtime;
  const db = createDb(config.DATABASE_URL, { poolMax: config.RENDER_CONCURRENCY + 4 });
  const store = new ObjectStore({
    endpoint: config.MINIO_ENDPOINT,
    accessKey: config.MINIO_ACCESS_KEY,
    secretKey: config.MINIO_SECRET_KEY,
    bucket: config.MINIO_BUCKET,
  });
  const sandbox = await sandboxOrExit(config, logger);
  const metrics = createRenderMetrics();
  const ssrfGuard = createSsrfGuard({ allowCidrs: config.SSRF_ALLOW_CIDRS });
  const { pool, beginFramePool, batchPool } = await createPools(config, ssrfGuard, logger, sandbox);

  return runWorker({
    service: 'render-worker',
    config,
    runtime,
    taskQueue: TASK_QUEUES.RENDER,
    registry: metrics.registry,
    ready: async () => (await db.raw('select 1'), true),
    worker: () => ({
      activities: createRenderActivities({ config, db, store, pool, batchPool, gate: createRenderGate(), ssrfGuard, logger, metrics, beginFramePool }),
      // the pool bounds real concurrency; a slot per page keeps both cores busy without queueing inside the pool
      maxConcurrentActivityTaskExecutions: config.RENDER_CONCURRENCY,
      // single images run as local activities (workflows/src/activity-proxies.ts) with slots of their own, one per
      // page: a collection holding every activity slot does not delay them, and the page it leaves free is theirs
      maxConcurrentLocalActivityExecutions: config.BROWSER_POOL_SIZE,
      maxConcurrentWorkflowTaskExecutions: 20,
    }),
    started: (client) => startSweeper({ db, client, logger, collectionConcurrency: config.COLLECTION_CONCURRENCY }).stop,
    stopped: async () => {
      await pool.close().catch(() => undefined);
      await batchPool.close().catch(() => undefined);
      await beginFramePool?.close().catch(() => undefined);
      await db.destroy();
    },
  });
});
