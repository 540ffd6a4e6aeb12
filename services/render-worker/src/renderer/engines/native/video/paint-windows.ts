import type { CssInput, Node } from '@takumi-rs/core';
import { isKeyframesRule, parseAnimations, type ParsedAnimation, parseCss } from '@rp/engine-gate';
import { eachDeclaration } from '../image/each-declaration';

/**
 * An interval of the timeline, in ms: [start, end], and the keyframes that paint in it when they are known (an
 * `animation` item naming the document's keyframes, alone in its declaration); without them, anything may change.
 */
export type Window = readonly [start: number, end: number, keyframes?: string];

/**
 * Properties whose every change moves or resizes a box, which takumi's `measure` then reports: a frame in which only
 * these animate can be told apart from the previous one by its layout alone (damaged-rows.ts).
 */
const GEOMETRIC = new Set([
  'transform', 'translate', 'rotate', 'scale', 'transform-origin', 'left', 'top', 'right', 'bottom', 'inset',
  'width', 'height', 'margin', 'margin-left', 'margin-top', 'margin-right', 'margin-bottom',
]);
const TIMING_PROPS = new Set(['animation-timing-function', 'offset']);
const TRANSFORMS = new Set(['transform', 'translate', 'rotate', 'scale']);
const IMPORTANT_TRANSFORM = /(?:transform|translate|rotate|scale)\s*:[^;}]*!\s*important/i;

/** Each `@keyframes` of the sheets: whether it animates anything but geometry. Null when a sheet cannot be read. */
function keyframesPaint(css: readonly CssInput[]): Map<string, boolean> | null {
  const paint = new Map<string, boolean>();
  for (const sheet of css) {
    if (typeof sheet !== 'string') return null;
    try {
      parseCss(sheet).walkAtRules((rule) => {
        if (!isKeyframesRule(rule)) return;
        let p = paint.get(rule.params.trim()) ?? false;
        rule.walkDecls((d) => void (p ||= !GEOMETRIC.has(d.prop.toLowerCase()) && !TIMING_PROPS.has(d.prop.toLowerCase())));
        paint.set(rule.params.trim(), p);
      });
    } catch {
      return null;
    }
  }
  return paint;
}

/** One animation of an `animation` shorthand: its window, when its keyframes change more than geometry. */
function shorthandWindow(a: ParsedAnimation, paint: Map<string, boolean>): Window | null {
  if (a.name === null) return null;
  // keyframes that are not the document's (or are written in a way not read here, quoted): what they animate is not known
  if (!paint.has(a.name)) return [-Infinity, Infinity];
  if (!paint.get(a.name)) return null;
  return [a.delayMs, a.delayMs + a.durationMs * a.iterations, a.name];
}

/** A window without its keyframes' name: what changes in it is not known. */
const unnamed = ([start, end]: Window): Window => [start, end];

/** The windows of one `animation` value: an item sharing its element with other animations loses its keyframes' name. */
function declarationWindows(value: string, paint: Map<string, boolean>): Window[] {
  const items = parseAnimations(value);
  const windows = items.map((a) => shorthandWindow(a, paint)).filter((w): w is Window => w !== null);
  // another animation of the same element could set the transform a probe marks it with (paint-probe.ts)
  return items.length > 1 ? windows.map(unnamed) : windows;
}

/**
 * The windows of a native video's timeline during which something other than a box's place or size may change:
 * an animation whose keyframes touch opacity, colour, filters and the like, and every transition, over
 * [delay, delay + duration * iterations], named by their keyframes where the paint probe can find what they paint
 * (paint-probe.ts). Outside them, a frame differs from the one before only where takumi's layout says a box moved
 * (damaged-rows.ts). `staticFrom` (static-from-ms.ts) bounds what cannot be split per animation (longhands,
 * transitions). Null when the document's animations cannot be read: every frame is drawn whole.
 */
export function paintWindows(node: Node, css: readonly CssInput[], staticFrom: number): Window[] | null {
  if (!Number.isFinite(staticFrom)) return null;
  const paint = keyframesPaint(css);
  if (!paint) return null;
  const windows: Window[] = [];
  const whole: Window = [-Infinity, staticFrom];
  // an important transform would outrank the transform a probe marks elements with (paint-probe.ts)
  let important = css.some((sheet) => typeof sheet === 'string' && IMPORTANT_TRANSFORM.test(sheet));
  const readable = eachDeclaration(node, css, (prop, value) => {
    if (TRANSFORMS.has(prop) && /!important/i.test(value)) important = true;
    if (prop === 'animation') windows.push(...declarationWindows(value, paint));
    else if (prop.startsWith('animation-') || prop.startsWith('transition')) windows.push(whole);
  });
  if (!readable) return null;
  return important ? windows.map(unnamed) : windows;
}

const meets = ([start, end]: Window, from: number, to: number) => from < end && to >= start;

/** Whether something other than geometry may change between the instants `from` (excluded) and `to` (included). */
export const paintChanges = (windows: readonly Window[], from: number, to: number): boolean => windows.some((w) => meets(w, from, to));

/** Whether what may change between `from` and `to`, other than geometry, is not known by keyframes: draw whole. */
export const unknownChanges = (windows: readonly Window[], from: number, to: number): boolean => windows.some((w) => w[2] === undefined && meets(w, from, to));
