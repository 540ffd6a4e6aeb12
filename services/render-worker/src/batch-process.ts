import { spawn, type ChildProcess } from 'node:child_process';
import type { Logger } from 'pino';
import { AggregatorRegistry, type Registry } from 'prom-client';
import type { MetricsSource } from '@rp/worker-runtime';

/** CFS weight 110 against 1024 at nice 0: a single render beside two collection items gets ~80 % of a core. */
export const BATCH_NICENESS = 10;

/** What the render worker tells its batch child: how many single renders it has in flight (the render gate). */
export interface SinglesMessage {
  type: 'singles';
  count: number;
}
/** The parent's /metrics asks the child for its series (`getMetricsAsJSON`), which answers with the same id. */
export interface MetricsRequest {
  type: 'metrics';
  id: number;
}
/** What the batch child tells its parent: its Temporal Worker is created, or its metrics. */
export type FromBatchChild = { type: 'ready' } | { type: 'metrics'; id: number; metrics: object[] };

/** How long /metrics waits for the child's series before answering with the parent's alone. */
const METRICS_TIMEOUT_MS = 2000;

/**
 * `nice` execs node in place, so the whole process - V8, the libuv pool, libvips, and the Chromium it starts -
 * runs at the lower priority (os.setPriority would renice only the calling thread on Linux), and the pid and the
 * IPC channel (an inherited fd) stay the child's.
 */
export function batchCommand(entry: string, execPath = process.execPath, execArgv = process.execArgv): { command: string; args: string[] } {
  return { command: '/usr/bin/nice', args: ['-n', String(BATCH_NICENESS), execPath, ...execArgv, entry] };
}

/** The parent's environment in the batch role; the Temporal core metrics port stays the parent's. */
export function batchEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, RENDER_WORKER_ROLE: 'batch', TEMPORAL_METRICS_PORT: '0' };
}

/** How long after its own grace period the child gets to cancel and report its in-flight batches. */
export const CHILD_REPORT_MARGIN_MS = 3000;

/** Restart delay after the n-th crash in a row: 1 s doubling to 30 s. */
export const restartDelayMs = (failures: number) => Math.min(30_000, 1000 * 2 ** failures);

export interface BatchProcess {
  /** True while the child runs and has reported its Worker created (the parent's /readyz). */
  ready(): boolean;
  pid(): number | null;
  /** The parent's single renders in flight; sent now and again to every restarted child. */
  setSingles(count: number): void;
  /** The child's metrics as `getMetricsAsJSON` gives them, or null while it is down or does not answer. */
  metrics(): Promise<object[] | null>;
  /**
   * SIGTERM (the child drains its in-flight items), no restart; resolves once it exited, SIGKILL after graceMs +
   * CHILD_REPORT_MARGIN_MS.
   */
  stop(graceMs: number): Promise<void>;
}

/** Resolves once the child is gone: it exited, or it never started (then only 'error' fires, no 'exit'). */
const exitOf = (c: ChildProcess) =>
  new Promise<{ code: number | null; signal: string | null; err?: Error }>((resolve) => {
    c.once('exit', (code, signal) => resolve({ code, signal }));
    c.once('error', (err) => c.pid === undefined && resolve({ code: null, signal: null, err }));
  });

/** Requests to the child by id, each answered by its reply or by null after METRICS_TIMEOUT_MS. */
function metricsRequests(request: (id: number) => void) {
  let nextId = 0;
  const pending = new Map<number, (metrics: object[] | null) => void>();
  return {
    ask: () =>
      new Promise<object[] | null>((resolve) => {
        const id = ++nextId;
        const timer = setTimeout(() => settle(null), METRICS_TIMEOUT_MS);
        const settle = (metrics: object[] | null) => (clearTimeout(timer), pending.delete(id), resolve(metrics));
        pending.set(id, settle);
        request(id);
      }),
    answer: (id: number, metrics: object[]) => pending.get(id)?.(metrics),
  };
}

/** Starts the batch child and restarts it, with back-off, whenever it exits unasked (docs/ARCHITECTURE.md). */
export function startBatchProcess(o: { entry: string; logger: Logger; env?: NodeJS.ProcessEnv }): BatchProcess {
  let child: ChildProcess | null = null;
  let ready = false;
  let singles = 0;
  let stopping = false;
  let failures = 0;
  let restart: NodeJS.Timeout | undefined;
  let exited: Promise<void> = Promise.resolve();
  const send = (msg: SinglesMessage | MetricsRequest) => {
    if (child?.connected) child.send(msg, () => undefined); // a child gone meanwhile is restarted and told again
  };
  const launch = () => {
    const startedAt = Date.now();
    const { command, args } = batchCommand(o.entry);
    const c = spawn(command, args, { env: batchEnv(o.env ?? process.env), stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child = c;
    ready = false;
    c.on('message', (msg: FromBatchChild) => {
      if (msg?.type === 'metrics') return metricsAsks.answer(msg.id, msg.metrics);
      if (msg?.type !== 'ready') return;
      ready = true;
      o.logger.info({ pid: c.pid }, 'batch process ready');
      send({ type: 'singles', count: singles });
    });
    exited = exitOf(c).then((info) => {
      if (child === c) (child = null), (ready = false);
      if (stopping) return;
      if (Date.now() - startedAt > 60_000) failures = 0;
      const delayMs = restartDelayMs(failures++);
      o.logger.error({ ...info, restartInMs: delayMs }, 'batch process exited; restarting it');
      restart = setTimeout(launch, delayMs);
    });
  };
  const metricsAsks = metricsRequests((id) => send({ type: 'metrics', id }));
  launch();
  return {
    ready: () => ready,
    pid: () => child?.pid ?? null,
    setSingles(count) {
      singles = count;
      send({ type: 'singles', count });
    },
    metrics: () => (ready ? metricsAsks.ask() : Promise.resolve(null)),
    async stop(graceMs) {
      stopping = true;
      clearTimeout(restart);
      const c = child;
      if (!c) return;
      c.kill('SIGTERM');
      // the child's own Temporal Worker drains for graceMs and then cancels and reports what is left; the margin
      // lets it report, so its batches are retried at once instead of after the heartbeat timeout
      const timer = setTimeout(() => c.kill('SIGKILL'), graceMs + CHILD_REPORT_MARGIN_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The parent's /metrics: its own series plus the child's (collection items' render_duration_seconds), summed. */
export function withBatchMetrics(own: Registry, batch: BatchProcess): MetricsSource {
  return {
    contentType: own.contentType,
    async metrics() {
      const child = await batch.metrics();
      return child ? AggregatorRegistry.aggregate([await own.getMetricsAsJSON(), child]).metrics() : own.metrics();
    },
  };
}
