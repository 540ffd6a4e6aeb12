import type { AnimationTable } from '@rp/workflow-safe/lists';
import type { Easing } from './design-types';
import { num } from './css-values';

/** An entry of the measured animation table (@rp/workflow-safe native-animation-table.ts): its kind and key. */
export type TableKey = readonly ['properties' | 'timing' | 'features', string];
export type FillMode = 'none' | 'forwards' | 'backwards' | 'both';
type Decls = Array<[property: string, value: string]>;

/** What one animation is made of: a two-keyframe rule and how it runs. */
export interface AnimationParts {
  /** The field of the layer it comes from (`enter`, `keyframes.x[1]`), relative to the layer. */
  field: string;
  name: string;
  from: Decls;
  to: Decls;
  durationMs: number;
  delayMs: number;
  easing: Easing | undefined;
  fill: FillMode;
}

/** One animation as the compiler writes it, with the entries of the measured table it relies on. */
export interface PlannedAnimation {
  field: string;
  /** The `@keyframes` rule. */
  keyframes: string;
  /** The item of the element's `animation` list. */
  item: string;
  keys: TableKey[];
}

/** The timing function as CSS writes it. */
export const easingCss = (e: Easing | undefined): string =>
  Array.isArray(e) ? `cubic-bezier(${e.map(num).join(',')})` : (e ?? 'ease');

/** The timing function's key in the table: a keyword is its own key, four numbers are `cubic-bezier`. */
const easingKey = (e: Easing | undefined): string => (Array.isArray(e) ? 'cubic-bezier' : (e ?? 'ease'));

const ms = (n: number): string => `${num(n)}ms`;
const body = (d: Decls): string => d.map(([k, v]) => `${k}:${v}`).join(';');

/** A keyframes name from a layer id and a role: an identifier whatever the id holds (drafts are unchecked). */
export const keyframesName = (layerId: string, role: string): string => `k-${layerId.replace(/[^A-Za-z0-9_-]/g, '_')}-${role}`;

/**
 * The keyframes rule, the `animation` item and the table keys of one animation: every animated property by its
 * name (the compiler animates CSS properties the table names as they are: opacity, translate, left...), the timing
 * function, a delay and the fill mode, as the video gate (@rp/engine-gate animation-gate.ts) keys the same CSS.
 */
export function planAnimation(p: AnimationParts): PlannedAnimation {
  const properties = [...new Set([...p.from, ...p.to].map(([k]) => k))];
  const keys: TableKey[] = [
    ...properties.map((k): TableKey => ['properties', k]),
    ['timing', easingKey(p.easing)],
    ...(p.delayMs > 0 ? [['features', 'delay'] as const] : []),
    ['features', `fill-mode:${p.fill}`],
  ];
  const delay = p.delayMs > 0 ? ` ${ms(p.delayMs)}` : '';
  // `none` is left out: written after the name it would still be the fill mode, but nothing needs it said
  const fill = p.fill === 'none' ? '' : ` ${p.fill}`;
  return {
    field: p.field,
    keyframes: `@keyframes ${p.name}{from{${body(p.from)}}to{${body(p.to)}}}`,
    item: `${p.name} ${ms(p.durationMs)} ${easingCss(p.easing)}${delay}${fill}`,
    keys,
  };
}

/** The first key of an animation the table has not measured as drawn alike by both engines, or null. */
export function unsupportedKey(keys: readonly TableKey[], table: AnimationTable): TableKey | null {
  return keys.find(([kind, key]) => !table[kind][key]?.passed) ?? null;
}

/** Several animations on one element use the table's `multiple` entry: the second and later carry it. */
export function withMultiple(animations: PlannedAnimation[]): PlannedAnimation[] {
  return animations.map((a, i) => (i === 0 ? a : { ...a, keys: [...a.keys, ['features', 'multiple'] as const] }));
}
