import fs from 'node:fs';
import os from 'node:os';
import type { Logger } from 'pino';
import { loadConfigOrExit } from '@rp/config';
import { TASK_QUEUES, batchTaskQueue } from '@rp/workflow-safe';
import { createDb, type Knex } from '@rp/db';
import { ObjectStore } from '@rp/storage';
import { createSsrfGuard, type SsrfGuard } from '@rp/net-guard';
import { installRuntime, main, runWorker } from '@rp/worker-runtime';
import { loadRenderWorkerConfig, type RenderWorkerConfig } from './config';
import { createBrowserPool } from './renderer/engines/chromium/pool/browser-pool';
import type { BrowserPool } from './renderer/types';
import { probeBeginFrame } from './renderer/engines/chromium/capture/probe-begin-frame';
import { BEGIN_FRAME_CHROME_ARGS } from './renderer/engines/chromium/pool/chrome-args';
import { createRenderActivities } from './activities/create-render-activities';
import { createRenderGate, type RenderGate } from './activities/create-render-gate';
import { createRenderMetrics, type RenderMetrics } from './render-metrics';
import { startSweeper } from './sweeper';
import { resolveChromiumSandbox } from './renderer/engines/chromium/sandbox/resolve-chromium-sandbox';
import type { ChromiumSandbox } from './renderer/engines/chromium/sandbox/chromium-sandbox';
import { BATCH_NICENESS, startBatchProcess, withBatchMetrics, type BatchProcess } from './batch-process';
import { attachToParent } from './batch-role';
import { createNativeEngine, type NativeEngine } from './renderer/engines/native/image/native-engine';
import { warmFfmpeg } from './renderer/ffmpeg/warm-ffmpeg';
import { createFfmpegSpares, type FfmpegSpares } from './renderer/ffmpeg/ffmpeg-spares';

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

/** What both roles share: configuration, Postgres, MinIO, the sandbox, metrics and the SSRF guard. */
interface Shared {
  config: RenderWorkerConfig;
  runtime: ReturnType<typeof installRuntime>;
  logger: Logger;
  db: Knex;
  store: ObjectStore;
  sandbox: ChromiumSandbox;
  metrics: RenderMetrics;
  ssrfGuard: SsrfGuard;
  /** This process's native engine processes (the batch child has its own, niced with it). */
  nativeEngine: NativeEngine;
  /** ffmpegs for the videos' joins, started before they are needed. */
  ffmpegSpares: FfmpegSpares;
}

// chromium-headless-shell starts about twice as fast and honours popup blocking; full Chromium is the fallback
const screenshotBrowser = (config: RenderWorkerConfig) =>
  fs.existsSync(config.CHROMIUM_HEADLESS_SHELL_PATH) ? config.CHROMIUM_HEADLESS_SHELL_PATH : config.CHROMIUM_PATH;

// what every pool shares: org isolation, recycling, the sandbox, and a loopback egress proxy that admits only
// guard-approved addresses (prefetch, preconnect and popups bypass request interception)
const poolBase = (s: Shared) => ({ recycleAfter: s.config.PAGE_RECYCLE_AFTER, isolation: s.config.RENDER_BROWSER_ISOLATION, ssrfGuard: s.ssrfGuard, logger: s.logger, sandbox: s.sandbox });

/**
 * Collection items get a browser of their own, one page per activity slot. In the batch child it inherits the
 * child's niceness; in-process it is started under `nice` itself (nice is relative: never both).
 */
const createBatchPool = (s: Shared, niceness?: number) =>
  createBrowserPool({ ...poolBase(s), executablePath: screenshotBrowser(s.config), size: batchSlots(s.config), niceness });

/**
 * One item more in flight than RENDER_CONCURRENCY: an item spends part of its time outside Chromium (the libvips
 * encode, the upload, its row), and with only one item per core those gaps left a fifth of the CPU idle during a
 * large collection (bench/README, "What each optimisation bought"). The items run niced, so the extra one costs
 * single renders nothing, and the render gate still holds them to one at a time while a single render runs.
 */
const batchSlots = (config: RenderWorkerConfig) => config.RENDER_CONCURRENCY + 1;

