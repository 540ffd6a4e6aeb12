/**
 * Entry of one native engine process (forked by native-process-pool.ts with an IPC channel). takumi runs here, not in
 * the worker: a panic that aborts or a fault that kills this process fails the one render it was drawing, and the
 * pool starts another. It registers the system faces once, then draws one job at a time as the worker sends them.
 * It reads no file but the font files and fetches nothing: every image and uploaded font arrives as bytes.
 */
import fs from 'node:fs';
import crypto from 'node:crypto';
import { Renderer, type Node, type RenderOptions } from '@takumi-rs/core';
import sharp from 'sharp';
import { SYSTEM_FACES } from './system-fonts';
import { svgFrames } from '../image/svg-frames';
import { fitText } from '../image/fit-text';
import { LruMap } from '@rp/workflow-safe';
import { encodeRaw, encodesFromRaw } from '../image/encode-raw';
import { THUMBNAIL_JPEG } from '../../../encode-outputs';
import { nativeLayoutFacts } from '../image/native-layout-facts';
import { drawVideoFrames } from '../video/draw-video-frames';
import { takumiVersion } from './takumi-version';
import { withRejectedDeclarationsDropped } from './drop-rejected-declarations';
import { warmFfmpeg } from '../../../ffmpeg/warm-ffmpeg';
import { createFfmpegSpares } from '../../../ffmpeg/ffmpeg-spares';
import type { NativeCancel, NativeJob, NativeProcessMessage, NativeReply, NativeVideoJob, NativeVideoReply } from './native-job';

/** Renderers with a template's uploaded fonts, by their font set; each also holds the system faces. */
const FONT_SET_RENDERERS = 4;

// one job at a time per process, each input new: no libvips thread fan-out, no operation cache to fill
sharp.concurrency(1);
sharp.cache(false);

// once the worker is gone a send fails through its callback (else an 'error' event would kill the process before
// it has stopped its chunks' ffmpegs)
const send = (msg: NativeProcessMessage) => {
  if (process.connected) process.send?.(msg, undefined, undefined, () => undefined);
};
const systemFonts = SYSTEM_FACES.flatMap((f) => {
  try {
    return [{ ...f, data: fs.readFileSync(f.file) }];
  } catch {
    return [];
  }
});

async function newRenderer(): Promise<Renderer> {
  const renderer = new Renderer();
  for (const f of systemFonts) await renderer.registerFont({ data: f.data, name: f.name, weight: f.weight, style: f.style, ...(f.generic ? { generic: f.generic } : {}) });
  return renderer;
}

/** A renderer and the indexes of the job's fonts it refused (not fonts: their families fall through, as in Chromium). */
interface FontedRenderer {
  renderer: Renderer;
  refused: number[];
}

const base: Promise<FontedRenderer> = newRenderer().then((renderer) => ({ renderer, refused: [] }));
const withFonts = new LruMap<string, Promise<FontedRenderer>>(FONT_SET_RENDERERS);

/**
 * A renderer that knows exactly the system faces and this job's uploaded ones, so one org's `Brand` never draws
 * another org's text: renderers are keyed by the font set's content, kept for the next render of the template. A
 * font takumi refuses (not a font, corrupt tables) is left out, as Chromium's sanitizer leaves it out: every
 * font-family list that names its family goes on to its next family (takumi skips a family it does not know).
 */
async function rendererFor(job: Pick<NativeJob, 'fonts'>): Promise<FontedRenderer> {
  if (job.fonts.length === 0) return base;
  const hash = crypto.createHash('sha256');
  for (const f of job.fonts) hash.update(`${f.family}\0${f.weight ?? ''}\0${f.style ?? ''}\0`).update(f.data);
  const key = hash.digest('hex');
  return withFonts.getOrSet(key, () => {
    const renderer = (async () => {
      const r = await newRenderer();
      const refused: number[] = [];
      for (const [i, f] of job.fonts.entries()) {
        await r.registerFont({ name: f.family, data: f.data, ...(f.weight ? { weight: f.weight } : {}), ...(f.style ? { style: f.style } : {}) }).catch(() => refused.push(i));
      }
      return { renderer: r, refused };
    })();
    // a renderer that could not be made is tried again by the next render, not kept failed
    renderer.catch(() => withFonts.delete(key));
    return renderer;
  });
}

