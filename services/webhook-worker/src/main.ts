import pino from 'pino';
import { DefaultLogger, NativeConnection, Runtime, Worker, makeTelemetryFilterString, type LogLevel } from '@temporalio/worker';
import { Client } from '@temporalio/client';
import { ConfigError } from '@rp/config';
import { TASK_QUEUES } from '@rp/common';
import { createDb } from '@rp/db';
import { createFileUrlSigner } from '@rp/storage';
import { createSsrfGuard } from '@rp/net-guard';
import { loadWorkflowBundle, startHealthServer } from '@rp/worker-runtime';
import { loadWebhookWorkerConfig, type WebhookWorkerConfig } from './config';
import { parseRetrySchedule } from './retry-schedule';
import { createWebhookActivities } from './create-webhook-activities';
import { startDeliverySweeper } from './start-delivery-sweeper';
import { createWebhookMetrics } from './webhook-metrics';

const fail = (msg: string): never => {
  process.stderr.write(`webhook-worker: ${msg}\n`);
  process.exit(78); // EX_CONFIG: the supervisor must not restart-loop on a bad configuration
};

function loadConfigOrExit(): { config: WebhookWorkerConfig; scheduleMs: number[] } {
  try {
    const config = loadWebhookWorkerConfig();
    return { config, scheduleMs: parseRetrySchedule(config.WEBHOOK_RETRY_SCHEDULE) };
  } catch (e) {
    if (e instanceof ConfigError) return fail(e.message);
    return fail(`Invalid configuration: WEBHOOK_RETRY_SCHEDULE ${(e as Error).message}`);
  }
}

async function main() {
  const { config, scheduleMs } = loadConfigOrExit();
  const logger = pino({ level: config.LOG_LEVEL, base: { service: 'webhook-worker' } });
  // SDK logs go through pino too (one JSON stream); signals are handled below, not by the runtime
  const sdkLogger = new DefaultLogger('WARN', (e) => {
    const level = ({ TRACE: 'trace', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' } as Record<LogLevel, pino.Level>)[e.level];
    logger[level]({ ...e.meta, sdk: true }, e.message);
  });
  Runtime.install({
    logger: sdkLogger,
    shutdownSignals: [],
    telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'WARN' }), forward: {} } },
  });

  const db = createDb(config.DATABASE_URL, { poolMax: Math.min(config.WEBHOOK_CONCURRENCY, 20) + 4 });
  const metrics = createWebhookMetrics();
  let worker: Worker | null = null;
  const health = await startHealthServer({
    port: config.HEALTH_PORT,
    registry: metrics.registry,
    ready: async () => {
      await db.raw('select 1');
      return worker?.getState() === 'RUNNING';
    },
  });

  const workflowBundle = await loadWorkflowBundle(sdkLogger);
  const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
  const { activities, dispatcher } = createWebhookActivities({
    db,
    // the worker's own connection: delivery workflows emitEvent starts can then be started eagerly on this worker
    temporal: new Client({ connection, namespace: config.TEMPORAL_NAMESPACE }),
    logger,
    metrics,
    signUrl: createFileUrlSigner({ publicApiUrl: config.PUBLIC_API_URL, secret: config.FILE_URL_SECRET }),
    ssrfGuard: createSsrfGuard({ allowCidrs: config.SSRF_ALLOW_CIDRS }),
    scheduleMs,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
  }, config.WEBHOOK_CONCURRENCY);
  const sweeper = startDeliverySweeper({ db, dispatcher, logger });
  worker = await Worker.create({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: TASK_QUEUES.WEBHOOKS,
    workflowBundle,
    activities,
    maxConcurrentActivityTaskExecutions: config.WEBHOOK_CONCURRENCY,
    shutdownGraceTime: config.SHUTDOWN_GRACE_MS,
    // keep-alive heartbeats (every 2 s of a slow attempt) reach the server well inside the 10 s heartbeatTimeout
    maxHeartbeatThrottleInterval: '2 seconds',
  });
  logger.info({ healthPort: health.port, taskQueue: TASK_QUEUES.WEBHOOKS, scheduleMs }, 'webhook worker started');

  const running = worker;
  const shutdown = (signal: string) => {
    logger.info({ signal, graceMs: config.SHUTDOWN_GRACE_MS }, 'stopping: no new tasks, finishing in-flight attempts');
    try {
      running.shutdown();
    } catch {
      /* already stopping */
    }
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await running.run();
  sweeper.stop();
  // first attempts already claimed are made before the process goes (a cut one is re-driven by a sweep)
  await dispatcher.drain();
  await health.close();
  await db.destroy();
  await connection.close();
  logger.info('webhook worker stopped');
  process.exit(0);
}

main().catch((err) => {
  process.stderr.write(`webhook-worker: fatal: ${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