/** The screenshot pool, and a begin-frame pool when this Chromium supports it. */
async function createMainPools(s: Shared) {
  const { config, sandbox } = s;
  const pool = await createBrowserPool({ ...poolBase(s), executablePath: screenshotBrowser(config), size: config.BROWSER_POOL_SIZE });
  // a probe that could not run (no headless shell, no answer in time) leaves videos on screenshot capture, said aloud
  const beginFrameSupported = await probeBeginFrame(config.CHROMIUM_HEADLESS_SHELL_PATH, { sandbox }).catch((err: Error) => {
    s.logger.warn({ err: err.message }, 'begin-frame probe failed; videos use screenshot capture');
    return false;
  });
  // a begin-frame browser draws only when told to, so it gets its own small pool beside the screenshot one
  const beginFramePool = beginFrameSupported
    ? await createBrowserPool({ ...poolBase(s), executablePath: config.CHROMIUM_HEADLESS_SHELL_PATH, size: 1, launchArgs: [...BEGIN_FRAME_CHROME_ARGS] })
    : null;
  s.logger.info({ beginFrameSupported, pool: config.BROWSER_POOL_SIZE, sandboxed: sandbox.sandboxed, chromiumUser: sandbox.user?.name ?? null }, 'renderer ready');
  return { pool, beginFramePool };
}

/**
 * Collection items, under an identity that names the batch role: an image item is a workflow task whose render is a
 * local activity (image-item-workflow.ts), so a local activity slot per batch page (batchSlots); a task holds its
 * workflow task slot while its render runs. Activity slots serve the parity checks (activity-proxies.ts
 * `parityChecker`), which run on the batch queue too.
 *
 * Why more workflow task slots and polls than pages: Temporal's core reserves a slot before every poll, a worker
 * with a workflow cache always keeps one sticky poll open (items finish in one task, so it never gets work and holds
 * its slot for a whole long poll), and by default only a fifth of the polls go to the normal queue. With slots equal
 * to the pages (3 slots, 3 polls: two sticky, one normal) items rendered one at a time: 0.83 in flight on average
 * in a 100-item collection, against 3 pages (bench/README, "What each optimisation bought"). Now every poll but the
 * sticky one is a normal one, and ITEMS_AHEAD items are taken ahead: their local activity waits for a page, so when
 * a render ends the next item is already here instead of a poll and a workflow task start later. A worker holds at
 * most ITEMS_AHEAD items it is not rendering. The cache stays on: with none, a render longer than a workflow task
 * heartbeat could be retried.
 */
const ITEMS_AHEAD = 2;
const itemWorker = (s: Shared, pool: BrowserPool, gate: RenderGate) => ({
  activities: createRenderActivities({ ...s, pool, batchPool: pool, gate, beginFramePool: null }),
  slots: {
    activities: batchSlots(s.config),
    localActivities: batchSlots(s.config),
    // the pages, the items ahead, and the slot the sticky poll holds
    workflowTasks: batchSlots(s.config) + ITEMS_AHEAD + 1,
    workflowTaskPolls: batchSlots(s.config) + ITEMS_AHEAD,
  },
  // every poll on the normal queue; core keeps one sticky poll regardless
  nonStickyToStickyPollRatio: 1,
  identity: `batch:${process.pid}@${os.hostname()}`,
});

/** The batch child (RENDER_WORKER_ROLE=batch): the batch queue's item workflows and activities, niced by its parent. */
async function runBatchRole(s: Shared): Promise<never> {
  const gate = createRenderGate();
  let batchPool: BrowserPool | null = null;
  // attached before the browsers start, so a parent that dies meanwhile is still noticed
  const parent = attachToParent({
    gate,
    registry: s.metrics.registry,
    logger: s.logger,
    // the browsers go first (they run in process groups of their own), then the process, without draining
    onParentGone: () =>
      void Promise.race([Promise.all([batchPool?.close(), s.nativeEngine.close(), s.ffmpegSpares.close()]), new Promise((r) => setTimeout(r, 2000))]).finally(() => process.exit(0)),
  });
  const pool = (batchPool = await createBatchPool(s));
  return runWorker({
    service: 'render-worker-batch',
    config: s.config,
    runtime: s.runtime,
    taskQueue: batchTaskQueue(TASK_QUEUES.RENDER),
    registry: s.metrics.registry,
    workflowsPath: require.resolve('@rp/workflows'),
    healthServer: false,
    ready: async () => true,
    worker: () => itemWorker(s, pool, gate),
    started: () => (parent.ready(), () => undefined),
    stopped: async () => {
      await pool.close().catch(() => undefined);
      await s.nativeEngine.close();
      s.ffmpegSpares.close();
      await s.db.destroy();
    },
  });
}

