import v8 from 'node:v8';
import { ConfigError, loadConfigOrExit } from '@rp/config';
import { TASK_QUEUES } from '@rp/workflow-safe';
import { createDb } from '@rp/db';
import { createFileUrlSigner } from '@rp/storage';
import { createSsrfGuard } from '@rp/net-guard';
import { installRuntime, main, runWorker } from '@rp/worker-runtime';
import { loadWebhookWorkerConfig } from './config';
import { parseRetrySchedule } from './retry-schedule';
import { createWebhookActivities } from './create-webhook-activities';
import type { StartDelivery } from './start-delivery';
import { startRecoverySweep } from './start-recovery-sweep';
import { workerBudget } from './memory-budget';
import { createWebhookMetrics } from './webhook-metrics';
import { StartBudget } from './start-budget';

/** The config plus its parsed retry schedule: a schedule the schema admits but cannot parse is a config error. */
function loadConfig() {
  const config = loadWebhookWorkerConfig();
  try {
    return { config, scheduleMs: parseRetrySchedule(config.WEBHOOK_RETRY_SCHEDULE) };
  } catch (e) {
    throw new ConfigError(['WEBHOOK_RETRY_SCHEDULE'], [`WEBHOOK_RETRY_SCHEDULE ${(e as Error).message}`]);
  }
}

main('webhook-worker', async () => {
  const { config, scheduleMs } = loadConfigOrExit('webhook-worker', loadConfig);
  const runtime = installRuntime('webhook-worker', config);
  const { logger } = runtime;
  // what a burst may hold in memory at once, from the memory limit (docs/webhooks.md, "Memory")
  const budget = workerBudget({
    limitMb: config.WEBHOOK_MEMORY_LIMIT_MB,
    concurrency: config.WEBHOOK_CONCURRENCY,
    explicitCache: config.WEBHOOK_MAX_CACHED_WORKFLOWS,
  });
  const heap = v8.getHeapStatistics().heap_size_limit;
  logger.info({ scheduleMs, budget, heapLimitMb: Math.round(heap / 2 ** 20) }, 'retry schedule and memory budget');
  // an attempt is a local activity inside a workflow task: both kinds of slot bound the attempts in flight
  const slots = { activities: budget.concurrency, workflowTasks: budget.concurrency, localActivities: budget.concurrency };
  const startBudget = new StartBudget(budget.startsInFlight);
  const db = createDb(config.DATABASE_URL, { poolMax: Math.min(budget.concurrency, 20) + 4 });
  const metrics = createWebhookMetrics();

  let startDelivery: StartDelivery | null = null;
  return runWorker({
    service: 'webhook-worker',
    config,
    workflowsPath: require.resolve('@rp/workflows'),
    runtime,
    taskQueue: TASK_QUEUES.WEBHOOKS,
    registry: metrics.registry,
    ready: async () => (await db.raw('select 1'), true),
    worker: (client) => {
      const created = createWebhookActivities({
        db,
        // the worker's own connection: the delivery workflows it starts run eagerly on this worker
        temporal: client,
        startBudget,
        logger,
        metrics,
        signUrl: createFileUrlSigner({ publicApiUrl: config.PUBLIC_API_URL, secret: config.FILE_URL_SECRET }),
        ssrfGuard: createSsrfGuard({ allowCidrs: config.SSRF_ALLOW_CIDRS }),
        scheduleMs,
        timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      });
      startDelivery = created.startDelivery;
      return {
        activities: created.activities,
        slots,
        // deliveries waiting on retry timers leave the cache; it is bounded by the memory limit
        maxCachedWorkflows: budget.maxCachedWorkflows,
        // emitEvent's keep-alive heartbeats (every 2 s) reach the server well inside its 10 s heartbeatTimeout
        maxHeartbeatThrottleInterval: '2 seconds',
      };
    },
    started: () => startRecoverySweep({ db, startDelivery: startDelivery!, budget: startBudget, logger }).stop,
    stopped: () => db.destroy(),
  });
});
