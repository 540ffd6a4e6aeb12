import sharp from 'sharp';
import { RenderFailure } from '../../types';
import type { EngineAssets } from '../image-engine';
import { fetchResource } from './fetch-resource';
import { inlinePinnedStylesheets } from './inline-pinned-stylesheets';
import type { ImageSizes } from './native-layout-facts';
import type { NativeDrawing } from './native-job';
import { nativeUaStylesheet } from './native-ua-stylesheet';
import { prepareNativeDocument, type NativeDocument } from './prepare-native-document';

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
}

/**
 * What an engine process needs to draw a document, made once in the worker for an image, a video chunk's every
 * frame or a parity frame: pinned stylesheets inlined, the node tree (prepare-native-document.ts), every image and
 * @font-face file fetched once through the platform's guard (fetch-resource.ts).
 */
export async function prepareNativeDrawing(input: DrawingInput, signal?: AbortSignal): Promise<PreparedDrawing> {
  const deadline = AbortSignal.timeout(input.timeoutMs);
  const all = signal ? AbortSignal.any([signal, deadline]) : deadline;
  const doc = prepareNativeDocument(await inlinePinnedStylesheets(input.document, input.assets.pinned));
  const { images, fonts, imageSizes } = await fetchAll(doc, input.assets, all).catch((err: unknown) => {
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
  return { drawing, doc, imageSizes };
}

/** Every referenced image and font, fetched at once; the first refusal fails the render as on Chromium. */
async function fetchAll(doc: NativeDocument, assets: EngineAssets, signal: AbortSignal): Promise<Pick<NativeDrawing, 'images' | 'fonts'> & { imageSizes: ImageSizes }> {
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