/** Workflows, single renders, videos, previews, bookkeeping; collection items in the batch child or in-process. */
async function runMainRole(s: Shared, entry: string): Promise<never> {
  const { config } = s;
  const { pool, beginFramePool } = await createMainPools(s);
  const inProcess = config.RENDER_BATCH_PROCESS === 0;
  const batchPool = inProcess ? await createBatchPool(s, BATCH_NICENESS) : null;
  const batch: BatchProcess | null = inProcess ? null : startBatchProcess({ entry, logger: s.logger });
  const gate = createRenderGate({ onSingles: (n) => batch?.setSingles(n) });
  return runWorker({
    service: 'render-worker',
    config,
    workflowsPath: require.resolve('@rp/workflows'),
    runtime: s.runtime,
    taskQueue: TASK_QUEUES.RENDER,
    registry: batch ? withBatchMetrics(s.metrics.registry, batch) : s.metrics.registry,
    // the batch child is part of this worker: while it is down, collection items wait
    ready: async () => (await s.db.raw('select 1'), batch?.ready() ?? true),
    worker: () => ({
      activities: createRenderActivities({ ...s, pool, batchPool: batchPool ?? pool, gate, beginFramePool }),
      slots: {
        // the pool bounds real concurrency; a slot per page keeps both cores busy without queueing inside the pool
        activities: config.RENDER_CONCURRENCY,
        // single images run as local activities (workflows/src/activity-proxies.ts) with slots of their own, one per
        // page: a collection holding every activity slot does not delay them, and the page it leaves free is theirs
        localActivities: config.BROWSER_POOL_SIZE,
        workflowTasks: 20,
      },
    }),
    alsoServe: () => (batchPool ? [{ taskQueue: batchTaskQueue(TASK_QUEUES.RENDER), worker: itemWorker(s, batchPool, gate) }] : []),
    started: (client) => {
      const sweeper = startSweeper({ db: s.db, client, logger: s.logger, collectionConcurrency: config.COLLECTION_CONCURRENCY });
      return () => (sweeper.stop(), void batch?.stop(config.SHUTDOWN_GRACE_MS));
    },
    stopped: async () => {
      await batch?.stop(config.SHUTDOWN_GRACE_MS);
      await pool.close().catch(() => undefined);
      await batchPool?.close().catch(() => undefined);
      await beginFramePool?.close().catch(() => undefined);
      await s.nativeEngine.close();
      s.ffmpegSpares.close();
      await s.db.destroy();
    },
  });
}

main('render-worker', async () => {
  const config = loadConfigOrExit('render-worker', () => loadRenderWorkerConfig());
  const batchRole = config.RENDER_WORKER_ROLE === 'batch';
  const runtime = installRuntime(batchRole ? 'render-worker-batch' : 'render-worker', config);
  const { logger } = runtime;
  const db = createDb(config.DATABASE_URL, { poolMax: config.RENDER_CONCURRENCY + 4 });
  const store = new ObjectStore({
    endpoint: config.MINIO_ENDPOINT,
    accessKey: config.MINIO_ACCESS_KEY,
    secretKey: config.MINIO_SECRET_KEY,
    bucket: config.MINIO_BUCKET,
  });
  const sandbox = await sandboxOrExit(config, logger);
  const shared: Shared = { config, runtime, logger, db, store, sandbox, metrics: createRenderMetrics(), ssrfGuard: createSsrfGuard({ allowCidrs: config.SSRF_ALLOW_CIDRS }),
    nativeEngine: createNativeEngine({ processes: config.NATIVE_ENGINE_PROCESSES, logger, ffmpegPath: config.FFMPEG_PATH, startNow: true }),
    ffmpegSpares: createFfmpegSpares(),
  };
  // before the first video rather than inside it; a missing encoder is said at boot, the videos needing it fail alone
  void warmFfmpeg(config.FFMPEG_PATH).then(
    ({ missing }) => missing.length > 0 && logger.warn({ ffmpeg: config.FFMPEG_PATH, missing }, 'ffmpeg lacks what some outputs need'),
    (err: Error) => logger.warn({ ffmpeg: config.FFMPEG_PATH, err: err.message }, 'ffmpeg could not be queried'),
  );
  return batchRole ? runBatchRole(shared) : runMainRole(shared, __filename);
});
