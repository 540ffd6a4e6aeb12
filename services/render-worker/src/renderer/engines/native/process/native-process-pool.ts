import { fork, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { INITIAL_OLD_SPACE_FLAG } from '@rp/config';
import { RenderFailure } from '../../../types';
import { sparesDirOf } from '../../../ffmpeg/ffmpeg-spares';
import type { NativeChunkTiming, NativeJob, NativeProcessMessage, NativeReply, NativeVideoJob, NativeVideoProgress, NativeVideoReply } from './native-job';

export interface NativePoolLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface NativeProcessPoolOptions {
  /** Engine processes, each drawing one render at a time. */
  size: number;
  logger?: NativePoolLogger;
  /** The process entry; default the built native-engine-process.js beside this module (dist, also under jest). */
  entry?: string;
  /** The ffmpeg video chunks are encoded with: each process readies fluent-ffmpeg for it before taking work. */
  ffmpegPath?: string;
  /**
   * Start every process now rather than on first use: a process takes about half a second to be ready (node,
   * takumi, the system faces, ffmpeg's capability lists), which the worker pays at boot instead of its first render.
   */
  startNow?: boolean;
}

/**
 * V8 flags of an engine process. takumi hands back every frame and band it draws as a new Buffer, and at V8's default
 * initial old-space limit an engine process drawing a video ran a full mark-compact every few frames; a 64 MB start
 * lets it draw many frames between them, for a little more memory (what it bought and cost: docs/video.md).
 */
export const ENGINE_NODE_FLAGS: readonly string[] = [INITIAL_OLD_SPACE_FLAG];

interface Slot {
  child: ChildProcess;
  ready: Promise<string>;
  busy: boolean;
  /** Killed or exited: leaves the pool at the next reap. */
  dead: boolean;
}

type Waiter = (slot: Slot) => void;

type Reply = NativeReply | NativeVideoReply;

interface ExchangeOptions {
  /** Without an onProgress: the whole job's deadline; with one: the longest wait between two messages of the job. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** A streaming job's messages before its reply; each restarts the deadline. */
  onProgress?: (m: NativeVideoProgress) => void;
  /** Stop by asking first (a cancel message, answered within this) rather than by SIGKILL; the process lives on. */
  cancelGraceMs?: number;
}

export interface NativeVideoRunOptions {
  /** The longest a frame may take (drawn and written). */
  frameTimeoutMs: number;
  signal?: AbortSignal;
  onProgress?: (framesDone: number) => void;
}

/** How long a cancelled video chunk's process has to kill its ffmpeg and answer before it is killed itself. */
const VIDEO_CANCEL_GRACE_MS = 2000;

const DIST_ENTRY = path.resolve(__dirname, '../../../../../dist/renderer/engines/native/process/native-engine-process.js');
const defaultEntry = () => (__filename.endsWith('.ts') ? DIST_ENTRY : path.join(__dirname, 'native-engine-process.js'));

/**
 * Engine processes for the native engine. A process, not a worker thread: a panic that aborts or a segfault in the
 * native code kills its whole process, which for a thread is the render worker with every render in it. Each process
 * draws one render at a time, so a render that hangs or crashes takes down only its own process: the pool kills a
 * hung one at the render's deadline (`render_timeout`), reports a dead one as `engine_crashed` (retryable) and starts
 * a replacement on the next render. Processes start with the pool (`startNow`, the worker) or on first use, and
 * inherit the worker's CPU priority (the batch child's are under nice 10 like its browser).
 */
export class NativeProcessPool {
  private readonly slots: Slot[] = [];
  private readonly waiters: Waiter[] = [];
  private nextId = 1;
  private closed = false;
  version = 'takumi';

  constructor(private readonly opts: NativeProcessPoolOptions) {
    if (opts.startNow) while (this.slots.length < opts.size) this.spawn();
  }

  /** Engine process ids (for the fault tests and logs). */
  pids(): number[] {
    return this.slots.flatMap((s) => (s.child.pid && !s.dead && s.child.exitCode === null ? [s.child.pid] : []));
  }

  /**
   * Draws one job. A process that dies under it is replaced and the job tried once more on a fresh one (an engine
   * process can be killed from outside, e.g. by the OOM killer, or have died idle just before): only a job whose
   * second process dies too fails, with `engine_crashed`, so a poison template costs two processes, no more.
   */
  async run(job: Omit<NativeJob, 'id'>, opts: { timeoutMs: number; signal?: AbortSignal }): Promise<Extract<NativeReply, { kind: 'done' }>> {
    const until = Date.now() + opts.timeoutMs;
    try {
      return await this.runOnce(job, opts);
    } catch (err) {
      if (!(err instanceof RenderFailure && err.code === 'engine_crashed') || Date.now() >= until) throw err;
      this.opts.logger?.warn({ err: err.message }, 'native engine process died under a render; trying it once more on a fresh process');
      return this.runOnce(job, { ...opts, timeoutMs: until - Date.now() });
    }
  }

  private async runOnce(job: Omit<NativeJob, 'id'>, opts: { timeoutMs: number; signal?: AbortSignal }): Promise<Extract<NativeReply, { kind: 'done' }>> {
    const slot = await this.acquire(opts.signal);
    try {
      await slot.ready;
      const reply = await this.exchange(slot, { ...job, id: this.nextId++ }, opts);
      if (reply.kind === 'failed') throw new RenderFailure(reply.code, reply.message, reply.code === 'encode_failed');
      if (reply.kind !== 'done') throw new RenderFailure('engine_crashed', `the native engine answered an image with ${reply.kind}`, true);
      this.logDropped(reply.droppedDeclarations);
      return reply;
    } finally {
      this.release(slot);
    }
  }

  /**
   * Draws one chunk of a native video in an engine process, which encodes it itself (NativeVideoJob). Not tried
   * again here: a process that dies under a chunk fails it with `engine_crashed` (retryable), and the chunk's
   * activity is retried as a whole. A cancel or a missed frame deadline stops it through the process, which kills
   * its ffmpeg and removes the partial output; the ffmpeg of a process that died is killed from here.
   */
  async runVideo(job: Omit<NativeVideoJob, 'id'>, opts: NativeVideoRunOptions): Promise<{ frames: number; timing: NativeChunkTiming }> {
    const slot = await this.acquire(opts.signal);
    let ffmpegPid: number | undefined;
    try {
      await slot.ready;
      const onProgress = (m: NativeVideoProgress) => (m.kind === 'encoder' ? (ffmpegPid = m.pid) : opts.onProgress?.(m.frames));
      const reply = await this.exchange(slot, { ...job, id: this.nextId++ }, { timeoutMs: opts.frameTimeoutMs, signal: opts.signal, onProgress, cancelGraceMs: VIDEO_CANCEL_GRACE_MS });
      if (reply.kind === 'failed') throw new RenderFailure(reply.code, reply.message, reply.retryable ?? reply.code === 'encode_failed');
      if (reply.kind !== 'video-done') throw new RenderFailure('engine_crashed', `the native engine answered a video chunk with ${reply.kind}`, true);
      const { frames, setupMs, drawMs, waitDrawMs, waitEncodeMs, heldFrames, bandFrames, unchangedFrames, bands, backgroundLayer, encoder } = reply;
      this.logDropped(reply.droppedDeclarations);
      return { frames, timing: { setupMs, drawMs, waitDrawMs, waitEncodeMs, heldFrames, bandFrames, unchangedFrames, bands, backgroundLayer, encoder } };
    } finally {
      // its engine process is gone or was killed: the ffmpeg it started has no one left to stop it
      if (slot.dead && ffmpegPid) killQuietly(ffmpegPid);
      this.release(slot);
    }
  }

  /** Values in elements' `style` takumi could not read, left out as Chromium leaves them (drop-rejected-declarations.ts). */
  private logDropped = (dropped?: string[]) => dropped?.length && this.opts.logger?.info({ droppedDeclarations: dropped }, 'native engine: left out style values it cannot read, as Chromium does');

  async close(): Promise<void> {
    this.closed = true;
    for (const s of this.slots.splice(0)) s.child.kill('SIGKILL');
  }

  private exchange(slot: Slot, job: NativeJob | NativeVideoJob, opts: ExchangeOptions): Promise<Reply> {
    const { child } = slot;
    return new Promise<Reply>((resolve, reject) => {
      let stopping: RenderFailure | undefined;
      let grace: NodeJS.Timeout | undefined;
      const done = (fn: () => void) => {
        clearTimeout(timer);
        clearTimeout(grace);
        child.off('message', onMessage);
        child.off('exit', onExit);
        opts.signal?.removeEventListener('abort', onAbort);
        fn();
      };
      const kill = (failure: RenderFailure) => done(() => {
        slot.dead = true; // before its exit event arrives: no render may be handed to it meanwhile
        child.kill('SIGKILL');
        reject(failure);
      });
      const stop = (failure: RenderFailure) => {
        if (!opts.cancelGraceMs) return kill(failure);
        if (stopping) return;
        stopping = failure;
        clearTimeout(timer);
        child.send({ kind: 'cancel', id: job.id }, (err) => err && kill(failure));
        grace = setTimeout(() => kill(failure), opts.cancelGraceMs);
      };
      const arm = () => setTimeout(() => stop(new RenderFailure('render_timeout', `the native engine did not finish within ${opts.timeoutMs} ms`)), opts.timeoutMs);
      const onMessage = (m: NativeProcessMessage) => {
        if (!('id' in m) || m.id !== job.id) return;
        if (m.kind === 'encoder' || m.kind === 'progress') {
          if (stopping) return;
          clearTimeout(timer);
          timer = arm();
          return opts.onProgress?.(m);
        }
        done(() => (stopping ? reject(stopping) : resolve(m)));
      };
      const onExit = (code: number | null, sig: string | null) =>
        done(() => {
          slot.dead = true;
          reject(new RenderFailure('engine_crashed', `the native engine process died while drawing (${sig ?? `exit ${code}`})`, true));
        });
      const onAbort = () => stop(opts.signal?.reason instanceof RenderFailure ? opts.signal.reason : new RenderFailure('cancelled', 'render cancelled'));
      let timer = arm();
      child.on('message', onMessage);
      child.on('exit', onExit);
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      if (opts.signal?.aborted) return onAbort();
      child.send(job, (err) => err && kill(new RenderFailure('engine_crashed', `the native engine process took no job: ${err.message}`, true)));
    });
  }

  private acquire(signal?: AbortSignal): Promise<Slot> {
    if (this.closed) return Promise.reject(new RenderFailure('cancelled', 'the native engine is closed'));
    this.reap();
    const idle = this.slots.find((s) => !s.busy && !s.dead);
    if (idle) return Promise.resolve(this.take(idle));
    if (this.slots.length < this.opts.size) return Promise.resolve(this.take(this.spawn()));
    return new Promise<Slot>((resolve, reject) => {
      const waiter: Waiter = (slot) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(slot);
      };
      const onAbort = () => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(signal?.reason instanceof RenderFailure ? signal.reason : new RenderFailure('cancelled', 'render cancelled'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  private take(slot: Slot): Slot {
    slot.busy = true;
    return slot;
  }

  private release(slot: Slot): void {
    slot.busy = false;
    this.reap();
    const next = this.waiters.shift();
    if (!next) return;
    const free = this.slots.find((s) => !s.busy && !s.dead) ?? (this.slots.length < this.opts.size ? this.spawn() : null);
    if (free) next(this.take(free));
    else this.waiters.unshift(next);
  }

  /** Dead processes leave their slot; the next render starts a fresh one. */
  private reap(): void {
    for (let i = this.slots.length - 1; i >= 0; i--) {
      const s = this.slots[i]!;
      if (!s.busy && (s.dead || s.child.exitCode !== null || s.child.signalCode !== null || !s.child.connected)) this.slots.splice(i, 1);
    }
  }

  private spawn(): Slot {
    const child = fork(this.opts.entry ?? defaultEntry(), [this.opts.ffmpegPath ?? 'ffmpeg'], {
      serialization: 'advanced',
      execArgv: [...ENGINE_NODE_FLAGS],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // nothing secret reaches the engine: it needs no credentials, and a template cannot read its environment anyway
      env: { PATH: process.env.PATH ?? '', NODE_ENV: process.env.NODE_ENV ?? '' },
    });
    const ready = new Promise<string>((resolve, reject) => {
      const onReady = (m: NativeProcessMessage) => {
        if (m.kind !== 'ready') return;
        child.off('message', onReady);
        child.off('exit', onEarlyExit);
        this.version = m.version;
        if (m.skippedFonts.length > 0) this.opts.logger?.warn({ files: m.skippedFonts }, 'native engine: font files missing, their families fall back');
        resolve(m.version);
      };
      const onEarlyExit = (code: number | null, sig: string | null) =>
        reject(new RenderFailure('engine_crashed', `the native engine process exited while starting (${sig ?? `exit ${code}`})`, true));
      child.on('message', onReady);
      child.once('exit', onEarlyExit);
    });
    ready.catch(() => undefined);
    child.on('exit', (code, sig) => {
      if (!this.closed) this.opts.logger?.warn({ pid: child.pid, code, signal: sig }, 'native engine process exited; a new one starts with the next render');
    });
    child.on('error', (err) => this.opts.logger?.error({ err: err.message }, 'native engine process error'));
    const slot: Slot = { child, ready, busy: false, dead: false };
    child.once('exit', () => {
      slot.dead = true;
      // its waiting ffmpegs read end-of-input and exit; what they would write goes with the directory (retried: one may
      // still create a file meanwhile, ENOTEMPTY, which thrown from here crashed the worker; left over, it is logged)
      if (child.pid) void rm(sparesDirOf(child.pid), { recursive: true, force: true, maxRetries: 5 }).catch((err: Error) => this.opts.logger?.warn({ err: err.message }, 'spare ffmpeg directory left'));
    });
    this.slots.push(slot);
    this.opts.logger?.info({ pid: child.pid }, 'native engine process started');
    return slot;
  }
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone already
  }
}
