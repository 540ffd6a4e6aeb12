import type { AtRule, Declaration, Root, Rule } from 'postcss';
import { NATIVE_ANIMATION_TABLE, type AnimationTable } from '@rp/workflow-safe';
import { cssTimeMs, keyframeOffset, splitTopLevel } from './css-values';
import { isKeyframesRule } from './is-keyframes-rule';
import { parseAnimations } from './parse-animations';
import { timingKey } from './timing-key';

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

/** Whether a node sits inside a keyframes rule (`@keyframes`, `@-webkit-keyframes`). */
export const inKeyframes = (node: Declaration | AtRule | Rule) => {
  for (let p = node.parent; p; p = p.parent as typeof p) if (isKeyframesRule(p)) return true;
  return false;
};

/** The table keys an `animation` shorthand uses: timing, delay, iterations, direction, fill mode, play state. */
function shorthandKeys(value: string): Array<['timing' | 'features', string]> {
  const animations = parseAnimations(value);
  const keys: Array<['timing' | 'features', string]> = animations.length > 1 ? [['features', 'multiple']] : [];
  // an item without keyframes runs nothing in Chromium either
  for (const a of animations.filter((one) => one.name !== null)) {
    keys.push(['timing', timingKey(a.timing) ?? a.timing], ...delayKeys(a.delayMs));
    if (a.iterations === Infinity) keys.push(['features', 'infinite']);
    else if (a.iterations !== 1) keys.push(['features', 'iteration-count']);
    if (a.direction !== 'normal') keys.push(['features', `direction:${a.direction}`]);
    if (a.playState === 'paused') keys.push(['features', 'play-state:paused']);
    keys.push(['features', `fill-mode:${a.fillMode}`]);
  }
  return keys;
}

function delayKeys(ms: number): Array<['features', string]> {
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
    if (prop === 'animation-delay') keys.push(...delayKeys(cssTimeMs(v) ?? 0));
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

/**
 * Keyframe selectors other than the two ends (`40%`), an `@keyframes` without one of its ends, and a property some
 * keyframe inside the two ends leaves out (`sparse-keyframes`). CSS interpolates each property between the keyframes
 * that give it; takumi interpolates between neighbouring keyframes whatever they give, a left-out property at the
 * element's own value, so a turn given at 0 % and 100 % beside a shadow given at 30 % turns only near the ends.
 */
function keyframesKeys(rule: AtRule): Array<['features', string]> {
  const frames = (rule.nodes ?? []).filter((n): n is Rule => n.type === 'rule');
  const selectors = frames.flatMap((n) => splitTopLevel(n.selector.toLowerCase(), ','));
  const keys: Array<['features', string]> = [];
  if (selectors.some((s) => !START.has(s) && !END.has(s))) keys.push(['features', 'keyframe-offsets']);
  if (!selectors.some((s) => START.has(s)) || !selectors.some((s) => END.has(s))) keys.push(['features', 'implicit-ends']);
  const declared = new Map<number | string, Set<string>>();
  for (const f of frames) {
    const props = f.nodes.flatMap((d) => (d.type === 'decl' && d.prop.toLowerCase() !== 'animation-timing-function' ? [d.prop.toLowerCase()] : []));
    for (const s of f.selectors) {
      const at = keyframeOffset(s) ?? s;
      declared.set(at, new Set([...(declared.get(at) ?? []), ...props]));
    }
  }
  const all = new Set([...declared.values()].flatMap((props) => [...props]));
  if ([...declared].some(([at, props]) => at !== 0 && at !== 1 && [...all].some((p) => !props.has(p)))) keys.push(['features', 'sparse-keyframes']);
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
      if (isKeyframesRule(node)) reason = check(keyframesKeys(node as AtRule));
      if (node.type === 'decl') reason = check(inKeyframes(node) ? keyframeKeys(node) : declarationKeys(node));
      return reason ? false : undefined;
    });
    if (reason) return reason;
  }
  return null;
}
