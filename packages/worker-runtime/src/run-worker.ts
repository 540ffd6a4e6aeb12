import { NativeConnection, ResourceBasedController, Worker, type WorkerOptions } from '@temporalio/worker';
import { Client } from '@temporalio/client';
import { temporalTls, type WorkerConfig } from '@rp/config';
import { startHealthServer, type MetricsSource } from './health-server';
import { loadWorkflowBundle } from './load-workflow-bundle';
import { temporalAway, whileTemporalAway } from './while-temporal-away';
import type { installRuntime } from './install-runtime';
import { controllerTargets, workerTuner, type WorkerSlots } from './worker-tuner';

/**
 * A Worker's own options. Its slots are given as counts (`slots`) and become Temporal's worker tuner in runWorker
 * (WORKER_TUNER: fixed-size suppliers, or resource-based ones up to the counts), never as maxConcurrent* options.
 */
type WorkerTuning = Omit<
  WorkerOptions,
  | 'connection' | 'namespace' | 'taskQueue' | 'workflowBundle' | 'shutdownGraceTime' | 'tuner'
  | 'maxConcurrentActivityTaskExecutions' | 'maxConcurrentLocalActivityExecutions' | 'maxConcurrentWorkflowTaskExecutions'
> & { slots: WorkerSlots };

/** What a worker adds to the shared start-up: its queue, its activities and tuning, and its own resources. */
export interface RunWorkerOptions {
  service: string;
  config: WorkerConfig;
  runtime: ReturnType<typeof installRuntime>;
  taskQueue: string;
  /** The worker's own Prometheus metrics, served with /healthz and /readyz on HEALTH_PORT. */
  registry: MetricsSource;
  /** Readiness besides the Temporal worker running (e.g. Postgres answers). */
  ready: () => Promise<boolean>;
  /** Activities and tuning; `client` shares the worker's connection (workflow starts from activities). */
  worker: (client: Client) => WorkerTuning;
  /** The workflows module to bundle (`require.resolve('@rp/workflows')`); absent: activities only. */
  workflowsPath?: string;
  /** false: no health server (the batch child: its parent reports for it). Default true. */
  healthServer?: boolean;
  /** Workers on further queues of the same process, with the same workflow bundle (the render worker's in-process batch queue). */
  alsoServe?: (client: Client) => { taskQueue: string; worker: WorkerTuning }[];
  /** Runs once the worker runs (e.g. the sweeper); what it returns is called when stopping. */
  started?: (client: Client) => () => void;
  /** Releases the worker's own resources after the last task finished (pools, database). */
  stopped: () => Promise<void>;
}

/**
 * The one start-up of both workers: health server, Temporal connection and worker(s), SIGTERM/SIGINT handling
 * (stop polling, let in-flight tasks finish within SHUTDOWN_GRACE_MS), then release everything and exit 0.
 */
export async function runWorker(o: RunWorkerOptions): Promise<never> {
  const { config } = o;
  const { logger } = o.runtime;
  let workers: Worker[] = [];
  const health = o.healthServer === false
    ? null
    : await startHealthServer({
        port: config.HEALTH_PORT,
        registry: o.registry,
        ready: async () => (await o.ready()) && workers.length > 0 && workers.every((w) => w.getState() === 'RUNNING'),
      });
  const { connection, client, workers: started, alsoQueues } = await startWorkers(o);
  workers = started;
  const stopExtras = o.started?.(client);
  logger.info({ healthPort: health?.port ?? null, taskQueue: o.taskQueue, alsoQueues, tuner: config.WORKER_TUNER }, `${o.service} started`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return; // a second signal changes nothing: the grace period is already running
    stopping = true;
    logger.info({ signal, graceMs: config.SHUTDOWN_GRACE_MS }, 'stopping: no new tasks, finishing in-flight ones');
    stopExtras?.();
    for (const w of workers) w.shutdown();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await Promise.all(workers.map((w) => w.run()));
  await o.stopped().catch((err: unknown) => logger.warn({ err }, 'releasing resources failed'));
  await health?.close();
  await connection.close();
  logger.info(`${o.service} stopped`);
  return process.exit(0);
}

/**
 * Connects and creates the Worker(s), each step waiting while the Temporal server is away (TEMPORAL_RETRY): a
 * worker started during a server restart waits for it rather than exiting.
 */
async function startWorkers(o: RunWorkerOptions) {
  const { config } = o;
  const { logger, sdkLogger } = o.runtime;
  const away = (what: string) => (err: unknown, delayMs: number) => logger.warn({ err, delayMs }, `Temporal not reachable; ${what} again`);
  const workflowBundle = o.workflowsPath === undefined ? undefined : await loadWorkflowBundle(o.workflowsPath, sdkLogger);
  const connection = await whileTemporalAway(
    () => NativeConnection.connect({ address: config.TEMPORAL_ADDRESS, tls: temporalTls(config) }),
    away('connecting'),
  );
  const client = new Client({ connection, namespace: config.TEMPORAL_NAMESPACE });
  const common = { connection, namespace: config.TEMPORAL_NAMESPACE, shutdownGraceTime: config.SHUTDOWN_GRACE_MS };
  const also = o.alsoServe?.(client) ?? [];
  // one resource controller per process, made only when asked for: the process's Workers hold one target together
  let controller: ResourceBasedController | null = null;
  const shared = () => (controller ??= ResourceBasedController.create(controllerTargets(config)));
  const create = ({ slots, ...rest }: WorkerTuning, taskQueue: string) =>
    whileTemporalAway(
      () => Worker.create({ ...rest, ...workerTuner(config, slots, shared), ...common, taskQueue, workflowBundle }),
      away(`creating the worker of ${taskQueue}`),
      { retryable: temporalAway },
    );
  const workers = [await create(o.worker(client), o.taskQueue), ...(await Promise.all(also.map((w) => create(w.worker, w.taskQueue))))];
  return { connection, client, workers, alsoQueues: also.map((w) => w.taskQueue) };
}

/** A worker's entry point: a start-up error is printed and exits 1 (a bad configuration already exited 78). */
export function main(service: string, run: () => Promise<unknown>): void {
  run().catch((err: unknown) => {
    process.stderr.write(`${service}: fatal: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  });
}
