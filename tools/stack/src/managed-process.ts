import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { findProcessesWithEnv, killAll } from './proc-scan';

/** Per-spawn marker: lets us find what a process left behind (e.g. Chromium) once it is gone. */
export const INSTANCE_MARKER_ENV = 'RP_STACK_INSTANCE';
let spawnSeq = 0;

export interface ProcessSpec {
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd?: string;
  /** stdout and stderr are appended here so a failed test can be debugged afterwards. */
  logFile: string;
  uid?: number;
  gid?: number;
  /** Signal for a graceful stop; postgres wants SIGINT ("fast" shutdown). */
  stopSignal?: NodeJS.Signals;
  /** How long a graceful stop may take before SIGKILL. */
  graceMs: number;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** One supervised child process: spawn with its log file, stop gracefully, notice unexpected exits. */
export class ManagedProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<ExitInfo> = Promise.resolve({ code: null, signal: null });
  private stopping = false;
  lastExit: ExitInfo | null = null;
  /** When the current (or last) child was spawned, epoch ms. */
  startedAt = 0;

  constructor(
    readonly spec: ProcessSpec,
    private readonly onUnexpectedExit: (p: ManagedProcess, info: ExitInfo) => void = () => {},
  ) {}

  get name(): string {
    return this.spec.name;
  }

  get pid(): number | null {
    return this.running ? (this.child?.pid ?? null) : null;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  start(): void {
    if (this.running) throw new Error(`${this.name} is already running (pid ${this.child?.pid})`);
    const fd = fs.openSync(this.spec.logFile, 'a');
    fs.writeSync(fd, `\n=== ${new Date().toISOString()} starting ${this.spec.command} ${this.spec.args.join(' ')}\n`);
    this.stopping = false;
    const instance = `${this.name}.${process.pid}.${++spawnSeq}`;
    let child: ChildProcess;
    try {
      child = spawn(this.spec.command, this.spec.args, {
        cwd: this.spec.cwd,
        env: { ...this.spec.env, [INSTANCE_MARKER_ENV]: instance },
        stdio: ['ignore', fd, fd],
        uid: this.spec.uid,
        gid: this.spec.gid,
        // own process group: a terminal Ctrl-C reaches only the supervisor, which then stops children in order
        detached: true,
      });
    } finally {
      fs.closeSync(fd);
    }
    this.child = child;
    this.startedAt = Date.now();
    this.lastExit = null;
    this.exited = new Promise<ExitInfo>((resolve) => {
      child.once('error', (err) => {
        fs.appendFileSync(this.spec.logFile, `=== spawn error: ${err.message}\n`);
        resolve({ code: -1, signal: null });
      });
      child.once('exit', (code, signal) => resolve({ code, signal }));
    }).then((info) => {
      this.lastExit = info;
      // descendants that outlived it (e.g. a browser of a SIGKILLed worker) would hold ports and memory
      killAll(findProcessesWithEnv(`${INSTANCE_MARKER_ENV}=${instance}`), 'SIGKILL');
      try {
        fs.appendFileSync(this.spec.logFile, `=== ${new Date().toISOString()} exited code=${info.code} signal=${info.signal}\n`);
      } catch {
        // the data dir may already be gone
      }
      if (!this.stopping && this.child === child) this.onUnexpectedExit(this, info);
      return info;
    });
  }

  /** Resolves when the current child has exited (or immediately when none runs). */
  waitExit(): Promise<ExitInfo> {
    return this.exited;
  }

  kill(signal: NodeJS.Signals = 'SIGKILL'): boolean {
    if (!this.running || !this.child) return false;
    // an explicit kill is expected by whoever asked for it: don't report it as a crash
    this.stopping = true;
    return this.child.kill(signal);
  }

  /** Graceful stop: stop signal, then SIGKILL after the grace period. */
  async stop(graceMs = this.spec.graceMs): Promise<void> {
    if (!this.running || !this.child) return;
    this.stopping = true;
    this.child.kill(this.spec.stopSignal ?? 'SIGTERM');
    const done = await Promise.race([this.exited.then(() => true), delay(graceMs).then(() => false)]);
    if (!done && this.running) {
      this.child.kill('SIGKILL');
      await this.exited;
    }
  }
}

export const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `check` until it returns true; fails early when `alive` says the process died. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  opts: { timeoutMs: number; intervalMs?: number; alive?: () => boolean },
): Promise<void> {
  const deadline = Date.now() + opts.timeoutMs;
  let lastErr: unknown;
  for (;;) {
    try {
      if (await check()) return;
    } catch (e) {
      lastErr = e;
    }
    if (opts.alive && !opts.alive()) throw new Error(`${what}: process exited before it became ready`);
    if (Date.now() > deadline) {
      const why = lastErr instanceof Error ? ` (last error: ${lastErr.message})` : '';
      throw new Error(`${what}: not ready after ${opts.timeoutMs} ms${why}`);
    }
    await delay(opts.intervalMs ?? 250);
  }
}

/** GET url and report whether it answered with the expected status. */
export async function httpOk(url: string, expect = (s: number) => s >= 200 && s < 300): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  await res.arrayBuffer();
  return expect(res.status);
}

/** Resolves true once something accepts TCP connections on host:port. */
export function tcpOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = net.connect({ port, host });
    const done = (ok: boolean) => {
      sock.destroy();
      resolve(ok);
    };
    sock.setTimeout(1000, () => done(false));
    sock.once('connect', () => done(true));
    sock.once('error', () => done(false));
  });
}

/** Last lines of a log file, for error messages. */
/**
 * Waits for a started process to become ready; if it does not, stops it and fails with the tail of its log, so a
 * component that cannot start says why and leaves nothing running.
 */
export async function readyOrStopped(proc: ManagedProcess, logFile: string, ready: () => Promise<void>): Promise<void> {
  try {
    await ready();
  } catch (e) {
    await proc.stop();
    throw new Error(`${(e as Error).message}\n--- ${logFile} ---\n${tailFile(logFile)}`);
  }
}

export function tailFile(file: string, lines = 30): string {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return text.split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Something the supervisor can start (and wait until ready), stop, and report on. */
export interface Component {
  readonly name: string;
  readonly proc: ManagedProcess | null;
  start(): Promise<void>;
  stop(): Promise<void>;
}
