import sharp from 'sharp';
import { imagesShown } from '@rp/engine-gate';
import type { RenderWarning } from '@rp/workflow-safe';
import { RenderFailure } from '../../../types';
import { withoutFragment } from '../../../request-guard';
import { fontFallbackWarning, hiddenImageWarning } from '../../../resource-verdict';
import type { EngineAssets } from '../../image-engine';
import { fetchResource } from './fetch-resource';
import { inlinePinnedStylesheets } from './inline-pinned-stylesheets';
import type { ImageSizes } from './native-layout-facts';
import type { NativeDrawing } from '../process/native-job';
import { nativeUaStylesheet } from './native-ua-stylesheet';
import { BLANK, prepareNativeDocument, type NativeDocument } from './prepare-native-document';

/** An image larger than this is refused before the engine decodes it (a small file can declare a huge raster). */
export const MAX_IMAGE_SOURCE_PIXELS = 40_000_000;

export interface DrawingInput {
  /** The bound, composed HTML document. */
  document: string;
  width: number;
  height: number;
  transparent?: boolean;
  assets: EngineAssets;
  /** Cap on the fetches. */
  timeoutMs: number;
}

export interface PreparedDrawing {
  drawing: NativeDrawing;
  doc: NativeDocument;
  imageSizes: ImageSizes;
  /** Every image and font file fetched, with its bytes (provenance); `drawing.fonts[i]` is `fonts[i]` here. */
  fetched: { images: Array<{ url: string; data: Uint8Array }>; fonts: Array<{ url: string; data: Uint8Array }> };
  /** The template's own images and fonts the drawing goes on without (resource-verdict.ts has Chromium's). */
  warnings: RenderWarning[];
}

/**
 * What an engine process needs to draw a document, made once in the worker for an image, a video chunk's every
 * frame or a parity frame: pinned stylesheets inlined, the node tree (prepare-native-document.ts), every image and
 * @font-face file fetched once through the platform's guard (fetch-resource.ts).
 */
export async function prepareNativeDrawing(input: DrawingInput, signal?: AbortSignal): Promise<PreparedDrawing> {
  const deadline = AbortSignal.timeout(input.timeoutMs);
  const all = signal ? AbortSignal.any([signal, deadline]) : deadline;
  const html = await inlinePinnedStylesheets(input.document, input.assets.pinned);
  const doc = prepareNativeDocument(html, { width: input.width, height: input.height });
  const { images, fonts, imageSizes, fetched, warnings } = await fetchAll(doc, html, input.assets, all).catch((err: unknown) => {
    if (deadline.aborted) throw new RenderFailure('render_timeout', `images and fonts did not load within ${input.timeoutMs} ms`);
    throw err;
  });
  const transparent = input.transparent === true;
  const drawing: NativeDrawing = {
    node: doc.node,
    css: [nativeUaStylesheet({ transparent }), ...doc.css],
    width: input.width,
    height: input.height,
    transparent,
    fitPaths: doc.fitPaths,
    images,
    fonts,
  };
  return { drawing, doc, imageSizes, fetched, warnings };
}

/** What a browser draws in place of an image it could not load where nothing shows it: nothing (a transparent pixel). */
const NOTHING = Buffer.from(BLANK.slice(BLANK.indexOf(',') + 1), 'base64');

/**
 * A load a browser goes on without: the template's own image or font (not a URL the render's modifications bind)
 * that could not be had (`asset_unreachable`: an error answer, a missing asset, a relative URL, one unresolved at
 * save, bytes that do not decode). A refusal (`ssrf_blocked`), a cap and storage trouble fail the render as before.
 */
const tolerable = (err: unknown, url: string, assets: EngineAssets, signal: AbortSignal): err is RenderFailure =>
  err instanceof RenderFailure && err.code === 'asset_unreachable' && !err.retryable && !signal.aborted && !assets.required?.has(withoutFragment(url));

type Fetched = Pick<NativeDrawing, 'images' | 'fonts'> & Pick<PreparedDrawing, 'imageSizes' | 'fetched' | 'warnings'>;

/**
 * Every referenced image and font, fetched at once, as a browser loads them: a failed image of the template that
 * the document does not show (imagesShown: display:none, hidden, visibility:hidden, zero size) is drawn as nothing,
 * with `image_failed`; a failed font is left out, its family list falling through (takumi skips a family it does not
 * have), with `font_load_failed`. Anything else fails the render, as on Chromium.
 */
async function fetchAll(doc: NativeDocument, html: string, assets: EngineAssets, signal: AbortSignal): Promise<Fetched> {
  const imageSizes: ImageSizes = {};
  const failedImages = new Map<string, RenderFailure>();
  const warnings: RenderWarning[] = [];
  const [images, fonts] = await Promise.all([
    Promise.all(doc.imageUrls.map(async (src) => {
      try {
        const data = await fetchResource(src, assets, { kind: 'image', signal });
        imageSizes[src] = await checkImage(src, data);
        return [{ src, data }];
      } catch (err) {
        if (!tolerable(err, src, assets, signal)) throw err;
        failedImages.set(src, err);
        return [];
      }
    })).then((l) => l.flat()),
    Promise.all(doc.fontFaces.map(async (f) => {
      try {
        return [{ face: f, data: await fetchResource(f.src, assets, { kind: 'font', signal }) }];
      } catch (err) {
        if (!tolerable(err, f.src, assets, signal)) throw err;
        warnings.push(fontFallbackWarning(f.family, err.message));
        return [];
      }
    })).then((l) => l.flat()),
  ]);
  const shown = failedImages.size ? imagesShown(html, [...failedImages.keys()]) : new Map<string, boolean>();
  for (const [src, failure] of failedImages) {
    if (shown.get(src) !== false) throw failure;
    warnings.push(hiddenImageWarning(src, failure.message, null));
  }
  return {
    images: [...images, ...[...failedImages.keys()].map((src) => ({ src, data: NOTHING }))],
    fonts: fonts.map(({ face, data }) => ({ family: face.family, ...(face.weight ? { weight: face.weight } : {}), ...(face.style ? { style: face.style } : {}), data })),
    imageSizes,
    fetched: { images: images.map((i) => ({ url: i.src, data: i.data })), fonts: fonts.map((f) => ({ url: f.face.src, data: f.data })) },
    warnings,
  };
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
