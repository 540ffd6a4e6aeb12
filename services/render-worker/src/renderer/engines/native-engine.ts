import sharp from 'sharp';
import { MAX_CANVAS_EDGE } from '../compose-document';
import { RenderFailure } from '../types';
import type { EngineAssets, EngineRenderInput, EngineRenderOutput, ImageEngine } from './image-engine';
import { fetchResource } from './native/fetch-resource';
import type { NativeJob } from './native/native-job';
import type { ImageSizes } from './native/native-layout-facts';
import { NativeProcessPool, type NativePoolLogger } from './native/native-process-pool';
import { nativeUaStylesheet } from './native/native-ua-stylesheet';
import { fetchedAssetsOf, nativeWarnings } from './native/native-warnings';
import { prepareNativeDocument, type NativeDocument } from './native/prepare-native-document';
import { inlinePinnedStylesheets } from './native/inline-pinned-stylesheets';

/** An image larger than this is refused before the engine decodes it (a small file can declare a huge raster). */
export const MAX_IMAGE_SOURCE_PIXELS = 40_000_000;

export interface NativeEngineOptions {
  /** Engine processes (NATIVE_ENGINE_PROCESSES); each draws one render at a time. */
  processes: number;
  logger?: NativePoolLogger;
}

export interface NativeEngine extends ImageEngine {
  /** Pids of the running engine processes (fault tests, logs). */
  pids(): number[];
  close(): Promise<void>;
}

/**
 * The browser-free engine (takumi, docs/engines.md). In the worker: the document becomes takumi's node tree
 * (prepare-native-document.ts) and every image and @font-face file it references is fetched through the platform's
 * guard (fetch-resource.ts); in an engine process (native-process-pool.ts): shrink-to-fit, the raster and its
 * encoding by takumi itself, and the thumbnail drawn small from the same tree. One deadline covers all of it.
 */
export function createNativeEngine(opts: NativeEngineOptions): NativeEngine {
  const pool = new NativeProcessPool({ size: opts.processes, logger: opts.logger });
  return {
    name: 'native',
    pids: () => pool.pids(),
    close: () => pool.close(),
    async render(input: EngineRenderInput, signal?: AbortSignal): Promise<EngineRenderOutput> {
      const { width, height, format } = input;
      checkInput(input);
      if (format === 'pdf') throw new RenderFailure('template_invalid', 'the native engine draws png, jpeg and webp; pdf renders with Chromium');
      const started = Date.now();
      const deadline = AbortSignal.timeout(input.timeoutMs);
      const all = signal ? AbortSignal.any([signal, deadline]) : deadline;
      const doc = prepareNativeDocument(await inlinePinnedStylesheets(input.document, input.assets.pinned));
      const { images, fonts, imageSizes } = await fetchAll(doc, input.assets, all).catch((err: unknown) => {
        if (deadline.aborted) throw new RenderFailure('render_timeout', `images and fonts did not load within ${input.timeoutMs} ms`);
        throw err;
      });
      const job: Omit<NativeJob, 'id'> = {
        node: doc.node,
        css: [nativeUaStylesheet({ transparent: input.transparent === true }), ...doc.css],
        width,
        height,
        format,
        quality: Math.min(100, Math.max(1, Math.round(input.quality ?? 90))),
        thumbnailWidth: input.thumbnailWidth ?? 320,
        transparent: input.transparent === true,
        fitPaths: doc.fitPaths,
        images,
        fonts,
        ...(input.warnFor ? { warnFor: input.warnFor, imageSizes } : {}),
      };
      const out = await pool.run(job, { timeoutMs: Math.max(1, input.timeoutMs - (Date.now() - started)), signal });
      const image = Buffer.from(out.image.buffer, out.image.byteOffset, out.image.byteLength);
      if (image.length === 0) throw new RenderFailure('encode_failed', 'the native engine produced an empty image', true);
      const thumbnail = out.thumbnail ? Buffer.from(out.thumbnail.buffer, out.thumbnail.byteOffset, out.thumbnail.byteLength) : undefined;
      const warnings = out.facts ? await nativeWarnings(out.facts, fonts).catch(() => undefined) : undefined;
      const fetchedAssets = fetchedAssetsOf([...images.map((i) => ({ url: i.src, data: i.data })), ...fonts.map((f, i) => ({ url: doc.fontFaces[i]!.src, data: f.data }))]);
      return { image, thumbnail, width, height, format, engine: 'native', engineVersion: pool.version, warnings, fetchedAssets };
    },
  };
}

function checkInput({ width, height, timeoutMs }: EngineRenderInput): void {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1 || width > MAX_CANVAS_EDGE || height > MAX_CANVAS_EDGE) {
    throw new RenderFailure('template_invalid', `canvas must be 1-${MAX_CANVAS_EDGE} px wide and high, got ${width}x${height}`);
  }
  if (!(timeoutMs > 0)) throw new RenderFailure('template_invalid', 'timeoutMs must be positive');
}

/** Every referenced image and font, fetched at once; the first refusal fails the render as on Chromium. */
async function fetchAll(doc: NativeDocument, assets: EngineAssets, signal: AbortSignal): Promise<Pick<NativeJob, 'images' | 'fonts'> & { imageSizes: ImageSizes }> {
  const imageSizes: ImageSizes = {};
  const [images, fonts] = await Promise.all([
    Promise.all(
      doc.imageUrls.map(async (src) => {
        const data = await fetchResource(src, assets, { kind: 'image', signal });
        imageSizes[src] = await checkImage(src, data);
        return { src, data };
      }),
    ),
    Promise.all(
      doc.fontFaces.map(async (f) => ({
        family: f.family,
        ...(f.weight ? { weight: f.weight } : {}),
        ...(f.style ? { style: f.style } : {}),
        data: await fetchResource(f.src, assets, { kind: 'font', signal }),
      })),
    ),
  ]);
  return { images, fonts, imageSizes };
}

/** Header only: an undecodable file fails as on Chromium, a decompression bomb before it is decoded. */
async function checkImage(src: string, data: Buffer): Promise<[number, number]> {
  const shown = src.slice(0, 200);
  const meta = await sharp(data).metadata().catch(() => null);
  if (!meta?.width || !meta.height) throw new RenderFailure('asset_unreachable', `image ${shown} could not be decoded`);
  if (meta.width * meta.height > MAX_IMAGE_SOURCE_PIXELS) {
    throw new RenderFailure('asset_too_large', `image ${shown} is ${meta.width}x${meta.height}, more than ${MAX_IMAGE_SOURCE_PIXELS} pixels`);
  }
  return [meta.width, meta.height];
}
