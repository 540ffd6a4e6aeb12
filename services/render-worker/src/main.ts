import fs from 'node:fs';
import pino from 'pino';
import { NativeConnection, Worker, Runtime, makeTelemetryFilterString } from '@temporalio/worker';
import { Client, Connection } from '@temporalio/client';
import { ConfigError } from '@rp/config';
import { TASK_QUEUES } from '@rp/common';
import { createDb } from '@rp/db';
import { ObjectStore } from '@rp/storage';
import { createSsrfGuard } from '@rp/net-guard';
import { loadWorkflowBundle, startHealthServer } from '@rp/worker-runtime';
import { loadRenderWorkerConfig, type RenderWorkerConfig } from './config';
import { createBrowserPool } from './renderer/browser-pool';
import { probeBeginFrame } from './renderer/video/probe-begin-frame';
import { BEGIN_FRAME_CHROME_ARGS } from './renderer/video/begin-frame-chrome-args';
import { createRenderActivities } from './activities/create-render-activities';
import { createRenderMetrics } from './render-metrics';
import { startSweeper } from './sweeper';
import { resolveChromiumSandbox } from './renderer/sandbox/resolve-chromium-sandbox';

function loadConfigOrExit(): RenderWorkerConfig {
  try {
    return loadRenderWorkerConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`render-worker: ${e.message}\n`);
      process.exit(78);
    }
    throw e;
  }
}

async function main() {
  const config = loadConfigOrExit();
  const logger = pino({ level: config.LOG_LEVEL, base: { service: 'render-worker' } });
  Runtime.install({
    telemetryOptions: {
      logging: { filter: makeTelemetryFilterString({ core: 'WARN' }), forward: {} },
      ...(config.TEMPORAL_METRICS_PORT ? { metrics: { prometheus: { bindAddress: `0.0.0.0:${config.TEMPORAL_METRICS_PORT}` } } } : {}),
    },
  });
  const db = createDb(config.DATABASE_URL, { poolMax: config.RENDER_CONCURRENCY + 4 });
  const store = new ObjectStore({
    endpoint: config.MINIO_ENDPOINT,
    accessKey: config.MINIO_ACCESS_KEY,
    secretKey: config.MINIO_SECRET_KEY,
    bucket: config.MINIO_BUCKET,
  });
  // before anything connects: a worker that would run tenants' HTML unsandboxed refuses to start
  const decision = await resolveChromiumSandbox({ userName: config.RENDER_SANDBOX_USER, allowNoSandbox: config.RENDER_ALLOW_NO_SANDBOX === 1 });
  if (!decision.ok) {
    process.stderr.write(`render-worker: ${decision.error}\n`);
    process.exit(78);
  }
  const { sandbox } = decision;
  if (decision.warning) logger.warn({ sandbox }, decision.warning);
  const metrics = createRenderMetrics();
  const ssrfGuard = createSsrfGuard({ allowCidrs: config.SSRF_ALLOW_CIDRS });
  // chromium-headless-shell starts about twice as fast and honours popup blocking; full Chromium is the fallback
  const shell = fs.existsSync(config.CHROMIUM_HEADLESS_SHELL_PATH);
  const pool = await createBrowserPool({
    executablePath: shell ? config.CHROMIUM_HEADLESS_SHELL_PATH : config.CHROMIUM_PATH,
    size: config.BROWSER_POOL_SIZE,
    recycleAfter: config.PAGE_RECYCLE_AFTER,
    // every browser connection goes through a loopback proxy that admits only guard-approved addresses
    // (prefetch, preconnect and popups bypass request interception)
    ssrfGuard,
    logger,
    sandbox,
  });
  const beginFrameSupported = await probeBeginFrame(config.CHROMIUM_HEADLESS_SHELL_PATH, { sandbox }).catch(() => false);
  // a begin-frame browser draws only when told to, so it gets its own small pool beside the screenshot one
  const beginFramePool = beginFrameSupported
    ? await createBrowserPool({
        executablePath: config.CHROMIUM_HEADLESS_SHELL_PATH,
        size: 1,
        recycleAfter: config.PAGE_RECYCLE_AFTER,
        launchArgs: [...BEGIN_FRAME_CHROME_ARGS],
        ssrfGuard,
        logger,
        sandbox,
      })
    : null;
  logger.info({ beginFrameSupported, pool: config.BROWSER_POOL_SIZE, sandboxed: sandbox.sandboxed, chromiumUser: sandbox.user?.name ?? null }, 'renderer ready');

  const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
  const client = new Client({ connection: await Connection.connect({ address: config.TEMPORAL_ADDRESS }), namespace: config.TEMPORAL_NAMESPACE });
  const worker = await Worker.create({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: TASK_QUEUES.RENDER,
    workflowBundle: await loadWorkflowBundle(Runtime.instance().logger),
    activities: createRenderActivities({
      config,
      db,
      store,
      pool,
      ssrfGuard,
      logger,
      metrics,
      beginFramePool,
    }),
    // the pool bounds real concurrency; a slot per page keeps both cores busy without queueing inside the pool
    maxConcurrentActivityTaskExecutions: config.RENDER_CONCURRENCY,
    maxConcurrentWorkflowTaskExecutions: 20,
    shutdownGraceTime: config.SHUTDOWN_GRACE_MS,
  });

  const health = await startHealthServer({
    port: config.HEALTH_PORT,
    registry: metrics.registry,
    ready: async () => {
      await db.raw('select 1');
      return worker.getState() === 'RUNNING';
    },
  });
  const sweeper = startSweeper({ db, client, logger });
  logger.info({ healthPort: health.port, taskQueue: TASK_QUEUES.RENDER }, 'render worker started');

  const shutdown = (signal: string) => {
    logger.info({ signal, graceMs: config.SHUTDOWN_GRACE_MS }, 'stopping: no new tasks, finishing in-flight renders');
    sweeper.stop();
    worker.shutdown();
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  await worker.run();
  await pool.close().catch(() => undefined);
  await beginFramePool?.close().catch(() => undefined);
  await health.close();
  await db.destroy();
  await connection.close();
  logger.info('render worker stopped');
  process.exit(0);
}

main().catch((err) => {
  process.stderr.write(`render-worker: fatal: ${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
