import { ConfigError, loadConfigOrExit } from '@rp/config';
import { TASK_QUEUES } from '@rp/workflow-safe';
import { createDb } from '@rp/db';
import { createFileUrlSigner } from '@rp/storage';
import { createSsrfGuard } from '@rp/net-guard';
import { installRuntime, main, runWorker } from '@rp/worker-runtime';
import { loadWebhookWorkerConfig } from './config';
import { parseRetrySchedule } from './retry-schedule';
import { createWebhookActivities } from './create-webhook-activities';
import type { DeliveryDispatcher } from './create-delivery-dispatcher';
import { startDeliverySweeper } from './start-delivery-sweeper';
import { createWebhookMetrics } from './webhook-metrics';

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
  logger.info({ scheduleMs }, 'retry schedule');
  const db = createDb(config.DATABASE_URL, { poolMax: Math.min(config.WEBHOOK_CONCURRENCY, 20) + 4 });
  const metrics = createWebhookMetrics();

  let dispatcher: DeliveryDispatcher | null = null;
  return runWorker({
    service: 'webhook-worker',
    config,
    workflowsPath: require.resolve('@rp/workflows'),
    runtime,
    taskQueue: TASK_QUEUES.WEBHOOKS,
    registry: metrics.registry,
    ready: async () => (await db.raw('select 1'), true),
    worker: (client) => {
      const created = createWebhookActivities(
        {
          db,
          // the worker's own connection: retry workflows the dispatcher starts then run eagerly on this worker
          temporal: client,
          logger,
          metrics,
          signUrl: createFileUrlSigner({ publicApiUrl: config.PUBLIC_API_URL, secret: config.FILE_URL_SECRET }),
          ssrfGuard: createSsrfGuard({ allowCidrs: config.SSRF_ALLOW_CIDRS }),
          scheduleMs,
          timeoutMs: config.WEBHOOK_TIMEOUT_MS,
        },
        config.WEBHOOK_CONCURRENCY,
      );
      dispatcher = created.dispatcher;
      return {
        activities: created.activities,
        // workflow task and local activity slots: the SDK's defaults (40, 100) spelled out for the tuner
        slots: { activities: config.WEBHOOK_CONCURRENCY, workflowTasks: 40, localActivities: 100 },
        // keep-alive heartbeats (every 2 s of a slow attempt) reach the server well inside the 10 s heartbeatTimeout
        maxHeartbeatThrottleInterval: '2 seconds',
      };
    },
    started: () => startDeliverySweeper({ db, dispatcher: dispatcher!, logger }).stop,
    stopped: async () => {
      // first attempts already queued are made before the process goes (a cut one is re-driven by a sweep)
      await dispatcher?.drain();
      await db.destroy();
    },
  });
});
