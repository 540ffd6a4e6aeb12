import type { AtRule, Declaration, Root } from 'postcss';
import { NATIVE_ANIMATION_TABLE, type AnimationTable } from '@rp/workflow-safe';
import { cssTimeMs, splitTopLevel } from './css-values';

// The animation half of the static gate for video templates (docs/engines.md, "Video templates"): every animated
// property, timing function and way of running an animation must be an entry the measured table
// (packages/workflow-safe native-animation-table.ts, `npm run animations:table`) passed; the first one that is not
// is the reason, `unsupported_animation:<key>`.

/** The `animation-*` longhands the table covers; another one (`animation-timeline` ...) is refused by name. */
const ANIMATION_LONGHANDS = new Set([
  'animation-name', 'animation-duration', 'animation-timing-function', 'animation-delay', 'animation-iteration-count',
  'animation-direction', 'animation-fill-mode', 'animation-play-state',
]);
const TRANSITION_PROPERTIES = new Set(['transition', 'transition-property', 'transition-duration', 'transition-timing-function', 'transition-delay', 'transition-behavior']);
const KEYFRAMES = new Set(['keyframes']);
const DIRECTIONS = new Set(['reverse', 'alternate', 'alternate-reverse']);
const FILL_MODES = new Set(['none', 'forwards', 'backwards', 'both']);
const KEYWORD_TIMING = new Set(['linear', 'ease', 'ease-in', 'ease-out', 'ease-in-out', 'step-start', 'step-end']);
/** Transform functions by the family the table measured; others (`matrix`, `rotateX`, `perspective`) by their name. */
const TRANSFORM_FAMILIES: Record<string, string> = {
  translate: 'translate', translatex: 'translate', translatey: 'translate', translatez: 'translate', translate3d: 'translate',
  scale: 'scale', scalex: 'scale', scaley: 'scale', scalez: 'scale', scale3d: 'scale',
  rotate: 'rotate', rotatez: 'rotate', rotatex: 'rotate3d', rotatey: 'rotate3d', skew: 'skew', skewx: 'skew', skewy: 'skew',
};

/** Whether a declaration belongs to the animation gate (a video template's CSS gate leaves these to it). */
export const isAnimationProperty = (prop: string) => {
  const p = prop.toLowerCase();
  return p === 'animation' || ANIMATION_LONGHANDS.has(p) || p.startsWith('animation-') || TRANSITION_PROPERTIES.has(p);
};

/** Whether a node sits inside an `@keyframes` rule. */
export const inKeyframes = (decl: Declaration) => {
  for (let p = decl.parent; p; p = p.parent as typeof p) if (p.type === 'atrule' && KEYFRAMES.has((p as AtRule).name.toLowerCase())) return true;
  return false;
};


/** The table key of a timing function (`steps(4, jump-start)` -> `steps-jump-start`), or null if it is none. */
export function timingKey(token: string): string | null {
  const t = token.toLowerCase();
  if (KEYWORD_TIMING.has(t)) return t;
  if (t.startsWith('cubic-bezier(')) return 'cubic-bezier';
  if (t.startsWith('linear(')) return 'linear-stops';
  const steps = /^steps\(\s*\d+\s*(?:,\s*([a-z-]+)\s*)?\)$/.exec(t);
  if (steps) return steps[1] ? `steps-${steps[1]}` : 'steps';
  return null;
}

/** Keywords of an `animation` shorthand that are none of the sets above: what is left names the keyframes. */
const OTHER_KEYWORDS = new Set(['none', 'normal', 'running', 'paused', 'infinite', 'initial', 'inherit', 'unset']);

/**
 * Whether a token of an `animation` shorthand is anything but its keyframes' name: a time, an iteration count, a
 * timing function, a direction, a fill mode, a play state, `infinite`, `none` or a CSS-wide keyword.
 */
export function notAnimationName(token: string): boolean {
  const t = token.toLowerCase();
  return cssTimeMs(t) != null || /^\d*\.?\d+$/.test(t) || timingKey(t) != null || DIRECTIONS.has(t) || FILL_MODES.has(t) || OTHER_KEYWORDS.has(t);
}

/** The table keys an `animation` shorthand uses: timing, delay, iterations, direction, fill mode, play state. */
function shorthandKeys(value: string): Array<['timing' | 'features', string]> {
  const animations = splitTopLevel(value, ',');
  const keys: Array<['timing' | 'features', string]> = animations.length > 1 ? [['features', 'multiple']] : [];
  for (const one of animations) {
    let times = 0;
    let fill = 'none';
    for (const token of splitTopLevel(one.toLowerCase(), ' ')) {
      const timing = timingKey(token);
      if (cssTimeMs(token) != null) {
        // the first time is the duration, the second the delay
        if (times++ === 1) keys.push(...delayKeys(token));
      } else if (timing) keys.push(['timing', timing]);
      else if (token === 'infinite') keys.push(['features', 'infinite']);
      else if (/^[\d.]+$/.test(token) && Number(token) !== 1) keys.push(['features', 'iteration-count']);
      else if (DIRECTIONS.has(token)) keys.push(['features', `direction:${token}`]);
      else if (FILL_MODES.has(token)) fill = token;
      else if (token === 'paused') keys.push(['features', 'play-state:paused']);
    }
    if (one.trim().toLowerCase() !== 'none') keys.push(['features', `fill-mode:${fill}`]);
  }
  return keys;
}

