import { mkdirSync, rmSync } from 'node:fs';
import { copyFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchFfmpeg, type FfmpegRun, type FfmpegStarter, type StartFfmpegOptions } from './start-ffmpeg';

/**
 * ffmpegs started before they are needed. Starting one costs about 50 CPU-ms before it reads a byte (the dynamic
 * linker binding the libraries Debian's build loads), which a 5 s native video paid three times on its critical path
 * (two chunks, the join). A spare is started with the arguments of a run that just exited and waits on its stdin;
 * the next run with the same arguments takes it.
 */
export interface FfmpegSpares extends FfmpegStarter {
  /** A run for `opts`: the spare waiting with its arguments, else one started now; either way a spare follows it. */
  start(opts: StartFfmpegOptions): FfmpegRun;
  /** Kills the spares and removes their directory. */
  close(): void;
}

/** Spares kept per process (one per set of arguments, the oldest killed first): about 9 MB of its own each, idle (17 MB PSS). */
export const MAX_SPARES = 2;

/**
 * How long after a run exits its spare starts. Not at once: a video's chunks end together and its join follows, and
 * a spare started then would take the cores from that video's last steps (about 50 CPU-ms each).
 */
export const SPARE_DELAY_MS = 300;

/** Where the spares of process `pid` write: removed with the process (native-process-pool.ts, on an engine's death). */
export const sparesDirOf = (pid: number) => join(tmpdir(), `rp-ffmpeg-spares-${pid}`);

interface Spare {
  run: FfmpegRun;
  /** The file the spare writes: its arguments were fixed before any caller named one. */
  output: string;
  exited: boolean;
}

/**
 * Only a run reading stdin, with no other input, can wait: its arguments name no file of one video. The output is
 * left out of the key, and the run's file is moved where the caller asked once ffmpeg exited 0.
 */
function keyOf(o: StartFfmpegOptions): string | null {
  if (o.input !== 'pipe:0' || (o.extraInputs?.length ?? 0) > 0) return null;
  return JSON.stringify([o.ffmpegPath, o.inputOptions, o.outputOptions, o.what]);
}

async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (err) {
    // the caller's directory on another filesystem
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await copyFile(from, to);
    await rm(from, { force: true });
  }
}

/** A waiting spare bound to a caller: its signal, pid callback, stdin text and output file. */
function adopt(spare: Spare, o: StartFfmpegOptions): FfmpegRun {
  const { run } = spare;
  const onAbort = () => run.kill();
  if (o.signal?.aborted) run.kill();
  else o.signal?.addEventListener('abort', onAbort, { once: true });
  void run.stdin.then((stdin) => {
    const pid = run.pid();
    if (pid) o.onSpawn?.(pid);
    if (o.stdinText !== undefined) stdin.end(o.stdinText);
  });
  const done = run.done
    .then(() => moveFile(spare.output, o.output), async (err: unknown) => {
      await rm(spare.output, { force: true });
      throw err;
    })
    .finally(() => o.signal?.removeEventListener('abort', onAbort));
  return { done, kill: run.kill, pid: run.pid, stdin: run.stdin, spare: true };
}

export function createFfmpegSpares({ dir = sparesDirOf(process.pid), delayMs = SPARE_DELAY_MS } = {}): FfmpegSpares {
  const waiting = new Map<string, Spare>();
  let closed = false;
  let made = 0;
  const launchSpare = (key: string, o: StartFfmpegOptions) => {
    if (closed || waiting.has(key)) return;
    mkdirSync(dir, { recursive: true });
    const output = join(dir, String(made++));
    const run = launchFfmpeg({ ...o, output, signal: undefined, onSpawn: undefined, stdinText: undefined, spares: undefined });
    const spare: Spare = { run, output, exited: false };
    run.done.catch(() => undefined).finally(() => {
      spare.exited = true;
      if (waiting.get(key) === spare) waiting.delete(key);
    });
    waiting.set(key, spare);
    for (const [k, s] of waiting) {
      if (waiting.size <= MAX_SPARES) break;
      waiting.delete(k);
      s.run.kill();
    }
  };
  return {
    start(o) {
      const key = keyOf(o);
      if (key === null) return launchFfmpeg(o);
      const spare = waiting.get(key);
      waiting.delete(key);
      const run = spare && !spare.exited ? adopt(spare, o) : launchFfmpeg(o);
      // the next spare starts once this run is over, not beside it: its start is what the caller should not wait for
      void run.done.catch(() => undefined).finally(() => setTimeout(() => launchSpare(key, o), delayMs).unref());
      return run;
    },
    close() {
      closed = true;
      for (const s of waiting.values()) s.run.kill();
      waiting.clear();
      // a killed ffmpeg may still create a file while the directory goes (ENOTEMPTY): retried; one left over after
      // that stays in the temporary directory rather than failing the close
      try {
        rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 });
      } catch {
        // left behind
      }
    },
  };
}
