import { spawn, type ChildProcess } from 'node:child_process';
import type { Logger } from 'pino';

/** CFS weight 110 against 1024 at nice 0: a single render beside two collection items gets ~80 % of a core. */
export const BATCH_NICENESS = 10;

/** What the render worker tells its batch child: how many single renders it has in flight (the render gate). */
export interface SinglesMessage {
  type: 'singles';
  count: number;
}
/** What the batch child tells its parent once its Temporal Worker is created. */
export interface ReadyMessage {
  type: 'ready';
}

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

/** Restart delay after the n-th crash in a row: 1 s doubling to 30 s. */
export const restartDelayMs = (failures: number) => Math.min(30_000, 1000 * 2 ** failures);

export interface BatchProcess {
  /** True while the child runs and has reported its Worker created (the parent's /readyz). */
  ready(): boolean;
  pid(): number | null;
  /** The parent's single renders in flight; sent now and again to every restarted child. */
  setSingles(count: number): void;
  /** SIGTERM (the child drains its in-flight items), no restart; resolves once it exited, SIGKILL after graceMs. */
  stop(graceMs: number): Promise<void>;
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
  const send = (msg: SinglesMessage) => {
    if (child?.connected) child.send(msg, () => undefined); // a child gone meanwhile is restarted and told again
  };
  const launch = () => {
    const startedAt = Date.now();
    const { command, args } = batchCommand(o.entry);
    const c = spawn(command, args, { env: batchEnv(o.env ?? process.env), stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child = c;
    ready = false;
    c.on('message', (msg: ReadyMessage) => {
      if (msg?.type !== 'ready') return;
      ready = true;
      o.logger.info({ pid: c.pid }, 'batch process ready');
      send({ type: 'singles', count: singles });
    });
    exited = new Promise<void>((resolve) => {
      let gone = false;
      const onGone = (code: number | null, signal: string | null, err?: Error) => {
        if (gone) return;
        gone = true;
        if (child === c) (child = null), (ready = false);
        resolve();
        if (stopping) return;
        if (Date.now() - startedAt > 60_000) failures = 0;
        const delayMs = restartDelayMs(failures++);
        o.logger.error({ code, signal, err, restartInMs: delayMs }, 'batch process exited; restarting it');
        restart = setTimeout(launch, delayMs);
      };
      c.once('exit', (code, signal) => onGone(code, signal));
      c.once('error', (err) => c.pid === undefined && onGone(null, null, err)); // never started: no 'exit' follows
    });
  };
  launch();
  return {
    ready: () => ready,
    pid: () => child?.pid ?? null,
    setSingles(count) {
      singles = count;
      send({ type: 'singles', count });
    },
    async stop(graceMs) {
      stopping = true;
      clearTimeout(restart);
      const c = child;
      if (!c) return;
      c.kill('SIGTERM');
      const timer = setTimeout(() => c.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
