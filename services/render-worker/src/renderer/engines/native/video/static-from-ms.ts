import type { CssInput, ImageSource, Node } from '@takumi-rs/core';
import { cssTimeMs, parseAnimations, splitTopLevel } from '@rp/engine-gate';
import { eachDeclaration } from '../image/each-declaration';

/** Upper bounds over every timing declaration of a document, whichever element it applies to. */
interface Bounds {
  animationDelay: number;
  animationDuration: number;
  iterations: number;
  transitionDelay: number;
  transitionDuration: number;
  /** Something repeats forever, is paused, or could not be read. */
  open: boolean;
}

const ITERATION = /^\d*\.?\d+$/;
const maxOf = (xs: Array<number | null>) => Math.max(0, ...xs.map((x) => x ?? 0));

/** A comma list of times: the largest, or open when one is not a time. */
function maxTime(value: string, b: Bounds): number {
  const times = splitTopLevel(value, ',').map((t) => cssTimeMs(t.trim()));
  if (times.some((t) => t == null)) b.open = true;
  return maxOf(times);
}

function animationShorthand(value: string, b: Bounds): void {
  for (const a of parseAnimations(value)) {
    b.animationDuration = Math.max(b.animationDuration, a.durationMs);
    b.animationDelay = Math.max(b.animationDelay, a.delayMs);
    if (a.iterations === Infinity || a.playState === 'paused') b.open = true;
    else b.iterations = Math.max(b.iterations, a.iterations);
  }
}

function transitionShorthand(value: string, b: Bounds): void {
  for (const one of splitTopLevel(value, ',')) {
    const times = splitTopLevel(one.trim(), ' ').map(cssTimeMs).filter((t): t is number => t != null);
    b.transitionDuration = Math.max(b.transitionDuration, times[0] ?? 0);
    b.transitionDelay = Math.max(b.transitionDelay, times[1] ?? 0);
  }
}

function declaration(prop: string, raw: string, b: Bounds): void {
  const value = raw.replace(/!important/i, '').trim();
  if (/^(animation|transition)/.test(prop) && /\b(var|calc|env|attr)\(/i.test(value)) b.open = true; // a time not written out
  else if (prop === 'animation') animationShorthand(value, b);
  else if (prop === 'animation-duration') b.animationDuration = Math.max(b.animationDuration, maxTime(value, b));
  else if (prop === 'animation-delay') b.animationDelay = Math.max(b.animationDelay, maxTime(value, b));
  else if (prop === 'animation-iteration-count') {
    for (const n of splitTopLevel(value, ',').map((x) => x.trim())) {
      if (ITERATION.test(n)) b.iterations = Math.max(b.iterations, Number(n));
      else b.open = true; // infinite, or a value not understood
    }
  } else if (prop === 'animation-play-state') b.open ||= /paused/i.test(value);
  else if (prop === 'transition') transitionShorthand(value, b);
  else if (prop === 'transition-duration') b.transitionDuration = Math.max(b.transitionDuration, maxTime(value, b));
  else if (prop === 'transition-delay') b.transitionDelay = Math.max(b.transitionDelay, maxTime(value, b));
}

/** Image bytes that may hold more than one frame (GIF, WebP, APNG) or animate inside (SVG with animation). */
function mayAnimate(data: Uint8Array | ArrayBuffer): boolean {
  const bytes = Buffer.from(data instanceof ArrayBuffer ? new Uint8Array(data) : data);
  if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return true;
  if (bytes.subarray(8, 12).toString('latin1') === 'WEBP') return true;
  if (bytes.subarray(1, 4).toString('latin1') === 'PNG') {
    const actl = bytes.indexOf('acTL', 0, 'latin1');
    return actl >= 0 && (bytes.indexOf('IDAT', 0, 'latin1') < 0 || actl < bytes.indexOf('IDAT', 0, 'latin1'));
  }
  return /<svg[\s>]/i.test(bytes.subarray(0, 4096).toString('utf8')) && /<animate|<set[\s>]|@keyframes|animation/i.test(bytes.toString('utf8'));
}

const DATA_URL = /data:image\/([a-z0-9.+-]+)(;base64)?,([^)'"\s]*)/gi;

/** Whether a `data:` image in this text may move: GIF, WebP and APNG, or a PNG or SVG whose bytes say so. */
function dataUrlsMayAnimate(text: string): boolean {
  for (const [, type, base64, payload] of text.matchAll(DATA_URL)) {
    if (/^(gif|webp|apng)$/i.test(type!)) return true;
    if (!/^(png|svg\+xml)$/i.test(type!)) continue;
    try {
      if (mayAnimate(base64 ? Buffer.from(payload!, 'base64') : Buffer.from(decodeURIComponent(payload!)))) return true;
    } catch {
      return true; // not decodable here: counted as moving
    }
  }
  return false;
}

/** Whether an image of the tree may move: an inline SVG or a `data:` URL in a node's styles or `src`. */
function treeImagesMayAnimate(node: Node): boolean {
  const styles = [node.style, (node as { preset?: Node['style'] }).preset];
  if (styles.some((style) => Object.values(style ?? {}).some((v) => dataUrlsMayAnimate(String(v))))) return true;
  const src = (node as { src?: unknown }).src;
  if (typeof src === 'string' && ((src.startsWith('<svg') && mayAnimate(Buffer.from(src))) || dataUrlsMayAnimate(src))) return true;
  return node.type === 'container' && (node.children ?? []).some(treeImagesMayAnimate);
}

/**
 * The instant (ms) from which a native video's frames stop changing: every CSS animation and transition the
 * document declares has ended. Its bound is the largest delay plus the largest duration times the largest iteration
 * count, over every declaration whether or not it matches an element, so it is never early. Infinity when something
 * repeats forever, is paused, cannot be read (a stylesheet given as an object or that does not parse), or may move
 * without CSS (a GIF, WebP, APNG or animated SVG image): those videos draw every frame. From that instant on, the
 * engine process writes the frame it drew there again instead of drawing it again (draw-video-frames.ts).
 */
export function staticFromMs(node: Node, css: readonly CssInput[], images: readonly ImageSource[] = []): number {
  const b: Bounds = { animationDelay: 0, animationDuration: 0, iterations: 1, transitionDelay: 0, transitionDuration: 0, open: false };
  if (css.some((sheet) => typeof sheet === 'string' && dataUrlsMayAnimate(sheet))) return Infinity;
  if (!eachDeclaration(node, css, (prop, value) => declaration(prop, value, b))) return Infinity;
  if (b.open || treeImagesMayAnimate(node) || images.some((i) => mayAnimate(i.data))) return Infinity;
  return Math.max(b.animationDelay + b.animationDuration * b.iterations, b.transitionDelay + b.transitionDuration);
}