function delayKeys(token: string): Array<['features', string]> {
  const ms = cssTimeMs(token) ?? 0;
  if (ms < 0) return [['features', 'negative-delay']];
  return ms > 0 ? [['features', 'delay']] : [];
}

/** The table keys a longhand uses. */
function longhandKeys(prop: string, value: string): Array<['timing' | 'features', string]> {
  const items = splitTopLevel(value.toLowerCase(), ',');
  const keys: Array<['timing' | 'features', string]> = [['features', 'longhands']];
  if (items.length > 1) keys.push(['features', 'multiple']);
  for (const v of items) {
    if (prop === 'animation-timing-function') keys.push(['timing', timingKey(v) ?? v]);
    if (prop === 'animation-delay') keys.push(...delayKeys(v));
    if (prop === 'animation-iteration-count' && v !== '1') keys.push(['features', v === 'infinite' ? 'infinite' : 'iteration-count']);
    if (prop === 'animation-direction' && v !== 'normal') keys.push(['features', `direction:${v}`]);
    if (prop === 'animation-fill-mode') keys.push(['features', `fill-mode:${v}`]);
    if (prop === 'animation-play-state' && v === 'paused') keys.push(['features', 'play-state:paused']);
  }
  return keys;
}

/** `transform` values by family of function: `translateX(…) scale(…)` -> `transform:translate`, `transform:scale`. */
function transformKeys(value: string): string[] {
  return [...value.toLowerCase().matchAll(/([a-z0-9]+)\s*\(([^)]*)\)/g)].map((m) => {
    const family = TRANSFORM_FAMILIES[m[1]!] ?? m[1]!;
    // a translation by a percentage of the element's own size is measured apart (takumi draws it elsewhere)
    return `transform:${family === 'translate' && m[2]!.includes('%') ? 'translate-percent' : family}`;
  });
}

/** The table keys one declaration inside `@keyframes` uses: the animated property, or a timing function. */
function keyframeKeys(decl: Declaration): Array<['properties' | 'timing' | 'features', string]> {
  const prop = decl.prop.toLowerCase();
  if (prop === 'animation-timing-function') return [['features', 'keyframe-timing'], ['timing', timingKey(decl.value) ?? decl.value]];
  if (prop === 'transform') return transformKeys(decl.value).map((k) => ['properties', k]);
  return [['properties', prop]];
}

/** Keys a declaration outside `@keyframes` uses (none for a property that does not animate). */
function declarationKeys(decl: Declaration): Array<['properties' | 'timing' | 'features', string]> {
  const prop = decl.prop.toLowerCase();
  if (prop === 'animation') return shorthandKeys(decl.value);
  if (ANIMATION_LONGHANDS.has(prop)) return longhandKeys(prop, decl.value);
  if (TRANSITION_PROPERTIES.has(prop)) return [['features', 'transition']];
  if (prop.startsWith('animation-')) return [['features', prop]];
  return [];
}

const START = new Set(['from', '0%']);
const END = new Set(['to', '100%']);

/** Keyframe selectors other than the two ends (`40%`), and an `@keyframes` without one of its ends. */
function keyframesKeys(rule: AtRule): Array<['features', string]> {
  const selectors = (rule.nodes ?? []).flatMap((n) => (n.type === 'rule' ? splitTopLevel(n.selector.toLowerCase(), ',') : []));
  const keys: Array<['features', string]> = [];
  if (selectors.some((s) => !START.has(s) && !END.has(s))) keys.push(['features', 'keyframe-offsets']);
  if (!selectors.some((s) => START.has(s)) || !selectors.some((s) => END.has(s))) keys.push(['features', 'implicit-ends']);
  return keys;
}

/**
 * The first animation entry of a video template's stylesheets the measured table did not pass, as
 * `unsupported_animation:<key>`, or null when its motion is all the native engine's.
 */
export function animationReason(roots: Root[], table: AnimationTable = NATIVE_ANIMATION_TABLE): string | null {
  let reason: string | null = null;
  const check = (keys: Array<['properties' | 'timing' | 'features', string]>) => {
    for (const [kind, key] of keys) {
      if (!table[kind][key]?.passed) return `unsupported_animation:${key}`;
    }
    return null;
  };
  for (const root of roots) {
    root.walk((node) => {
      if (node.type === 'atrule' && KEYFRAMES.has(node.name.toLowerCase())) reason = check(keyframesKeys(node));
      if (node.type === 'decl') reason = check(inKeyframes(node) ? keyframeKeys(node) : declarationKeys(node));
      return reason ? false : undefined;
    });
    if (reason) return reason;
  }
  return null;
}
