import crypto from 'node:crypto';
import type { ImageSource, Node, Renderer, RenderOptions } from '@takumi-rs/core';
import { backgroundCacheRefusal } from './background-cache-refusal';

/**
 * The image source a cached raster is given under: not a URL, so no template image can share it, and named by its
 * bytes, so takumi's decoded-image cache (kept per process across chunks) never hands one chunk another's raster.
 */
export const BACKGROUND_LAYER_PREFIX = 'rp-background-layer:';

export type BackgroundLayer =
  | { applied: true; node: Node; images: ImageSource[] }
  | { applied: false; reason: string };

type DrawOptions = Pick<RenderOptions, 'css'> & { width: number; height: number; images: ImageSource[] };

/** The document with every node inside body hidden: the boxes keep their layout, only html and body paint. */
function backgroundOnly(html: Node & { type: 'container' }): Node {
  const hide = (n: Node): Node => ({
    ...n,
    style: { ...n.style, visibility: 'hidden' },
    ...(n.type === 'container' ? { children: (n.children ?? []).map(hide) } : {}),
  } as Node);
  const body = html.children![0]! as Node & { type: 'container' };
  return { ...html, children: [{ ...body, children: (body.children ?? []).map(hide) }] };
}

const withoutBackground = (style: Node['style']) => Object.fromEntries(Object.entries(style ?? {}).filter(([k]) => !k.startsWith('background')));

/**
 * The document whose root background is the cached raster: html paints it once at the viewport's origin at its
 * own size (no scaling, so the pixels are the raster's), body paints none. Inline styles win over the stylesheets
 * because backgroundCacheRefusal refused an `!important` background on html or body.
 */
function withRasterBackground(html: Node & { type: 'container' }, src: string): Node {
  const body = html.children![0]!;
  const raster = {
    backgroundImage: `url("${src}")`,
    backgroundPosition: '0 0',
    // the raster's intrinsic size is the viewport's: `auto` draws it unscaled, 0.4-0.7 ms a 720p frame cheaper in
    // takumi than the same size spelled in px (docs/video.md)
    backgroundSize: 'auto',
    backgroundRepeat: 'no-repeat',
    backgroundOrigin: 'border-box',
    backgroundClip: 'border-box',
    backgroundColor: 'transparent',
  };
  const noBackground = { backgroundImage: 'none', backgroundColor: 'transparent' };
  return {
    ...html,
    style: { ...withoutBackground(html.style), ...raster },
    children: [{ ...body, style: { ...withoutBackground(body.style), ...noBackground } } as Node],
  } as Node;
}

/** Whether html's box covers the viewport, untransformed: the raster, put at its origin, then covers every pixel. */
async function rootCoversViewport(renderer: Renderer, node: Node, opts: DrawOptions): Promise<boolean> {
  const m = await renderer.measure(node, opts);
  const [a, b, c, d, x, y] = m.transform;
  return a === 1 && b === 0 && c === 0 && d === 1 && x <= 0 && y <= 0 && x + m.width >= opts.width && y + m.height >= opts.height;
}

/**
 * The static background layer of a native video chunk (docs/video.md, "Native videos"): when the document's root
 * background cannot change over time (backgroundCacheRefusal), it is drawn once, html and body alone with every
 * node inside body `visibility: hidden` (layout unchanged, so body's box and its background are the frames'), and
 * each frame then draws that raster as html's only background instead of recomputing gradients and images.
 * Chromium's compositor does the same with a static layer; takumi would otherwise redraw it on every frame.
 */
export async function backgroundLayer(renderer: Renderer, node: Node, opts: DrawOptions): Promise<BackgroundLayer> {
  const reason = backgroundCacheRefusal(node, opts.css ?? []);
  if (reason) return { applied: false, reason };
  if (!(await rootCoversViewport(renderer, node, opts))) return { applied: false, reason: 'root_box_not_viewport' };
  const html = node as Node & { type: 'container' };
  const raster = await renderer.render(backgroundOnly(html), { ...opts, format: 'png', timeMs: 0 });
  const src = BACKGROUND_LAYER_PREFIX + crypto.createHash('sha256').update(raster).digest('hex');
  return { applied: true, node: withRasterBackground(html, src), images: [...opts.images, { src, data: raster }] };
}
