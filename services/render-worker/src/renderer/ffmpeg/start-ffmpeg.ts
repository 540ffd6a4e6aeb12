import { rename, rm } from 'node:fs/promises';
import type { Readable, Writable } from 'node:stream';
import ffmpeg from 'fluent-ffmpeg';
import { RenderFailure } from '../types';
import type { FfmpegArgs } from './build-ffmpeg-args';

/** ffmpeg stderr kept in memory: enough for the error lines, bounded however chatty the process gets. */
export const STDERR_TAIL_BYTES = 8 * 1024;

export interface StartFfmpegOptions extends FfmpegArgs {
  ffmpegPath: string;
  /** File path, a stream piped into stdin, or `pipe:0`: ffmpeg reads its stdin, which the caller writes (FfmpegRun.stdin). */
  input: string | Readable;
  /** Further file inputs, each with its own input options (e.g. the audio track of the final join). */
  extraInputs?: { source: string; options: string[] }[];
  output: string;
  signal?: AbortSignal;
  /** What the process does, for error messages ("encode segment", "concat"...). */
  what: string;
  /** Called with the pid as soon as ffmpeg is spawned. */
  onSpawn?: (pid: number) => void;
  /** For input `pipe:0`: written to stdin whole, which is then closed (the join's segment list). */
  stdinText?: string;
  /** Where an ffmpeg started earlier with these arguments may be waiting (FfmpegSpares, ffmpeg-spares.ts). */
  spares?: FfmpegStarter;
}

export interface FfmpegRun {
  /** Resolves when ffmpeg exits 0; rejects with RenderFailure ('cancelled' after abort, else 'encode_failed'). */
  done: Promise<void>;
  /** SIGKILLs the process (now, or as soon as it is spawned). */
  kill(): void;
  /** pid once spawned (tests check the process is gone after cancellation). */
  pid(): number | undefined;
  /**
   * ffmpeg's stdin once spawned, for input `pipe:0`. Its write errors (EPIPE once ffmpeg has exited) are left to
   * `done`, which says why ffmpeg stopped. Never resolves when ffmpeg does not start: race it with `done`.
   */
  stdin: Promise<Writable>;
  /** Whether this ffmpeg was started before it was asked for, and waited (ffmpeg-spares.ts). */
  spare: boolean;
}

/** What starts ffmpeg for a caller; FfmpegSpares is one. */
export interface FfmpegStarter {
  start(opts: StartFfmpegOptions): FfmpegRun;
}

type FfmpegProc = { pid?: number; kill(signal?: NodeJS.Signals): boolean; stdin: Writable | null };

/** ffmpeg for `opts`: one of `opts.spares` when one waits with these arguments, else started now. */
export function startFfmpeg(opts: StartFfmpegOptions): FfmpegRun {
  return opts.spares ? opts.spares.start(opts) : launchFfmpeg(opts);
}

/** Spawns ffmpeg through fluent-ffmpeg, its stderr tail kept for the error message. */
export function launchFfmpeg(opts: StartFfmpegOptions): FfmpegRun {
  let tail = '';
  let killed = false;
  let proc: FfmpegProc | undefined;
  let spawned!: (stdin: Writable) => void;
  const stdin = new Promise<Writable>((resolve) => (spawned = resolve));
  const cmd = ffmpeg({ stdoutLines: 20 })
    .setFfmpegPath(opts.ffmpegPath)
    .input(opts.input)
    .inputOptions(opts.inputOptions);
  for (const extra of opts.extraInputs ?? []) cmd.input(extra.source).inputOptions(extra.options);
  cmd
    .outputOptions(opts.outputOptions)
    .output(opts.output);

  const kill = () => {
    killed = true;
    proc?.kill('SIGKILL');
  };
  const onAbort = () => kill();

  const done = new Promise<void>((resolve, reject) => {
    cmd.on('start', () => {
      proc = (cmd as unknown as { ffmpegProc?: typeof proc }).ffmpegProc;
      if (killed) proc?.kill('SIGKILL');
      else if (proc?.pid) opts.onSpawn?.(proc.pid);
      if (opts.input === 'pipe:0' && proc?.stdin) {
        proc.stdin.on('error', () => undefined);
        if (opts.stdinText !== undefined) proc.stdin.end(opts.stdinText);
        spawned(proc.stdin);
      }
    });
    cmd.on('stderr', (line: string) => {
      tail = (tail + line + '\n').slice(-STDERR_TAIL_BYTES);
    });
    cmd.on('error', (err: Error) => {
      // Our own kill is a cancellation whatever ffmpeg printed; anything else is an encoder failure.
      if (killed || opts.signal?.aborted) reject(new RenderFailure('cancelled', `${opts.what}: cancelled`));
      else reject(new RenderFailure('encode_failed', `${opts.what}: ${err.message}\n${tail.trim()}`.trim(), true));
    });
    cmd.on('end', () => resolve());
  }).finally(() => opts.signal?.removeEventListener('abort', onAbort));

  if (opts.signal?.aborted) kill();
  else opts.signal?.addEventListener('abort', onAbort, { once: true });
  cmd.run();
  return { done, kill, pid: () => proc?.pid, stdin, spare: false };
}

/**
 * Runs ffmpeg to completion into `<output>.partial` and renames that to `output` once ffmpeg exited 0 and `check`
 * (if any) accepted it, so a failed or cancelled run never leaves a file that looks finished.
 */
export async function runFfmpegToFile(opts: StartFfmpegOptions, check?: (partial: string) => Promise<void>): Promise<void> {
  const partial = `${opts.output}.partial`;
  try {
    await startFfmpeg({ ...opts, output: partial }).done;
    await check?.(partial);
    await rename(partial, opts.output);
  } finally {
    await rm(partial, { force: true });
  }
}
