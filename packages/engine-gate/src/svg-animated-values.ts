import { cssAngleDeg, splitTopLevel } from './css-values';

/** A transform function in the one form interpolation needs: `translateX(a)` is `translate(a, 0)`, `scale(s)` `scale(s, s)`. */
interface TransformFunction {
  name: 'rotate' | 'translate' | 'scale' | 'skewX' | 'skewY';
  args: number[];
}

export type AnimatedValue = { kind: 'transform'; fns: TransformFunction[] } | { kind: 'number'; value: number };

/**
 * What an inline `<svg>`'s keyframes may animate for the native engine to bake each frame's value into the markup
 * (svg-motion.ts): `transform` goes in as the SVG attribute (resvg ignores the CSS property, and applies the
 * element's CSS `transform-origin` to the attribute as Chromium does to the property), the numbers as `style`.
 */
export const SVG_ANIMATED_PROPERTIES = new Set(['transform', 'opacity', 'fill-opacity', 'stroke-opacity', 'stroke-dashoffset', 'stroke-width']);

const LENGTH = /^([+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)(px)?$/i;

const length = (token: string) => {
  const m = LENGTH.exec(token);
  return m && (m[2] || Number(m[1]) === 0) ? Number(m[1]) : null;
};

function number(token: string): number | null {
  if (token.endsWith('%')) return length(token.slice(0, -1)) === null ? null : Number(token.slice(0, -1)) / 100;
  return Number.isFinite(Number(token)) && token.trim() !== '' ? Number(token) : null;
}

/** One transform function, normalised, or null for one the baking does not take (3D, matrix, percentages). */
function transformFunction(name: string, raw: string[]): TransformFunction | null {
  const all = <T>(xs: Array<T | null>) => (xs.every((x) => x !== null) ? (xs as T[]) : null);
  const one = raw.length === 1;
  switch (name.toLowerCase()) {
    case 'rotate': return one && cssAngleDeg(raw[0]!) !== null ? { name: 'rotate', args: [cssAngleDeg(raw[0]!)!] } : null;
    case 'skewx': return one && cssAngleDeg(raw[0]!) !== null ? { name: 'skewX', args: [cssAngleDeg(raw[0]!)!] } : null;
    case 'skewy': return one && cssAngleDeg(raw[0]!) !== null ? { name: 'skewY', args: [cssAngleDeg(raw[0]!)!] } : null;
    case 'translate': { const a = raw.length <= 2 ? all(raw.map(length)) : null; return a ? { name: 'translate', args: [a[0]!, a[1] ?? 0] } : null; }
    case 'translatex': return one && length(raw[0]!) !== null ? { name: 'translate', args: [length(raw[0]!)!, 0] } : null;
    case 'translatey': return one && length(raw[0]!) !== null ? { name: 'translate', args: [0, length(raw[0]!)!] } : null;
    case 'scale': { const a = raw.length <= 2 ? all(raw.map(number)) : null; return a ? { name: 'scale', args: [a[0]!, a[1] ?? a[0]!] } : null; }
    case 'scalex': return one && number(raw[0]!) !== null ? { name: 'scale', args: [number(raw[0]!)!, 1] } : null;
    case 'scaley': return one && number(raw[0]!) !== null ? { name: 'scale', args: [1, number(raw[0]!)!] } : null;
    default: return null;
  }
}

/** A keyframe's value of one of SVG_ANIMATED_PROPERTIES, or null when it cannot be baked. */
export function parseAnimatedValue(property: string, value: string): AnimatedValue | null {
  const v = value.replace(/!\s*important\s*$/i, '').trim();
  if (property !== 'transform') {
    const n = property.endsWith('opacity') ? number(v) : length(v);
    return n === null ? null : { kind: 'number', value: n };
  }
  if (v.toLowerCase() === 'none') return { kind: 'transform', fns: [] };
  const fns: TransformFunction[] = [];
  for (const token of splitTopLevel(v, ' ')) {
    const m = /^([a-zA-Z]+)\((.*)\)$/s.exec(token);
    const fn = m ? transformFunction(m[1]!, splitTopLevel(m[2]!.replace(/,/g, ' '), ' ')) : null;
    if (!fn) return null;
    fns.push(fn);
  }
  return { kind: 'transform', fns };
}

const IDENTITY: Record<TransformFunction['name'], number[]> = { rotate: [0], translate: [0, 0], scale: [1, 1], skewX: [0], skewY: [0] };

/** `none` interpolated with a list is that list's identity (CSS Transforms: "none" and a list). */
const identityOf = (fns: TransformFunction[]) => fns.map((f) => ({ name: f.name, args: IDENTITY[f.name] }));

/** The value between two keyframes' at `x`, or null when they cannot be interpolated function by function. */
export function interpolateValue(a: AnimatedValue, b: AnimatedValue, x: number): AnimatedValue | null {
  const mix = (p: number, q: number) => p + (q - p) * x;
  if (a.kind === 'number' || b.kind === 'number') {
    return a.kind === 'number' && b.kind === 'number' ? { kind: 'number', value: mix(a.value, b.value) } : null;
  }
  const [from, to] = [a.fns.length ? a.fns : identityOf(b.fns), b.fns.length ? b.fns : identityOf(a.fns)];
  if (from.length !== to.length || from.some((f, i) => f.name !== to[i]!.name)) return null;
  return { kind: 'transform', fns: from.map((f, i) => ({ name: f.name, args: f.args.map((p, j) => mix(p, to[i]!.args[j]!)) })) };
}

const fixed = (n: number) => String(Math.round(n * 1e6) / 1e6);

/** The value as SVG writes it: a `transform` attribute's list, or a number. */
export function svgValue(v: AnimatedValue): string {
  if (v.kind === 'number') return fixed(v.value);
  return v.fns.map((f) => `${f.name}(${f.args.map(fixed).join(' ')})`).join(' ');
}