async function draw(job: NativeJob): Promise<NativeReply> {
  let renderer: Renderer;
  let refused: number[];
  try {
    ({ renderer, refused } = await rendererFor(job));
  } catch (err) {
    return { id: job.id, kind: 'failed', code: 'font_load_failed', message: `an @font-face font was refused: ${(err as Error).message}` };
  }
  const images = job.images.map((i) => ({ src: i.src, data: i.data }));
  const opts: RenderOptions = { width: job.width, height: job.height, css: job.css, images, ...(job.timeMs ? { timeMs: job.timeMs } : {}) };
  const root = job.node as Node;
  try {
    const { result, dropped } = await withRejectedDeclarationsDropped(root, async () => {
      if (job.fitPaths.length > 0) await fitText(renderer, root, job.fitPaths, opts);
      // inline SVGs that move: drawn at the same instant as the document's CSS animations
      const node = svgFrames(root)?.at(root, job.timeMs ?? 0) ?? root;
      // after fit, before the raster: the boxes the image shows (warnings never fail the render)
      const facts = job.warnFor ? await nativeLayoutFacts(renderer, node, opts, job.warnFor, job.imageSizes ?? {}).catch(() => undefined) : undefined;
      // the thumbnail is the same tree drawn small (devicePixelRatio), not a scaled copy of the full-size raster
      const scale = job.thumbnailWidth > 0 && job.format !== 'raw' ? Math.min(1, job.thumbnailWidth / job.width) : 0;
      const [image, thumbnail] = await Promise.all([
        drawImage(renderer, node, opts, job),
        scale > 0 ? drawThumbnail(renderer, node, opts, job, scale) : Promise.resolve(undefined),
      ]);
      return { image, thumbnail, facts };
    });
    const { image, thumbnail, facts } = result;
    return {
      id: job.id,
      kind: 'done',
      image,
      ...(thumbnail ? { thumbnail } : {}),
      ...(facts ? { facts } : {}),
      ...(refused.length ? { refusedFonts: refused } : {}),
      ...(dropped.length ? { droppedDeclarations: dropped } : {}),
    };
  } catch (err) {
    return { id: job.id, kind: 'failed', code: 'template_invalid', message: `the native engine could not draw this template: ${(err as Error).message}` };
  }
}

/**
 * The thumbnail: the same tree drawn small, its pixels encoded by libvips (takumi's JPEG encoder took more than half
 * of the thumbnail's 5 ms on the bench card), on white where the canvas is transparent.
 */
async function drawThumbnail(renderer: Renderer, node: Node, opts: RenderOptions, job: NativeJob, scale: number): Promise<Buffer> {
  const width = Math.max(1, Math.round(job.width * scale));
  const height = Math.max(1, Math.round(job.height * scale));
  const data = await renderer.render(node, { ...opts, width, height, devicePixelRatio: scale, format: 'raw' });
  return encodeRaw({ data, width, height }, { format: 'jpeg', ...THUMBNAIL_JPEG, transparent: job.transparent });
}

/** The full-size image: png and jpeg as raw pixels encoded by libvips (encode-raw.ts), webp by takumi itself. */
async function drawImage(renderer: Renderer, node: Node, opts: RenderOptions, job: NativeJob): Promise<Buffer> {
  const { format } = job;
  if (format === 'raw') return renderer.render(node, { ...opts, format: 'raw' });
  if (!encodesFromRaw(format)) return renderer.render(node, { ...opts, format, quality: job.quality });
  const data = await renderer.render(node, { ...opts, format: 'raw' });
  return encodeRaw({ data, width: job.width, height: job.height }, { format, quality: job.quality, transparent: job.transparent });
}

// the ffmpeg path arrives as the process's one argument (native-process-pool.ts)
const ownFfmpeg = process.argv[2] ?? 'ffmpeg';
/**
 * The segment encoders of this process's next chunks, started while it waits (ffmpeg-spares.ts): for its own ffmpeg,
 * readied at boot. A chunk naming another (a test's wrapper that needs its output's name when it starts) gets its own.
 */
const spares = createFfmpegSpares();

/** Video chunks being drawn, by job id: a cancel aborts one (its ffmpeg killed, its partial output removed). */
const videos = new Map<number, { abort: AbortController; done: Promise<unknown> }>();
/** How long a worker-less process waits for its chunks' ffmpegs to be killed and partial files removed. */
const EXIT_CLEANUP_MS = 1000;

async function drawVideo(job: NativeVideoJob): Promise<NativeVideoReply> {
  let renderer: Renderer;
  try {
    ({ renderer } = await rendererFor(job));
  } catch (err) {
    return { id: job.id, kind: 'failed', code: 'font_load_failed', message: `an @font-face font was refused: ${(err as Error).message}` };
  }
  const abort = new AbortController();
  const done = drawVideoFrames(renderer, job, send, abort.signal, (job.encoder.ffmpegPath ?? 'ffmpeg') === ownFfmpeg ? spares : undefined);
  videos.set(job.id, { abort, done });
  try {
    return await done;
  } finally {
    videos.delete(job.id);
  }
}

process.on('message', (m: NativeJob | NativeVideoJob | NativeCancel) => {
  if (m.kind === 'cancel') videos.get(m.id)?.abort.abort();
  else if (m.kind === 'video') void drawVideo(m).then(send);
  else void draw(m).then(send);
});
// the worker is gone (any way, SIGKILL included): nothing left to draw for; a chunk's ffmpeg is killed and its
// partial output removed first, or it would finish a file no one will upload
process.on('disconnect', () => {
  const drawing = [...videos.values()];
  for (const v of drawing) v.abort.abort();
  spares.close();
  void Promise.race([Promise.allSettled(drawing.map((v) => v.done)), new Promise((r) => setTimeout(r, EXIT_CLEANUP_MS))]).then(() => process.exit(0));
});

// a failure here shows on the first chunk, whose own command then checks again
const ffmpegReady = warmFfmpeg(ownFfmpeg).catch(() => undefined);

void Promise.all([base, ffmpegReady]).then(() => {
  const loaded = new Set(systemFonts.map((f) => f.file));
  send({ kind: 'ready', version: takumiVersion(), skippedFonts: SYSTEM_FACES.filter((f) => !loaded.has(f.file)).map((f) => f.file) });
});
